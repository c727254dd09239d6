// Runs in the page: what image an element shows, if any. Shared by the image finder (which element
// shows the URL the menu named) and the picker (which element under the pointer shows an image).

/** What kind of element shows the image; decides how its pixels are read. */
export type ImageKind = 'img' | 'picture' | 'poster' | 'background' | 'canvas' | 'svg';

/** The element behind the chosen image and the URL of the pixels it shows (empty for canvases). */
export interface FoundImage {
  element: Element;
  kind: ImageKind;
  url: string;
  /** Found beneath a transparent spacer the menu named: it shows another URL than the menu's by design. */
  beneath?: true;
}

/** A URL made absolute against the document, as the browser resolves it; unparsable ones stay as they are. */
export function absolute(url: string): string {
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}

/** The url(...) values of a computed background-image, absolute as the browser resolved them. */
export function backgroundUrls(element: Element): string[] {
  const value = getComputedStyle(element).backgroundImage;
  if (!value || value === 'none') return [];
  return Array.from(value.matchAll(/url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)]*))\s*\)/g), (m) =>
    absolute((m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1').trim()),
  );
}

/** Describes an element as an image source, or null when it shows none. */
export function describe(element: Element): FoundImage | null {
  if (element instanceof HTMLImageElement) {
    const kind = element.parentElement instanceof HTMLPictureElement ? 'picture' : 'img';
    return { element, kind, url: element.currentSrc || element.src };
  }
  if (element instanceof HTMLVideoElement && element.poster) return { element, kind: 'poster', url: element.poster };
  if (element instanceof HTMLCanvasElement) return { element, kind: 'canvas', url: '' };
  // An SVG <image> without an href shows nothing (resolving '' would name the page itself).
  if (element instanceof SVGImageElement && element.href.baseVal) return { element, kind: 'svg', url: absolute(element.href.baseVal) };
  const background = backgroundUrls(element)[0];
  return background ? { element, kind: 'background', url: background } : null;
}

/** Like `describe`, but only for an element that has pixels to pick: an image with a source, or a canvas. */
export function shownImage(element: Element): FoundImage | null {
  const found = describe(element);
  return found && (found.url || found.kind === 'canvas') ? found : null;
}
