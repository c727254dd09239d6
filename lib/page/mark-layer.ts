// Draws the claim marks (a tint and an underline per verdict over each claim's text) in our own closed
// shadow root, laid over the page. Not the CSS Custom Highlight API: CSS.highlights is the document's
// registry, which the page's scripts share; they can list every highlight, read its ranges and read its
// style with getComputedStyle(element, '::highlight(name)'), so a wavy red underline there tells the
// page which claims the model found false, whatever the highlight is called. Our boxes are out of its reach.
import { createShadowHost, type HostRole } from './shadow-host';

// Never colour alone: the underline's shape says the verdict too (solid ✓, double ✗, dashed unsure, dotted can't tell or no verdict).
const STYLE = `
:host { all: initial !important; position: absolute !important; top: 0 !important; left: 0 !important; width: 0 !important;
  height: 0 !important; overflow: visible !important; pointer-events: none !important; z-index: 2147483646 !important; display: block !important; }
.mark { position: absolute; box-sizing: border-box; border-radius: 2px; }
.true { background: rgba(30, 125, 50, 0.18); border-bottom: 2px solid rgba(30, 125, 50, 0.9); }
.false { background: rgba(179, 38, 30, 0.2); border-bottom: 4px double #b3261e; }
.unsure { background: rgba(176, 96, 0, 0.14); border-bottom: 2px dashed #b06000; }
.error { border-bottom: 2px dotted #5f6368; }
.unknown { background: rgba(95, 99, 104, 0.12); border-bottom: 2px dotted #5f6368; }
.focus { outline: 3px solid #1a73e8; outline-offset: 1px; }
`;

/** A claim's mark: its verdict, "unsure" (below its calibration threshold: not asserted either way), "unknown" (can't tell from the image), or none. */
export type MarkLabel = 'true' | 'false' | 'unsure' | 'unknown' | 'error';

/** The drawn layer: its host, and the claim whose marks stand out (the one hovered in the side panel). */
export interface MarkLayer {
  host: HTMLElement;
  focus(claim: number | null): void;
}

/** The boxes of a range's text only: Range.getClientRects() adds the border box of every element wholly inside it (tinted twice). */
function textRects(range: Range): DOMRect[] {
  const rects: DOMRect[] = [];
  const root = range.commonAncestorContainer;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Node[] = root.nodeType === Node.TEXT_NODE ? [root] : [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  for (const node of nodes) {
    if (!range.intersectsNode(node)) continue;
    const piece = document.createRange();
    piece.selectNodeContents(node);
    if (node === range.startContainer) piece.setStart(node, range.startOffset);
    if (node === range.endContainer) piece.setEnd(node, range.endOffset);
    if (!piece.collapsed) rects.push(...Array.from(piece.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0));
  }
  return rects;
}

/**
 * One of our layers over the page: a closed shadow root at the document's origin whose boxes
 * (`boxesAt`, in page coordinates from that origin) are drawn now and again whenever a scroll, resize or
 * reflow may have moved what they mark, until `signal` aborts (the host is then removed). `redraw` draws at once.
 */
export function layOverPage(role: HostRole, css: string, boxesAt: (origin: DOMRect) => Node[], signal: AbortSignal): { host: HTMLElement; redraw: () => void } {
  const { host, root } = createShadowHost(role);
  const style = document.createElement('style');
  style.textContent = css;
  const boxes = document.createElement('div');
  root.append(style, boxes);
  const draw = () => boxes.replaceChildren(...boxesAt(host.getBoundingClientRect()));
  document.documentElement.append(host);
  draw();
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(draw);
  };
  // Scrolling the document moves the layer with it; a scrolled box inside the page, a resize or a reflow does not.
  window.addEventListener('scroll', later, { capture: true, passive: true, signal });
  window.addEventListener('resize', later, { passive: true, signal });
  const observer = new ResizeObserver(later);
  observer.observe(document.documentElement);
  if (document.body) observer.observe(document.body);
  signal.addEventListener('abort', () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    host.remove();
  });
  return { host, redraw: draw };
}

/** A box of class `className` over `rect` (viewport coordinates), placed relative to the layer's `origin`. */
export function boxOver(rect: DOMRect, origin: DOMRect, className: string): HTMLDivElement {
  const box = document.createElement('div');
  box.className = className;
  Object.assign(box.style, { left: `${rect.left - origin.left}px`, top: `${rect.top - origin.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
  return box;
}

/**
 * Lays a box over every line of each located claim, in page coordinates, and keeps them in place when
 * the page scrolls, resizes or reflows, until `signal` aborts. Returns the layer (its host is removed on abort).
 */
export function drawMarkLayer(ranges: readonly (Range | null)[], labels: readonly MarkLabel[], signal: AbortSignal): MarkLayer {
  let focused: number | null = null;
  const { host, redraw } = layOverPage(
    'marks',
    STYLE,
    (origin) =>
      ranges.flatMap((range, i) =>
        (range ? textRects(range) : []).map((rect) => {
          const box = boxOver(rect, origin, `mark ${labels[i]}${i === focused ? ' focus' : ''}`);
          box.dataset.claim = String(i);
          return box;
        }),
      ),
    signal,
  );
  return {
    host,
    focus: (claim) => {
      if (claim === focused) return;
      focused = claim;
      redraw();
    },
  };
}
