// Runs in the page (isolated world): every image on the page that comes with its own caption, for
// "Check all captioned images on this page". Pure DOM reads; the elements stay referenced here, in the
// isolated world, so the page never sees an id or attribute of ours.
import { IMAGE_POLICY } from '../image/size';
import { aiSurfaceCaption } from './caption-candidates';
import { PRESELECT_SCORE, rankCaptions } from './caption-finder';
import { withOneRoleScan } from './turn-roles';
import { readSlot, writeSlot } from './isolated-slot';
import { PICKED_SLOT } from './picker';

/** Where the caption of a listed image comes from. */
export type CaptionedSource = 'figcaption' | 'caption' | 'demo-output' | 'answer' | 'cell' | 'alt';

/** One image + caption pair the page offers; `id` names the element for later calls. */
export interface CaptionedImage {
  id: string;
  imageUrl: string;
  caption: string;
  truncated: boolean;
  source: CaptionedSource;
  /** The credit the page gives with the caption (absent or "" when none), carried to the check, never checked. */
  credit?: string;
}

/** Smaller images are icons, avatars or trackers, not pictures someone wrote a caption for. */
const MIN_EDGE_PX = 64;
/** Enough for any real article or gallery; bounds what the worker stores and shows. */
export const MAX_ITEMS = 50;
/** How far up from an image a demo's output box may sit (image and box share a card or row). */
const DEMO_LEVELS = 4;

/** Isolated-world slot: id → element, and element → id so a second listing keeps the same ids. */
const REGISTRY_SLOT = 'captioned';
interface Registry {
  byId: Map<string, Element>;
  ids: WeakMap<Element, string>;
  next: number;
}

function registry(): Registry {
  const existing = readSlot(REGISTRY_SLOT) as Registry | undefined;
  if (existing) return existing;
  const created: Registry = { byId: new Map(), ids: new WeakMap(), next: 1 };
  writeSlot(REGISTRY_SLOT, created);
  return created;
}

/** The element's id for later calls (the same id when it is listed again). */
export function idFor(element: Element): string {
  const reg = registry();
  let id = reg.ids.get(element);
  if (!id) {
    id = `img-${reg.next++}`;
    reg.ids.set(element, id);
  }
  reg.byId.set(id, element);
  return id;
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A picture, not an icon, avatar or tracker: at least 64 px on screen and not a 1×1 file stretched by CSS. */
export function bigEnough(image: HTMLImageElement): boolean {
  const rect = image.getBoundingClientRect();
  if (rect.width < MIN_EDGE_PX || rect.height < MIN_EDGE_PX) return false;
  // A 1×1 tracker stretched by CSS is still a tracker.
  if (image.complete && image.naturalWidth > 0 && image.naturalWidth < IMAGE_POLICY.minEdge && image.naturalHeight < IMAGE_POLICY.minEdge) return false;
  return true;
}

function boxText(box: Element): string {
  return collapse(box instanceof HTMLTextAreaElement ? box.value : box.textContent);
}

/** A model demo: the output box (<textarea>/<output>/<pre>) after the image in the card that holds only this picture. */
function demoOutput(image: HTMLImageElement): string {
  let container: Element | null = image.parentElement;
  for (let level = 0; container && container !== document.body && level < DEMO_LEVELS; level++, container = container.parentElement) {
    const pictures = Array.from(container.querySelectorAll('img')).filter((other) => other === image || bigEnough(other));
    if (pictures.length > 1) return ''; // the card grew into the whole gallery: no box belongs to this image alone
    for (const box of container.querySelectorAll('textarea, output, pre')) {
      if (!(image.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      const text = boxText(box);
      if (text) return text;
    }
  }
  return '';
}

/** The same ranking as the chooser: an image whose best caption would not be preselected is skipped, not paired with a neighbour's text. */
function captionOf(image: HTMLImageElement): [CaptionedSource, string, string] | null {
  // What an AI surface says of the picture, and the user's own words to the model (never a caption), as the chooser reads them.
  const ai = aiSurfaceCaption(image);
  const best = rankCaptions(image).find((found) => found.score >= PRESELECT_SCORE && !ai.theirs(found.text));
  const fromMarkup = best && best.source !== 'alt' && best.source !== 'title';
  if (ai.best && (!fromMarkup || ai.best.score > best.score)) return [ai.best.source, ai.best.text, ''];
  if (best && fromMarkup) return [best.source === 'figcaption' ? 'figcaption' : 'caption', best.text, best.credit];
  const demo = demoOutput(image);
  if (demo) return ['demo-output', demo, ''];
  if (best) return ['alt', best.text, best.credit];
  return null;
}

/**
 * Lists the page's images that come with a caption: one the markup ties to it (figure, caption slot,
 * gallery item; credits left out), else what an AI surface says of it (a chat's answer, an output, a table
 * row's cell), an image followed by a model demo's output box, an <img> with
 * descriptive alt text; captionless images (cards, avatars, logos) are skipped. Icons and
 * trackers (< 64 px) are skipped; captions are whitespace-collapsed and cut at `maxChars`.
 */
export function listCaptionedImages(maxChars: number): { pageUrl: string; items: CaptionedImage[] } {
  return withOneRoleScan(() => listAll(maxChars));
}

function listAll(maxChars: number): { pageUrl: string; items: CaptionedImage[] } {
  const found: CaptionedImage[] = [];
  for (const image of Array.from(document.querySelectorAll('img'))) {
    if (found.length >= MAX_ITEMS) break;
    if (!bigEnough(image)) continue;
    const url = image.currentSrc || image.src;
    if (!url) continue;
    const caption = captionOf(image);
    if (!caption) continue;
    const [source, text, credit] = caption;
    found.push({ id: idFor(image), imageUrl: url, caption: text.slice(0, maxChars), truncated: text.length > maxChars, source, credit });
  }
  return { pageUrl: location.href, items: found };
}

/** A listed element still on the page, or null (gone, or never listed in this page). */
export function listedElement(id: string): Element | null {
  const element = registry().byId.get(id);
  return element?.isConnected ? element : null;
}

/**
 * Makes a listed element the one the image finder reads next (as if the user had picked it), so the
 * single check's paths (read in the page, fetch, screenshot) take this very element. Returns the URL it
 * shows now, or null when it is gone from the page.
 */
export function selectCaptioned(id: string): string | null {
  const element = registry().byId.get(id);
  if (!element?.isConnected) return null;
  const url = element instanceof HTMLImageElement ? element.currentSrc || element.src : '';
  if (!url) return null;
  writeSlot(PICKED_SLOT, element);
  return url;
}
