// A notebook whose cells show their output above their code (Observable's inspector): the picture is one cell's
// output, and the next code cell's output is a named string value, `caption = "…"`, the model's words about it. Pure
// DOM reads (layout only to tell a picture from an icon).
import { collapse, renderedLines, wordCount } from './caption-text';
import { isPicture } from './picture-size';
import { isRequestToModel } from './requests';
import { jsonFields } from './json-output';

/** How far up the picture its cell may sit. */
const CELL_LEVELS = 6;
/** How many code cells after the picture's are read for its value. */
const CELLS_READ = 2;
/** A cell's code: an editor, a text box, a listing. */
const CODE = '[role="textbox"], [contenteditable], textarea, pre, code, [class*="editor" i], [class*="CodeMirror"]';

/** A notebook cell's box: a class name whose last word is "cell" (notebook-cell, jp-Cell, code_cell), or a `data-` attribute naming it one (`data-el-cell`, `data-cell-id`). */
const isCell = (el: Element) =>
  Array.from(el.classList).some((name) => name.split(/[^a-zA-Z]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean).at(-1)?.toLowerCase() === 'cell') ||
  Array.from(el.attributes).some((a) => /^data-(?:[a-z]+-)?cell(?:-(?:id|type|index))?$/.test(a.name));

/** A value as an inspector shows it, its name first or not: `caption = "Two boats …"`, `"Two boats …"`. */
const NAMED_STRING = /^(?:[\p{L}_$][\p{L}\p{N}_$]*\s*=\s*)?(["'`“])([\s\S]+)(["'`”])$/u;

/** Brackets, operators and sigils at least one character in 25: code, not words. */
const looksLikeCode = (text: string) => (text.match(/[(){}=;<>#$[\]]/g) ?? []).length > text.length / 25;

/** What a cell shows besides its code: its output's lines, without the editor and the gutter's marks. */
function cellOutputLines(cell: Element): string[] {
  return renderedLines(cell, undefined, (el) => el.matches(CODE)).filter((line) => /[\p{L}\p{N}]/u.test(line));
}

/** The words a cell's output holds: a string value as an inspector shows it, or a printed structure's describing field (`%{text: "…"}`). */
function valueOf(cell: Element): string {
  const lines = cellOutputLines(cell);
  const named = collapse(NAMED_STRING.exec(collapse(lines.join(' ')))?.[2]);
  if (named) return named;
  for (const line of lines) {
    const field = jsonFields(line)?.[0]?.text;
    if (field) return field;
  }
  return '';
}

/**
 * The string value the next code cell shows when the picture is a cell's output above its code (a notebook whose
 * inspector prints `kuvateksti1 = "…"`): the words without the name and the quotes; "" when there is none. A prose
 * cell or another picture ends the search.
 */
export function cellValueAfter(image: Element): string {
  if (!isPicture(image)) return '';
  let cell: Element | null = image.parentElement;
  for (let level = 0; cell && level < CELL_LEVELS && !(isCell(cell) && cell.querySelector(CODE)); level++) cell = cell.parentElement;
  if (!cell || !isCell(cell) || image.closest(CODE)) return '';
  let read = 0;
  for (let next = cell.nextElementSibling; next && read < CELLS_READ; next = next.nextElementSibling) {
    if (!isCell(next)) continue;
    if (!next.querySelector(CODE) || Array.from(next.querySelectorAll('img')).some(isPicture)) return '';
    read++;
    const text = valueOf(next);
    // Words, not a listing the cell printed as a string, nor the request it sent.
    if (wordCount(text) >= 5 && !looksLikeCode(text) && !isRequestToModel(text)) return text;
  }
  return '';
}

/** A block's code as a notebook paragraph shows it: a listing or a code editor (not a prompt box). */
const LISTING = 'pre, code, [class*="editor" i], [class*="CodeMirror"]';
/** How far up from the picture the result box after a block's code may be. */
const RESULT_LEVELS = 4;

/**
 * A notebook paragraph whose result box, right after its code, shows the picture and then printed text (an image and
 * `print(caption)` in one paragraph, whatever the renderer calls its boxes): the first text after the picture in that
 * box, when it reads as words; "" otherwise.
 */
export function printedAfterPicture(image: Element): string {
  if (!isPicture(image) || image.closest(LISTING)) return '';
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < RESULT_LEVELS; box = box.parentElement, level++) {
    const code = box.previousElementSibling;
    if (!code?.matches(LISTING) || !looksLikeCode(code.textContent ?? '')) continue;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT);
    walker.currentNode = image;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as Element;
      if (element.tagName === 'IMG' && isPicture(element)) return '';
      if (!Array.from(element.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && collapse(n.textContent))) continue;
      const text = renderedLines(element).join('\n');
      return wordCount(text) >= 5 && !looksLikeCode(text) && !isRequestToModel(text) ? text : '';
    }
    return '';
  }
  return '';
}
