// The image picker: for images the context menu cannot reach (CSS backgrounds, images under a
// transparent overlay, <canvas>, video posters, pages that block right-click). The highlight is
// drawn in our own closed-shadow overlay; no page element's style is touched.
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
 * Lets the user point at an image on the page and click it. Esc leaves. The picked element is
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
    tip.textContent = 'Caption Check: click the image to check. Esc leaves.';
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
      const element = imageElementAt(event.clientX, event.clientY, host) ?? current;
      const image = element && shownImage(element);
      if (!element || !image) return;
      writeSlot(PICKED_SLOT, element);
      finish({ srcUrl: image.url, kind: image.kind, pageUrl: location.href });
    };
    const onKey = trusted((event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      swallow(event);
      finish({ cancelled: true });
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
