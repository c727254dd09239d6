// Runs in the page (isolated world): finds the element behind the image the user chose and where it
// is on screen. The menu only gives a URL, so every kind of element that can show that URL is searched.
import { IMAGE_POLICY } from '../image/size';
import { absolute, backgroundUrls, describe, type FoundImage, type ImageKind } from './image-source';
import { clearSlot } from './isolated-slot';
import { PICKED_SLOT, pickedElementFor } from './picker';

/** Rectangle in CSS pixels of the top frame's viewport. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image is on screen, measured for a crop of a screenshot of the visible tab. */
export interface ImageLocation {
  rect: Box;
  /** The top frame's viewport in CSS pixels: a screenshot covers exactly this. */
  viewport: { width: number; height: number };
  dpr: number;
  currentSrc: string;
  kind: ImageKind;
  /** The <img> the menu named shows another picture by now (the page swapped it): a screenshot would show that one. */
  swapped?: boolean;
}

/** Forgets the picked element, so a later menu click is not answered with an old pick. */
export function forgetPicked(): void {
  clearSlot(PICKED_SLOT);
}

/** Every element of the document, open shadow roots included (closed ones are out of reach by design). */
function* allElements(root: Document | ShadowRoot): Generator<Element> {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as Element;
    yield element;
    if (element.shadowRoot) yield* allElements(element.shadowRoot);
  }
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(/,\s+/)
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)
    .map(absolute);
}

function showsUrl(element: Element, srcUrl: string): FoundImage | null {
  if (element instanceof HTMLImageElement) {
    if (element.currentSrc === srcUrl || element.src === srcUrl) return describe(element);
    const picture = element.parentElement;
    if (picture instanceof HTMLPictureElement) {
      const sources = Array.from(picture.querySelectorAll('source'));
      if (sources.some((s) => srcsetUrls(s.srcset).includes(srcUrl)) || srcsetUrls(element.srcset).includes(srcUrl))
        return describe(element);
    } else if (srcsetUrls(element.srcset).includes(srcUrl)) return describe(element);
    return null;
  }
  if (element instanceof HTMLVideoElement) return element.poster === srcUrl ? describe(element) : null;
  if (element instanceof SVGImageElement) return absolute(element.href.baseVal) === srcUrl ? describe(element) : null;
  return null;
}

function onScreen(element: Element): boolean {
  const r = element.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

/** The likeliest of several matches: the one under the pointer (the user just right-clicked it), then one on screen. */
function likeliest(found: FoundImage[]): FoundImage | null {
  const hovered = found.filter((f) => f.element.matches(':hover'));
  return hovered.at(-1) ?? found.find((f) => onScreen(f.element)) ?? found[0] ?? null;
}

function isSpacer(found: FoundImage): boolean {
  const image = found.element;
  return (
    image instanceof HTMLImageElement &&
    image.complete &&
    image.naturalWidth > 0 &&
    image.naturalWidth < IMAGE_POLICY.minEdge &&
    image.naturalHeight < IMAGE_POLICY.minEdge
  );
}

/**
 * A transparent spacer laid over the real picture (a common guard against saving images): the
 * picture is what is under the spacer's centre, an <img> or a CSS background.
 */
function underSpacer(spacer: Element): FoundImage | null {
  const r = spacer.getBoundingClientRect();
  if (r.width < IMAGE_POLICY.minEdge && r.height < IMAGE_POLICY.minEdge) return null;
  const root = spacer.getRootNode();
  const from = root instanceof ShadowRoot || root instanceof Document ? root : document;
  for (const element of from.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
    if (element === spacer) continue;
    const found = describe(element);
    if (found && !isSpacer(found)) return { ...found, beneath: true };
  }
  return null;
}

/** Finds the image the user chose: the picked element, else an element showing `srcUrl` (shadow roots included). */
export function locateChosenImage(srcUrl: string): FoundImage | null {
  // The picker's element counts only for the URL it was picked with: an old pick never answers a new click.
  const picked = pickedElementFor(srcUrl);
  if (picked) return describe(picked) ?? { element: picked, kind: 'canvas', url: '' };
  const target = absolute(srcUrl);
  const elements = Array.from(allElements(document));
  let found = likeliest(elements.map((e) => showsUrl(e, target)).filter((f): f is FoundImage => f !== null));
  // CSS backgrounds are looked up only when no element names the URL: computing styles costs more.
  found ??= likeliest(
    elements.filter((e) => backgroundUrls(e).includes(target)).map((element) => ({ element, kind: 'background' as const, url: target })),
  );
  if (found && isSpacer(found)) return underSpacer(found.element) ?? found;
  return found;
}

/** The element's box in the top frame's viewport, walking up through same-origin frames; clipped to what is visible. */
export function boxInTopViewport(element: Element): Box {
  const r = element.getBoundingClientRect();
  let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  let view: Window = window;
  for (;;) {
    box = {
      left: Math.max(box.left, 0),
      top: Math.max(box.top, 0),
      right: Math.min(box.right, view.innerWidth),
      bottom: Math.min(box.bottom, view.innerHeight),
    };
    let frame: Element | null = null;
    try {
      frame = view.frameElement;
    } catch {
      frame = null; // a parent from another origin: measured from the top frame instead
    }
    if (!frame || view.parent === view) break;
    const f = frame.getBoundingClientRect();
    const dx = f.left + frame.clientLeft;
    const dy = f.top + frame.clientTop;
    box = { left: box.left + dx, top: box.top + dy, right: box.right + dx, bottom: box.bottom + dy };
    view = view.parent;
  }
  return { x: box.left, y: box.top, width: Math.max(0, box.right - box.left), height: Math.max(0, box.bottom - box.top) };
}

function topViewport(): { width: number; height: number } {
  try {
    return { width: window.top?.innerWidth ?? innerWidth, height: window.top?.innerHeight ?? innerHeight };
  } catch {
    return { width: innerWidth, height: innerHeight };
  }
}

/**
 * Waits for what `wait` starts, unless the document is hidden (it is not started then), and no longer than until it
 * is hidden: a tab in the background or a minimized window paints nothing (requestAnimationFrame does not run
 * there) and a screenshot of it cannot show the image (the worker then says to bring the tab to the front), so
 * waiting on could only hold the check.
 */
function unlessHidden(wait: () => Promise<unknown>): Promise<void> {
  if (document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', hidden);
      resolve();
    };
    const hidden = () => {
      if (document.hidden) done();
    };
    document.addEventListener('visibilitychange', hidden);
    void wait().then(done, done);
  });
}

/**
 * Lets the page paint after a scroll, so a screenshot taken next shows the element where it was
 * measured: two animation frames, then a moment for the frame to reach the screen. A hidden document paints
 * nothing and is not waited for (unlessHidden); the timer only guards a shown one whose frames do not come (a
 * frame the browser does not render), and waits long enough for a busy machine.
 */
function painted(): Promise<void> {
  let timer = 0;
  const frames = () =>
    new Promise<void>((resolve) => {
      timer = window.setTimeout(resolve, 1_000);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          clearTimeout(timer);
          timer = window.setTimeout(resolve, 50);
        }),
      );
    });
  return unlessHidden(frames).finally(() => clearTimeout(timer));
}

function fullyInView(element: Element): boolean {
  if (window !== window.top) return false; // the frame itself may be out of the top viewport
  const r = element.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}

/**
 * Resolves once an <img> has loaded and is decoded (at most `ms` later, or once the document is hidden): an image
 * still loading, or not yet decoded after a scroll, paints as blank, and a screenshot then would send blank pixels
 * to the model. decode() settles once the image is loaded and decoded, or cannot be; the bound is for a shown page
 * whose image never finishes loading (the page's own read waited for that load before this, read-image.ts).
 * Says whether it had already loaded when asked.
 */
async function decoded(element: Element, ms = 3_000): Promise<boolean> {
  if (!(element instanceof HTMLImageElement)) return true;
  const loaded = element.complete && element.naturalWidth > 0;
  let timer = 0;
  const late = new Promise<void>((resolve) => (timer = window.setTimeout(resolve, ms)));
  await unlessHidden(() => Promise.race([element.decode().catch(() => undefined), late]));
  clearTimeout(timer);
  return loaded;
}

async function locate(found: FoundImage): Promise<ImageLocation> {
  const scroll = !fullyInView(found.element);
  if (scroll) found.element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  // Scrolled in, or still loading when asked: wait for the pixels to reach the screen before measuring.
  const ready = await decoded(found.element);
  if (scroll || !ready) await painted();
  return { rect: boxInTopViewport(found.element), viewport: topViewport(), dpr: devicePixelRatio, currentSrc: found.url, kind: found.kind };
}

/** Scrolls the chosen image into view and measures it for a screenshot crop; null when it is not found. */
export async function locateImage(srcUrl: string): Promise<ImageLocation | null> {
  const found = locateChosenImage(srcUrl);
  forgetPicked();
  if (!found) return null;
  const swapped = !found.beneath && found.element instanceof HTMLImageElement && !!srcUrl && found.url !== absolute(srcUrl);
  return { ...(await locate(found)), swapped };
}

/**
 * Runs in the top frame when the image is inside a frame from another origin (out of our reach):
 * the <iframe> showing `frameUrl` (else one from its origin), the one under the pointer first.
 */
export function findFrame(frameUrl: string): HTMLIFrameElement | HTMLFrameElement | null {
  const target = absolute(frameUrl);
  const frames = Array.from(allElements(document)).filter(
    (e): e is HTMLIFrameElement | HTMLFrameElement => e instanceof HTMLIFrameElement || e instanceof HTMLFrameElement,
  );
  const sameUrl = frames.filter((f) => f.src === target);
  const sameOrigin = frames.filter((f) => {
    try {
      return new URL(f.src).origin === new URL(target).origin;
    } catch {
      return false;
    }
  });
  const frame = likeliest([...(sameUrl.length ? sameUrl : sameOrigin)].map((element) => ({ element, kind: 'img' as const, url: target })));
  return (frame?.element as HTMLIFrameElement | HTMLFrameElement | undefined) ?? null;
}

/** In the top frame: scrolls the <iframe> showing `frameUrl` into view and measures the whole of it. */
export async function locateFrame(frameUrl: string): Promise<ImageLocation | null> {
  const el = findFrame(frameUrl);
  if (!el) return null;
  const location = await locate({ element: el, kind: 'img', url: absolute(frameUrl) });
  // The content box only: the frame's border is not part of the picture.
  const inner = { x: location.rect.x + el.clientLeft, y: location.rect.y + el.clientTop };
  return { ...location, rect: { ...inner, width: Math.min(location.rect.width, el.clientWidth), height: Math.min(location.rect.height, el.clientHeight) } };
}
