// Where our in-page UI goes: beside the element it belongs to, always inside the viewport. The geometry is
// pure (viewport coordinates in, viewport coordinates out) so it is tested without a browser; `follow`
// applies it to a `position: fixed` box and keeps it there while the page scrolls, resizes or reflows.

/** A box in viewport (client) coordinates. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a box of `size` goes beside `anchor`, in viewport coordinates. */
export interface Placement {
  left: number;
  top: number;
  /** Which side of the anchor it went to ('over' when no side had room: it sits on the anchor's visible part). */
  side: 'below' | 'above' | 'after' | 'before' | 'over';
}

export interface PlaceOptions {
  /** Space between the anchor and the box. */
  gap?: number;
  /** Space kept between the box and the viewport's edges. */
  margin?: number;
  /** Right-to-left page: the box lines up with the anchor's right edge, and "after" is to its left. */
  rtl?: boolean;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), Math.max(low, high));

/**
 * Puts a box of `size` beside `anchor`: below it, else above, else beside it, else over its visible part;
 * always clamped into the viewport, so an anchor scrolled away leaves the box at the edge nearest to it.
 */
export function placeBeside(anchor: Rect, size: { width: number; height: number }, viewport: { width: number; height: number }, options: PlaceOptions = {}): Placement {
  const { gap = 8, margin = 8, rtl = false } = options;
  const right = anchor.left + anchor.width;
  const bottom = anchor.top + anchor.height;
  const maxLeft = viewport.width - size.width - margin;
  const maxTop = viewport.height - size.height - margin;
  const fitsV = (top: number) => top >= margin && top <= maxTop;
  const fitsH = (left: number) => left >= margin && left <= maxLeft;
  // Below or above: lined up with the anchor's start edge.
  const alignedLeft = clamp(rtl ? right - size.width : anchor.left, margin, maxLeft);
  const alignedTop = clamp(anchor.top, margin, maxTop);
  const candidates: Placement[] = [
    { side: 'below', left: alignedLeft, top: bottom + gap },
    { side: 'above', left: alignedLeft, top: anchor.top - gap - size.height },
    { side: 'after', left: rtl ? anchor.left - gap - size.width : right + gap, top: alignedTop },
    { side: 'before', left: rtl ? right + gap : anchor.left - gap - size.width, top: alignedTop },
  ];
  // A side counts only while the anchor is in view there: an image scrolled off the top must not send the box above it.
  const visible = bottom > 0 && anchor.top < viewport.height && right > 0 && anchor.left < viewport.width;
  const chosen = visible ? candidates.find((c) => fitsV(c.top) && fitsH(c.left)) : undefined;
  if (chosen) return chosen;
  if (!visible) {
    // Off screen: wait at the viewport edge nearest to the anchor, lined up with it.
    const top = bottom <= 0 ? margin : anchor.top >= viewport.height ? maxTop : alignedTop;
    return { side: bottom <= 0 ? 'above' : anchor.top >= viewport.height ? 'below' : rtl ? 'after' : 'before', left: alignedLeft, top: clamp(top, margin, maxTop) };
  }
  // No room on any side (a photo filling the screen): over the bottom of its visible part.
  const visibleBottom = Math.min(bottom, viewport.height);
  return { side: 'over', left: alignedLeft, top: clamp(visibleBottom - gap - size.height, margin, maxTop) };
}

/** The layout viewport's size without scrollbars (quirks mode reports the document's height on <html>). */
export function viewportSize(): { width: number; height: number } {
  const html = document.documentElement;
  return {
    width: Math.min(innerWidth, html.clientWidth || innerWidth),
    height: Math.min(innerHeight, html.clientHeight || innerHeight),
  };
}

/** Whether the page around `element` reads right to left. */
export function isRtl(element: Element): boolean {
  const from = element instanceof HTMLElement || element instanceof SVGElement ? element : document.documentElement;
  return getComputedStyle(from).direction === 'rtl';
}

/**
 * Keeps `box` (a `position: fixed` element in our shadow root) where `where` says, given the anchor's
 * current viewport box: now, on every scroll of the page or of any scrolled box in it, on resize, and when
 * the box or the page changes size; until `signal` aborts.
 */
export function follow(box: HTMLElement, anchor: Element, where: (anchor: Rect, size: { width: number; height: number }) => { left: number; top: number }, signal: AbortSignal): void {
  const place = () => {
    const { left, top } = where(anchor.getBoundingClientRect(), { width: box.offsetWidth, height: box.offsetHeight });
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(top)}px`;
  };
  place();
  // Scroll events come before the frame is painted, so placing right away never shows the box a frame behind.
  window.addEventListener('scroll', place, { capture: true, passive: true, signal });
  window.addEventListener('resize', place, { passive: true, signal });
  window.visualViewport?.addEventListener('resize', place, { passive: true, signal });
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  };
  const observer = new ResizeObserver(later);
  observer.observe(box);
  observer.observe(document.documentElement);
  if (anchor !== document.documentElement) observer.observe(anchor);
  signal.addEventListener('abort', () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  });
}

/**
 * Puts a small box on `anchor`'s top start corner, `inset` inside it; while the anchor is taller than the
 * part in view, the box slides down with the view and stays on the anchor's visible part. Given the
 * `viewport`, the box of an anchor in view does not run off the viewport's bottom or sides (a badge opened
 * near the bottom of the view rises instead); an anchor out of view keeps its box with it.
 */
export function placeOn(
  anchor: Rect,
  size: { width: number; height: number },
  options: { inset?: number; rtl?: boolean; viewport?: { width: number; height: number } } = {},
): { left: number; top: number } {
  const { inset = 6, rtl = false, viewport } = options;
  const top = anchor.top + inset;
  const lowest = anchor.top + anchor.height - inset - size.height;
  const placed = {
    left: rtl ? anchor.left + anchor.width - inset - size.width : anchor.left + inset,
    top: Math.max(top, Math.min(Math.max(top, inset), lowest)),
  };
  const inView = viewport && anchor.top + anchor.height > 0 && anchor.top < viewport.height && anchor.left + anchor.width > 0 && anchor.left < viewport.width;
  if (!inView) return placed;
  // Only the far edges push the box back: at the top it may follow its image out of view (as above).
  return {
    left: clamp(placed.left, inset, viewport.width - size.width - inset),
    top: Math.min(placed.top, Math.max(inset, viewport.height - size.height - inset)),
  };
}
