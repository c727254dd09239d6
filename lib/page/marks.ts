import { uiDir } from '../i18n';
import { BADGE_CSS, BADGE_INSET } from './badge-style';
import { drawMarkLayer, type MarkLabel } from './mark-layer';
import { follow, isRtl, placeOn, viewportSize, type Rect } from './place';
import { createShadowHost, trusted } from './shadow-host';
import { attachAfter, focusImage } from './tab-spot';

export type { MarkLabel } from './mark-layer';

/** What the worker sends to mark a finished check on the page. */
export interface MarksPayload {
  imageUrl: string;
  caption: string;
  claims: {
    text: string;
    start: number;
    end: number;
    label: MarkLabel;
    /** For an unsure claim, the model's leaning (its label), said beside "Unsure". */
    leaning?: 'true' | 'false';
    errorTypes: string[];
    reasoning: string;
  }[];
  /** The summary line ("1 of 2 claims not supported — Object"), its sign (✓ ✗ ~ … !) and tone (lib/check/account.ts: green only if ok). */
  summary: string;
  sign: string;
  tone: 'ok' | 'bad' | 'unsettled' | 'running' | 'failed';
  /** A failed check's cause: the badge's tooltip and the panel's first line. */
  detail?: string;
  /** Words for the verdicts and controls, translated by the worker. */
  words: Record<MarkLabel, string> & { close: string; title: string };
}

/** Where a caption offset lands: the index of a text node in the list, and the offset inside it. */
export type TextPoint = [node: number, offset: number];

/**
 * Joins text-node contents the way the caption was cleaned when it was read (whitespace runs → one space,
 * trimmed), remembering where each character came from. `dropSpaces` leaves spaces out entirely, for
 * captions read with different spacing (a selection across blocks).
 */
export function indexText(texts: readonly string[], dropSpaces = false): { text: string; points: TextPoint[] } {
  let text = '';
  const points: TextPoint[] = [];
  let lastSpace = true;
  texts.forEach((chunk, node) => {
    for (let i = 0; i < chunk.length; i++) {
      const isSpace = /\s/.test(chunk[i]!);
      if (isSpace && (lastSpace || dropSpaces)) continue;
      text += isSpace ? ' ' : chunk[i];
      points.push([node, i]);
      lastSpace = isSpace;
    }
  });
  return { text, points };
}

/**
 * Finds each span of `caption` inside the text nodes: returns [start point, end point (exclusive)] per span,
 * or null where the caption (or that span) cannot be located.
 */
export function locateSpans(texts: readonly string[], caption: string, spans: readonly { start: number; end: number }[]): ([TextPoint, TextPoint] | null)[] {
  for (const dropSpaces of [false, true]) {
    const { text, points } = indexText(texts, dropSpaces);
    const wanted = dropSpaces ? caption.replace(/\s+/g, '') : caption.replace(/\s+/g, ' ').trim();
    let at = text.indexOf(wanted);
    if (at < 0) at = text.toLowerCase().indexOf(wanted.toLowerCase());
    if (at < 0 || !wanted) continue;
    // Caption offsets count the caption's own spaces; without them, shift by the spaces before each offset.
    const toIndex = (offset: number) => at + (dropSpaces ? caption.slice(0, offset).replace(/\s+/g, '').length : offset);
    return spans.map(({ start, end }) => {
      if (start < 0 || end <= start || end > caption.length) return null;
      const from = points[toIndex(start)];
      const last = points[toIndex(end) - 1];
      return from && last ? [from, [last[0], last[1] + 1]] : null;
    });
  }
  return spans.map(() => null);
}

interface MarkState {
  teardown: () => void;
  focus: (claim: number | null) => void;
  image: HTMLImageElement | null;
  /** Whether focus is inside the badge (a result replacing the "checking" badge then takes it). */
  focused: () => boolean;
}
let current: MarkState | null = null;

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA']);

function textNodesUnder(root: Node): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement && SKIP.has(node.parentElement.tagName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

function imgShowing(imageUrl: string): HTMLImageElement | null {
  const images = Array.from(document.images);
  return images.find((img) => img.currentSrc === imageUrl) ?? images.find((img) => img.src === imageUrl) ?? null;
}

/** Ranges for the claims: near the image first (its figure, its ancestors), then the whole page. */
function claimRanges(payload: MarksPayload, image: HTMLImageElement | null): (Range | null)[] {
  const roots: Node[] = [];
  const figure = image?.closest('figure');
  if (figure) roots.push(figure);
  const selection = window.getSelection();
  if (selection && selection.rangeCount > 0) roots.push(selection.getRangeAt(0).commonAncestorContainer);
  for (let el = image?.parentElement, depth = 0; el && depth < 4; el = el.parentElement, depth++) roots.push(el);
  roots.push(document.body);
  for (const root of roots) {
    const nodes = textNodesUnder(root);
    const located = locateSpans(
      nodes.map((n) => n.data),
      payload.caption,
      payload.claims,
    );
    if (located.every((l) => l === null)) continue;
    return located.map((points) => {
      if (!points) return null;
      const range = document.createRange();
      range.setStart(nodes[points[0][0]]!, points[0][1]);
      range.setEnd(nodes[points[1][0]]!, points[1][1]);
      return range;
    });
  }
  return payload.claims.map(() => null);
}


const ICON: Record<MarkLabel, string> = { true: '✓', false: '✗', unsure: '⚠', unknown: '~', error: '?' };

/** "✗ Not supported (Object) — " (then the claim); an unsure claim keeps the model's leaning: "⚠ Unsure — look yourself (Not supported…) — ". */
function verdictPrefix(claim: MarksPayload['claims'][number], words: MarksPayload['words']): string {
  const types = claim.errorTypes.length ? ` (${claim.errorTypes.join(', ')})` : '';
  const leaning = claim.label === 'unsure' && claim.leaning ? ` (${words[claim.leaning]}${types})` : types;
  return `${ICON[claim.label]} ${words[claim.label]}${leaning} — `;
}
export const verdictLine = (claim: MarksPayload['claims'][number], words: MarksPayload['words']): string => verdictPrefix(claim, words) + claim.text;

/** Removes the marks and the badge, if any. */
export function clearMarks(): void {
  current?.teardown();
  current = null;
}

/**
 * Makes one claim's marks stand out (null: none), as the side panel's claim under the pointer; with
 * `scroll`, brings the checked image into view. False when no marks are shown (Esc removed them, or the
 * page changed since), so the worker can draw them again.
 */
export function focusMark(claim: number | null, scroll: boolean): boolean {
  if (!current) return false;
  current.focus(claim);
  if (scroll && current.image?.isConnected) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    current.image.scrollIntoView({ block: 'center', inline: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }
  return true;
}

/**
 * Marks the caption's claims in a layer of our own over the page (mark-layer.ts: the page's DOM is not
 * changed, and its scripts cannot read the verdicts) and puts a small badge by the image, both in closed
 * shadow roots. Esc, the badge's close button, or leaving the page removes them. Returns how many claims
 * were located in the page text.
 */
export function showMarks(payload: MarksPayload): { located: number; badge: boolean } {
  const hadFocus = current?.focused() ?? false;
  clearMarks();
  const image = imgShowing(payload.imageUrl);
  const ranges = claimRanges(payload, image);

  const { host, root: shadow } = createShadowHost('badge');
  const style = document.createElement('style');
  style.textContent = BADGE_CSS;
  const wrap = document.createElement('div');
  wrap.className = 'wrap';
  wrap.dir = uiDir();
  const button = document.createElement('button');
  Object.assign(button, { type: 'button', className: payload.tone });
  button.append(payload.sign, Object.assign(document.createElement('span'), { className: 'words', textContent: ` ${payload.summary}` }));
  button.setAttribute('aria-label', `${payload.words.title}: ${payload.summary}`);
  button.setAttribute('aria-expanded', 'false');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.textContent = '×';
  close.setAttribute('aria-label', payload.words.close);
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.hidden = true;
  panel.id = 'panel';
  button.setAttribute('aria-controls', 'panel');
  const list = document.createElement('ul');
  list.append(Object.assign(document.createElement('li'), { className: 'summary', textContent: payload.summary })); // Shown where the badge is its sign alone.
  if (payload.detail) list.append(Object.assign(document.createElement('li'), { className: 'detail', textContent: payload.detail }));
  if (payload.detail) button.title = payload.detail;
  for (const claim of payload.claims) {
    const item = document.createElement('li');
    // The claim keeps its own direction (an English claim in an Arabic list reads left to right).
    item.append(verdictPrefix(claim, payload.words), Object.assign(document.createElement('bdi'), { textContent: claim.text }));
    list.append(item);
  }
  panel.append(list);
  const tip = document.createElement('div');
  tip.className = 'tip';
  tip.hidden = true;
  tip.setAttribute('role', 'tooltip');
  wrap.append(button, close, panel, tip);
  shadow.append(style, wrap);
  // Right after its image, so Tab reaches it from there (or at <html> where it must stay).
  attachAfter(host, image, wrap);

  const open = (show: boolean) => {
    panel.hidden = !show || (!wrap.classList.contains('compact') && !payload.claims.length && !payload.detail); // Nothing to list.
    button.setAttribute('aria-expanded', String(!panel.hidden));
  };
  const controller = new AbortController();
  const { signal } = controller;
  const layer = drawMarkLayer(
    ranges,
    payload.claims.map((claim) => claim.label),
    signal,
  );
  button.addEventListener('mouseenter', () => open(true), { signal });
  button.addEventListener('focus', () => open(true), { signal });
  // Only the user's own clicks and keys act on the badge (a page can forge events, not isTrusted).
  button.addEventListener('click', trusted(() => open(panel.hidden)), { signal });
  wrap.addEventListener('mouseleave', () => shadow.activeElement !== button && open(false), { signal });
  button.addEventListener('blur', () => open(false), { signal });
  close.addEventListener('click', trusted(() => clearMarks()), { signal });
  // Esc on the badge removes it like Esc anywhere, and gives focus back to its image instead of dropping it.
  wrap.addEventListener(
    'keydown',
    trusted((event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (image) focusImage(image);
      clearMarks();
    }),
    { signal },
  );
  // On its image, following it through scrolled boxes and reflows (placed from inside the shadow root).
  const anchor = image ?? document.documentElement;
  const rtl = isRtl(anchor);
  // On a picture narrower than the summary, the badge shows its sign alone (the words are in its name and its
  // panel): its words would otherwise run over the page's text beside the picture.
  const fullWidth = wrap.offsetWidth;
  const place = (rect: DOMRect | Rect, size: { width: number; height: number }) => {
    wrap.classList.toggle('compact', image !== null && rect.width - 2 * BADGE_INSET < fullWidth);
    return placeOn(rect, size, { rtl, inset: BADGE_INSET, viewport: viewportSize() });
  };
  follow(wrap, anchor, place, signal);
  document.addEventListener('keydown', trusted((event: KeyboardEvent) => event.key === 'Escape' && clearMarks()), { signal });
  for (const type of ['pagehide', 'popstate', 'hashchange'] as const) window.addEventListener(type, () => clearMarks(), { signal });
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', () => clearMarks(), { signal });

  // Hovering a marked claim shows its verdict: the marks take no events, so hit-test the claims' rectangles.
  let frame = 0;
  document.addEventListener(
    'mousemove',
    (event) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const hit = ranges.findIndex((range) =>
          Array.from(range?.getClientRects() ?? []).some((r) => event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom),
        );
        tip.hidden = hit < 0;
        if (hit < 0) return;
        tip.textContent = verdictLine(payload.claims[hit]!, payload.words);
        // Fixed to the viewport, kept inside it.
        tip.style.left = `${Math.max(4, Math.min(event.clientX + 12, window.innerWidth - tip.offsetWidth - 8))}px`;
        tip.style.top = `${Math.min(event.clientY + 14, window.innerHeight - tip.offsetHeight - 8)}px`;
      });
    },
    { signal, passive: true },
  );

  // Where the caption dialog left focus on this image (the user confirmed there), focus goes on to its result.
  const holder = image?.closest('a[href], button') ?? image;
  if (hadFocus || (holder && document.activeElement === holder)) button.focus({ preventScroll: true });

  current = {
    focus: layer.focus,
    image,
    focused: () => shadow.activeElement !== null,
    teardown: () => {
      controller.abort();
      cancelAnimationFrame(frame);
      host.remove();
    },
  };
  return { located: ranges.filter(Boolean).length, badge: true };
}
