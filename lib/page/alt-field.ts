// An alt-text field that an editor opens for the selected picture in a floating panel (a rich-text editor's balloon,
// a popover placed against the picture on screen, or a dialog opened for the picture the editor marks selected),
// written elsewhere in the page (often at the end of the body):
// the words in it (an AI alt-text generator's, or the author's) are the picture's description. Read by what the page
// says (a text box labelled as alt text, in any of the extension's languages) and where it stands, not by one
// editor's class names. Pure DOM reads plus layout.
import { collapse, rectDistance, wordCount, words } from './caption-text';
import { isPicture } from './picture-size';
import { namesAltText } from './ui-labels';

/** Farthest the panel may stand from the picture it belongs to (CSS px): a balloon's arrow touches its picture. */
const GAP_PX = 64;
/** How far up from the field its floating panel may be. */
const PANEL_LEVELS = 8;

/** What a text box is called: its `<label>`, the elements `aria-labelledby` names, or its `aria-label`. */
export function labelOf(box: HTMLInputElement | HTMLTextAreaElement): string {
  const byIds = (box.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  return collapse(box.labels?.[0]?.textContent || byIds || box.getAttribute('aria-label'));
}

/** A dialog: an image's properties opened over the editor, wherever it stands. */
const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/** The box the field floats in: the nearest one laid out outside the page's flow (absolute or fixed), a popover or a dialog. */
function panelOf(field: Element): Element | null {
  for (let el = field.parentElement, level = 0; el && el !== document.body && level < PANEL_LEVELS; el = el.parentElement, level++) {
    const position = getComputedStyle(el).position;
    if (position === 'absolute' || position === 'fixed' || el.hasAttribute('popover') || el.matches(DIALOG)) return el;
  }
  return null;
}

/** How far up from a picture an editor marks it selected (its widget, block or figure). */
const SELECTED_LEVELS = 3;
/** An editor marks the picture it works on as selected: a class word ("ck-widget_selected", "is-selected", "ProseMirror-selectednode"), `aria-selected`, or a `data-…-selected` attribute. */
export function markedSelected(image: Element, levels = SELECTED_LEVELS): boolean {
  for (let el: Element | null = image, level = 0; el && el !== document.body && level <= levels; el = el.parentElement, level++) {
    if (words(el.getAttribute('class') ?? '').some((w) => w.startsWith('selected')) || el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-checked') === 'true') return true;
    if (Array.from(el.attributes).some((a) => /^data-[\w-]*selected$/.test(a.name) && a.value !== 'false' && a.value !== '0')) return true;
  }
  return false;
}

/** A preview a panel shows of the picture it edits: at most a quarter of its area. */
function thumbnailOf(preview: Element, image: Element): boolean {
  const [a, b] = [preview.getBoundingClientRect(), image.getBoundingClientRect()];
  return a.width > 0 && a.width * a.height * 4 <= b.width * b.height;
}

const overlaps = (a: DOMRectReadOnly, b: DOMRectReadOnly) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The words of an alt-text field in a floating panel that stands against `image`: next to it (≤ 64 px) without
 * covering it, and nearer to it than to any other picture (a panel lying over the next picture is not that one's).
 * "" when there is none. A field in the picture's own card or dialog is read as a box beside it (caption-candidates.ts).
 */
export function floatingAltText(image: Element): string {
  if (!isPicture(image)) return '';
  const fields = Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type]), input[type="text"], textarea')).filter(
    (field) => wordCount(field.value) >= 3 && namesAltText(labelOf(field)),
  );
  if (!fields.length) return '';
  // The other pictures, and whether the editor marks one of them selected: the same for every field.
  const pictures = Array.from(document.querySelectorAll('img')).filter((img) => img !== image && isPicture(img));
  const selected = pictures.some(markedSelected);
  for (const field of fields) {
    const panel = panelOf(field);
    // A panel holding a picture of its own is that picture's card; a thumbnail of the picture being edited is not one.
    if (!panel || Array.from(panel.querySelectorAll('img')).some((img) => isPicture(img) && !thumbnailOf(img, image))) continue;
    const box = panel.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    // The one picture an editor marks selected, when the field is in a dialog or panel opened for it.
    if (markedSelected(image) && !selected) return collapse(field.value);
    // A dialog stands where the screen has room, not against its picture; another picture marked selected is the field's.
    if (selected || panel.matches(DIALOG)) continue;
    const gap = (picture: Element) => ((rect) => (!rect.width || overlaps(rect, box) ? Infinity : rectDistance(rect, box)))(picture.getBoundingClientRect());
    const own = gap(image);
    if (own > GAP_PX || pictures.some((other) => gap(other) < own)) continue;
    return collapse(field.value);
  }
  return '';
}
