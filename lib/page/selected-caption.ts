// Runs in the page (isolated world): the caption when the user selected it before the click, the common
// case. Kept apart from the chooser so the image read's small script (entrypoints/read.ts) answers it too:
// a check with a selection then never waits for the whole page script before its request.
import type { NamedCaption } from './chooser';
import { collapse } from './caption-text';
import { SELECTED_CREDIT_CHARS } from './credit';
import { pickedElementFor } from './picker';
import { markStep } from '../step-marks';

/** What the page script reports about the chosen image. */
export interface PageCaption {
  caption: string;
  source: 'selection' | 'chooser';
  /** The photographer / agency / licence line set apart from the caption, by the chooser ("" when none, and for a selection). */
  credit: string;
  /**
   * A selection as selected, its lines kept, up to its credit: the worker sets the credit apart
   * (lib/gather-reply.ts), where the credit patterns are compiled once, not in every page checked.
   */
  selected?: string;
  pageUrl: string;
  imageUrl: string;
  /** The language the page declares for the caption's place (`lang` of the nearest element that has one), or "". */
  lang: string;
  /** The document's title (the worker caps it). */
  pageTitle: string;
  /** "Check both": the page's name of this answer, and the second answer to check with it. */
  label?: string;
  second?: NamedCaption;
}

/** Shadow roots inside shadow roots read before giving up. */
const SHADOW_DEPTH = 3;

/** An <img> with that URL in an open shadow root (a chat widget drawn as a web component), which `document.images` misses. */
function inShadowRoots(srcUrl: string, root: Document | ShadowRoot, depth = 0): HTMLImageElement | null {
  for (const shadow of Array.from(root.querySelectorAll('*'), (host) => host.shadowRoot)) {
    if (!shadow) continue;
    const found = Array.from(shadow.querySelectorAll('img')).find((img) => img.currentSrc === srcUrl || img.src === srcUrl) ?? (depth < SHADOW_DEPTH ? inShadowRoots(srcUrl, shadow, depth + 1) : null);
    if (found) return found;
  }
  return null;
}

/** The element showing `srcUrl`: the one the picker chose, else an <img> with that URL (open shadow roots included). */
export function anchorFor(srcUrl: string): Element | null {
  const picked = pickedElementFor(srcUrl);
  if (picked) return picked;
  const images = Array.from(document.querySelectorAll('img'));
  return images.find((img) => img.currentSrc === srcUrl) ?? images.find((img) => img.src === srcUrl) ?? inShadowRoots(srcUrl, document);
}

/** The language the page declares where `node` is: the nearest `lang` attribute, else the document's, else "". */
export function declaredLanguage(node: Node | null | undefined): string {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const lang = element?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
  return (lang ?? '').trim();
}

/** What every caption answer says of the page and the image. */
export function pageFacts(image: Element | null, srcUrl: string): Pick<PageCaption, 'pageUrl' | 'pageTitle' | 'imageUrl'> {
  return { pageUrl: location.href, pageTitle: document.title, imageUrl: (image instanceof HTMLImageElement && image.currentSrc) || srcUrl };
}

/**
 * The text the user selected in this frame as the caption, no question asked; null when nothing is
 * selected (the chooser then asks: gatherCaption). One character past the cap: the worker then sees that
 * the selection was longer and says so (prepareCaption), instead of it being cut here silently. The credit is
 * set apart by the worker, from `selected` (lib/page/credit.ts, creditApart).
 */
export function gatherSelection(srcUrl: string, maxChars: number): PageCaption | null {
  markStep('page:gather');
  const raw = window.getSelection()?.toString() ?? '';
  const caption = collapse(raw).slice(0, maxChars + 1);
  if (!caption) return null;
  const selected = raw.slice(0, maxChars + 1 + SELECTED_CREDIT_CHARS);
  return { ...pageFacts(anchorFor(srcUrl), srcUrl), caption, selected, source: 'selection', credit: '', lang: declaredLanguage(window.getSelection()?.anchorNode) };
}
