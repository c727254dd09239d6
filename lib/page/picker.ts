// The image picker: for images the context menu cannot reach (CSS backgrounds, images under a
// transparent overlay, <canvas>, video posters, pages that block right-click). The highlight is
// drawn in our own closed-shadow overlay; no page element's style is touched.
import { t, uiDir } from '../i18n';
import { shownImage, type ImageKind } from './image-source';
import { readSlot, writeSlot } from './isolated-slot';
import { createShadowHost, trusted } from './shadow-host';

/** What the user picked: the element's image URL ('' for a <canvas>), or nothing. */
export type PickResult = { srcUrl: string; pageUrl: string; kind: ImageKind } | { cancelled: true };

/** Slot (isolated world) where the picked element waits for the image finder. */
export const PICKED_SLOT = 'picked';

const STYLE = `
:host { all: initial !important; position: fixed !important; inset: 0 !important; z-index: 2147483647 !important;
  pointer-events: none !important; display: block !important; }
.box { position: fixed; box-sizing: border-box; border: 3px solid #0b57d0; background: rgba(11,87,208,.12);
  border-radius: 2px; display: none; }
.tip { position: fixed; top: 8px; left: 50%; transform: translateX(-50%); padding: 6px 12px; border-radius: 6px;
  background: #1f1f1f; color: #fff; font: 13px/1.4 system-ui, sans-serif; box-shadow: 0 2px 8px rgba(0,0,0,.3); }
`;

const MIN_EDGE = 16;
const MAX_ALT = 80;

/** The page's images a keyboard user can move between, in document order: shown, and not tiny. */
export function pickableImages(skip: Element): Element[] {
  return Array.from(document.body?.querySelectorAll('*') ?? []).filter((element) => {
    if (element === skip || !shownImage(element)) return false;
    const rect = element.getBoundingClientRect();
    return rect.width >= MIN_EDGE && rect.height >= MIN_EDGE && element.checkVisibility({ visibilityProperty: true });
  });
}

/** The index of the image whose middle is nearest the viewport's middle (the one the user is looking at). */
function nearestCentre(images: readonly Element[]): number {
  const x = innerWidth / 2;
  const y = innerHeight / 2;
  let best = 0;
  let bestDistance = Infinity;
  images.forEach((image, i) => {
    const r = image.getBoundingClientRect();
    const distance = Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  });
  return best;
}

/** What the hint says about the image the keys moved to (its alt text, capped: it is the page's text). */
function keyHint(element: Element, at: number, count: number): string {
  const alt = (element.getAttribute('alt') ?? element.getAttribute('aria-label') ?? '').replace(/\s+/g, ' ').trim();
  if (!alt) return t('pickerAt', at + 1, count);
  return t('pickerAtNamed', at + 1, count, alt.length > MAX_ALT ? `${alt.slice(0, MAX_ALT - 1)}…` : alt);
}
let stopOpen: (() => void) | null = null;

/** The image-like element under a point, looking through transparent overlays (all elements stacked there). */
export function imageElementAt(x: number, y: number, skip: Element): Element | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (element === skip || element === document.documentElement || element === document.body) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < MIN_EDGE || rect.height < MIN_EDGE) continue;
    if (shownImage(element)) return element;
  }
  return null;
}

/**
 * Lets the user point at an image on the page and click it, or move between images with Tab or the arrow
 * keys (starting at the image nearest the middle of the view) and press Enter. Esc leaves. The picked element is
 * stored in the PICKED_SLOT for the image finder. Starting a second picker ends the first. Only the
 * user's own pointer and keys count: a page's forged click on an image of its choosing is ignored.
 */
export function pickImage(): Promise<PickResult> {
  stopOpen?.();
  return new Promise<PickResult>((resolve) => {
    const { host, root } = createShadowHost('picker');
    const style = document.createElement('style');
    style.textContent = STYLE;
    const box = document.createElement('div');
    box.className = 'box';
    const tip = document.createElement('div');
    tip.className = 'tip';
    tip.setAttribute('role', 'status');
    tip.textContent = t('pickerHint');
    tip.dir = uiDir();
    root.append(style, box, tip);
    document.documentElement.append(host);

    let current: Element | null = null;
    const highlight = (element: Element | null) => {
      current = element;
      if (!element) return void (box.style.display = 'none');
      const rect = element.getBoundingClientRect();
      Object.assign(box.style, { display: 'block', left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    };
    const onMove = trusted((event: PointerEvent | MouseEvent) => highlight(imageElementAt(event.clientX, event.clientY, host)));
    // The page must not act on the click that picks (links, lightboxes, drag handlers).
    const swallow = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const onClick = (event: MouseEvent) => {
      swallow(event);
      if (!event.isTrusted) return;
      pick(imageElementAt(event.clientX, event.clientY, host) ?? current);
    };
    const pick = (element: Element | null) => {
      const image = element && shownImage(element);
      if (!element || !image) return;
      writeSlot(PICKED_SLOT, element);
      finish({ srcUrl: image.url, kind: image.kind, pageUrl: location.href });
    };
    // By keyboard: Tab and the arrows move between the page's images (listed on the first key), Enter picks.
    let images: Element[] | null = null;
    const step = (by: 1 | -1) => {
      images ??= pickableImages(host);
      if (images.length === 0) return void (tip.textContent = t('pickerNone'));
      const at = current ? images.indexOf(current) : -1;
      // The first key starts where the user is looking, not at the top of the page.
      const next = at < 0 ? nearestCentre(images) : (at + by + images.length) % images.length;
      const element = images[next]!;
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      highlight(element);
      tip.textContent = keyHint(element, next, images.length);
    };
    const MOVES: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const onKey = trusted((event: KeyboardEvent) => {
      const move = event.key === 'Tab' ? (event.shiftKey ? -1 : 1) : MOVES[event.key];
      if (event.key !== 'Escape' && event.key !== 'Enter' && !move) return;
      swallow(event);
      if (event.key === 'Escape') finish({ cancelled: true });
      else if (event.key === 'Enter') pick(current);
      else step(move!);
    });
    const onScroll = () => highlight(current);
    const blocked = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'auxclick', 'contextmenu'] as const;
    const finish = (result: PickResult) => {
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('scroll', onScroll, true);
      for (const type of blocked) window.removeEventListener(type, swallow, true);
      host.remove();
      if (stopOpen === cancel) stopOpen = null;
      resolve(result);
    };
    const cancel = () => finish({ cancelled: true });
    stopOpen = cancel;
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('click', onClick, true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('scroll', onScroll, true);
    for (const type of blocked) window.addEventListener(type, swallow, true);
  });
}

/** The element the picker last chose, if it still shows the image at `srcUrl`. */
export function pickedElementFor(srcUrl: string): Element | null {
  const picked = readSlot(PICKED_SLOT);
  if (!(picked instanceof Element) || !picked.isConnected) return null;
  return shownImage(picked)?.url === srcUrl ? picked : null;
}
