// The boxes a page shows by a picture that hold what was written about it: a demo's output box (a read-only text box,
// an `<output>`, a `<pre>`), a form's description or alt-text field in the picture's own card; and, for a thumbnail the
// page marks selected, the boxes by its larger preview (the same file in another size, in a details panel). Prompt
// boxes and code are not. DOM reads plus layout.
import { collapse, rectDistance, wordCount } from './caption-text';
import { holdsJsonCaption } from './json-output';
import { isCode } from './model-output';
import { isLogPanel } from './output-trim';
import { labelOf, markedSelected } from './alt-field';
import { isPromptBox, namesDescriptionBox } from './user-words';

/** How far (CSS px) an output box may stand from its picture. */
const NEAR_PX = 800;

/** The element is laid out and shown: not folded away in a closed `<details>` (its summary shows), nor hidden by style. */
export function isShown(element: Element): boolean {
  const fold = element.closest('details');
  if (fold && !fold.open && !element.closest('summary')) return false;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/** How far up the image and a demo's output box may meet (image and box share a card or a row). */
const DEMO_LEVELS = 4;

/** How far up a box only a program writes (a read-only text box, an `<output>`) may meet its image: demos nest both deep. */
const APP_LEVELS = 8;

/** A box the page writes and the user cannot: a read-only or disabled text box, or an `<output>`. */
const writtenByPage = (box: HTMLElement) => box instanceof HTMLOutputElement || (box instanceof HTMLTextAreaElement && (box.readOnly || box.disabled));

/** The box sits in the same small container as the image (an app box holding this picture alone), not anywhere on a long page. */
function sharesCard(image: Element, box: HTMLElement): boolean {
  const levels = writtenByPage(box) && !!(image.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING) ? APP_LEVELS : DEMO_LEVELS;
  let container: Element | null = image.parentElement;
  for (let level = 0; container && level < levels; level++, container = container.parentElement) {
    // Once the container holds other pictures it is a page section, and its boxes belong to no one image.
    if (container.querySelectorAll('img').length > 1) return false;
    if (container.contains(box)) return true;
  }
  return false;
}

/** A box in a run's logs, open or folded ("Logs (6 lines)"): what the run printed on its way, not the model's output. */
const isInLogPanel = (box: Element) => {
  for (let el = box.parentElement, level = 0; el && level < 3; el = el.parentElement, level++) if (isLogPanel(el)) return true;
  return false;
};

/** Longest label of a field shown as its candidate's name: a longer one is a question or a hint, not a name. */
const NAME_CHARS = 40;

/** The words of a `<label>` without the fields it wraps (a text box's own text, a select's options). */
function labelWords(label: HTMLLabelElement): string {
  const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest('textarea, select, output')) parts.push(node.textContent ?? '');
  return collapse(parts.join(' '));
}

/** A field's own name (its `<label>`, `aria-labelledby`, `aria-label`) without a closing colon: what the page calls its words. */
function fieldName(box: HTMLElement): string {
  if (!(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement)) return '';
  const label = box.labels?.[0];
  const name = (label ? labelWords(label) : '') || labelOf(box);
  const bare = name.replace(/\s*[:：*]$/, '');
  return bare.length <= NAME_CHARS ? bare : '';
}

/** Output boxes of a model demo (a Space, a playground): what the model wrote is their value, named by the field's own label. Code is not. */
export function demoOutputs(image: Element): { text: string; label: string }[] {
  const anchor = image.getBoundingClientRect();
  // A one-line field counts only when labelled as the picture's description (an asset form's "Alt" field).
  return Array.from(document.querySelectorAll<HTMLElement>('textarea, output, pre, input[type="text"], input:not([type])'))
    .filter((box) => isShown(box) && !isInLogPanel(box) && sharesCard(image, box) && !isPromptBox(box) && (!(box instanceof HTMLInputElement) || (namesDescriptionBox(box) && wordCount(box.value) >= 3)))
    .map((box) => ({
      box,
      text: collapse(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement ? box.value : box.textContent),
      label: fieldName(box),
      distance: rectDistance(anchor, box.getBoundingClientRect()),
    }))
    .filter(({ box, text }) => text.length > 0 && (!isCode(box, text) || holdsJsonCaption(text)))
    .filter((box) => box.distance <= NEAR_PX)
    .sort((a, b) => a.distance - b.distance)
    .map(({ text, label }) => ({ text, label }));
}

/** How far up from a thumbnail its grid item may be marked selected (picture → centring boxes → preview → item). */
const ITEM_LEVELS = 5;

/** A file's name without its folder, query, extension and size suffix ("duinpad-domburg-150x150.jpg" → "duinpad-domburg"). */
function fileKey(image: Element): string {
  const name = (image.getAttribute('src') ?? '').split(/[?#]/)[0]?.split('/').at(-1) ?? '';
  return name.replace(/\.[a-z\d]{2,5}$/i, '').replace(/[-_@](?:\d{2,5}x\d{2,5}|\d{2,5}w|\dx)$/i, '').toLowerCase();
}

/**
 * For a thumbnail the page marks selected (a media library's grid): the output boxes by another picture of the same
 * file shown in another size (the selected item's preview in a details panel). None for a picture not marked selected.
 */
export function selectedTwinOutputs(image: Element): { text: string; label: string }[] {
  const key = fileKey(image);
  if (!key || key.startsWith('data:') || !markedSelected(image, ITEM_LEVELS)) return [];
  const twins = Array.from(document.querySelectorAll('img')).filter((img) => img !== image && fileKey(img) === key);
  return twins.flatMap(demoOutputs).slice(0, 1);
}
