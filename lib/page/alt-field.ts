// An alt-text field that an editor opens for the selected picture in a floating panel (a rich-text editor's balloon,
// a popover), placed against the picture on screen but written elsewhere in the page (often at the end of the body):
// the words in it (an AI alt-text generator's, or the author's) are the picture's description. Read by what the page
// says (a text box labelled as alt text, in any of the extension's languages) and where it stands, not by one
// editor's class names. Pure DOM reads plus layout.
import { collapse, rectDistance, wordCount } from './caption-text';
import { isPicture } from './model-output';
import { namesAltText } from './ui-labels';

/** Farthest the panel may stand from the picture it belongs to (CSS px): a balloon's arrow touches its picture. */
const GAP_PX = 64;
/** How far up from the field its floating panel may be. */
const PANEL_LEVELS = 8;

/** What a text box is called: its `<label>`, the elements `aria-labelledby` names, or its `aria-label`. */
function labelOf(box: HTMLInputElement | HTMLTextAreaElement): string {
  const byIds = (box.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  return collapse(box.labels?.[0]?.textContent || byIds || box.getAttribute('aria-label'));
}

/** The box the field floats in: the nearest one laid out outside the page's flow (absolute or fixed), or a popover. */
function panelOf(field: Element): Element | null {
  for (let el = field.parentElement, level = 0; el && el !== document.body && level < PANEL_LEVELS; el = el.parentElement, level++) {
    const position = getComputedStyle(el).position;
    if (position === 'absolute' || position === 'fixed' || el.hasAttribute('popover')) return el;
  }
  return null;
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
  for (const field of fields) {
    const panel = panelOf(field);
    if (!panel || Array.from(panel.querySelectorAll('img')).some(isPicture)) continue;
    const box = panel.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const gap = (picture: Element) => ((rect) => (!rect.width || overlaps(rect, box) ? Infinity : rectDistance(rect, box)))(picture.getBoundingClientRect());
    const own = gap(image);
    if (own > GAP_PX || Array.from(document.querySelectorAll('img')).some((other) => other !== image && isPicture(other) && gap(other) < own)) continue;
    return collapse(field.value);
  }
  return '';
}
