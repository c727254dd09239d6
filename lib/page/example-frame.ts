// A docs page's example: the request's code, then a picture in its frame (with at most a short line of its own under
// it: a credit, a place), then the output the example printed, after its label. Which line comes first after the
// picture, past its frame's own line. Pure DOM reads.
import { collapse, wordCount } from './caption-text';
import { isPicture } from './picture-size';

/** Most words of a picture's own line in its frame (a credit, a place: "Photo taken in Madurai (our team)"). */
const FRAME_LINE_WORDS = 12;
/** How far up a picture's frame may hold it and its own line. */
const FRAME_LEVELS = 4;

/** The box a picture is shown in with at most its own short line under it (a docs page's frame), or null. */
function frameOf(image: Element): Element | null {
  let frame: Element | null = null;
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < FRAME_LEVELS; box = box.parentElement, level++) {
    if (wordCount(collapse(box.textContent)) > FRAME_LINE_WORDS || box.querySelector('pre, code, textarea, input') || Array.from(box.querySelectorAll('img')).some((img) => img !== image && isPicture(img))) break;
    frame = box;
  }
  return frame;
}

/**
 * The first line after a picture, read as an example's label may be: the first element with words of its own
 * (letters or figures, not a decorative mark hidden from readers), past the picture's own line in its frame (a credit
 * or a place under it) unless that line is itself a label ending in a colon.
 */
export function firstLineAfter(image: Element, after: Element[]): Element | undefined {
  const frame = frameOf(image);
  return after.find((el) => {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(n.textContent ?? ''));
    if (!own || el.closest('[aria-hidden="true"]')) return false;
    return !(frame?.contains(el) && !/[:：]$/.test(collapse(el.textContent)));
  });
}

/** The label is the first line after the picture, or starts it ("<p><strong>Result:</strong> …</p>"). */
export const startsLine = (label: Element, own: string, first: Element | undefined) =>
  !!first && (label === first || (label.contains(first) && own.startsWith(collapse(first.textContent))) || (first.contains(label) && collapse(first.textContent).startsWith(own)));

/** A code block's title bar naming a file ("output.txt", "response.json"): the block's name, not what it holds. */
const FILE_TITLE = /^[\w.-]{1,40}\.[a-z\d]{1,5}$/i;
/** A block's text without the file name on its title bar above the text. */
export const withoutFileTitle = (text: string) => {
  const lines = text.split('\n');
  return lines.length > 1 && FILE_TITLE.test(collapse(lines[0])) ? lines.slice(1).join('\n') : text;
};

