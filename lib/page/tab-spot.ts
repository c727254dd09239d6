// Where an in-page host goes so that Tab reaches it right after its image, and how focus goes back to that
// image. Sequential focus follows the DOM, so the host has to sit beside the image; it stays placed with
// `position: fixed` from inside its shadow root, which only holds while no ancestor captures or distorts fixed
// boxes. Where one might, the host stays at <html> (placed right, reached at the end of the tab order).

/** Ancestors whose presence makes a fixed box relative to them, clips it, fades it or hides it from users. */
function unsafeAncestor(element: Element): boolean {
  if (!(element instanceof HTMLElement) || element.isContentEditable || element.inert || element.getAttribute('aria-hidden') === 'true') return true;
  const style = getComputedStyle(element);
  const value = (name: string) => style.getPropertyValue(name).trim();
  const not = (name: string, ...plain: string[]) => {
    const v = value(name);
    return v !== '' && !plain.includes(v);
  };
  return (
    ['transform', 'translate', 'rotate', 'scale', 'perspective', 'filter', 'backdrop-filter', 'clip-path', 'mask-image', 'contain'].some((name) => not(name, 'none')) ||
    not('container-type', 'normal') ||
    not('content-visibility', 'visible') ||
    not('mix-blend-mode', 'normal') ||
    not('zoom', '1', 'normal') ||
    /transform|perspective|filter|contain/.test(value('will-change')) ||
    Number(value('opacity') || '1') < 1
  );
}

// A host inside one of these would be activated with it (a click on the badge following the link).
const ACTIVATES = 'a[href], area, button, label, summary, [role="button"], [role="link"]';

/**
 * The node after which a host for `image` goes so that it is next in the tab order, or null when it must stay
 * at <html>: after the image itself, or after its <picture> or the link or button that holds it.
 */
export function tabSpotAfter(image: Element): Element | null {
  let spot: Element = image.parentElement instanceof HTMLPictureElement ? image.parentElement : image;
  for (let holder = spot.parentElement?.closest(ACTIVATES); holder; holder = holder.parentElement?.closest(ACTIVATES)) spot = holder;
  const html = document.documentElement;
  for (let ancestor = spot.parentElement; ancestor && ancestor !== html; ancestor = ancestor.parentElement) {
    if (unsafeAncestor(ancestor)) return null;
  }
  return spot.parentElement ? spot : null;
}

/**
 * Attaches `host` right after `image` (see `tabSpotAfter`), else at the end of <html>. Inside the page's own
 * elements, their click and key handlers (a lightbox on the figure, a card's link) must not act on what is done
 * in `inner` (the host's content): those events stop there. Not tied to any AbortSignal on purpose: a close
 * button that tears the UI down must not let its own click go on up.
 */
export function attachAfter(host: Element, image: Element | null, inner: Element): void {
  const spot = image && tabSpotAfter(image);
  if (spot) spot.after(host);
  else document.documentElement.append(host);
  for (const type of ['click', 'dblclick', 'auxclick', 'pointerdown', 'pointerup', 'mousedown', 'mouseup', 'keydown', 'keyup', 'keypress'] as const) {
    inner.addEventListener(type, (event) => event.stopPropagation());
  }
}

/**
 * Moves focus to `image` (or the link or button holding it): an image that is not focusable gets
 * tabindex=-1 until focus leaves it again, so the page keeps its own tab order.
 */
export function focusImage(image: Element): void {
  if (!image.isConnected || !(image instanceof HTMLElement)) return;
  const holder = image.closest<HTMLElement>('a[href], button');
  if (holder) return holder.focus({ preventScroll: true });
  if (!image.hasAttribute('tabindex')) {
    image.setAttribute('tabindex', '-1');
    image.addEventListener('blur', () => image.removeAttribute('tabindex'), { once: true });
  }
  image.focus({ preventScroll: true });
}
