// What a model wrote about a picture in documents built around models: the box or text after an output label
// (a demo's "Output" box, a model card's "Output:" quote or <pre>, a tutorial's "Ausgabe:"), a notebook's
// printed text after an image output, and a disclosed "AI description" box. Code is never a caption; a prompt
// box is not an output. Pure DOM reads (layout only to skip avatar-sized pictures).
import { collapse, renderedLines, wordCount } from './caption-text';
import { holdsJsonCaption } from './json-output';
import { namesCaptionInApp } from './app-heading';
import { isModelLeadIn } from './model-names';
import { isRequestToModel, NOTEBOOK_PROMPT } from './requests';
import { isExampleLabel, isOutputLabel, isOutputLeadIn, withoutOutputLabel } from './ui-labels';
import { isLogPanel, isSourceLink, leadLabelOf } from './output-trim';
import { firstLineAfter, startsLine, withoutFileTitle } from './example-frame';
import { isPicture } from './picture-size';

/** How many elements after the image the output label may come (a demo's output sits a few blocks on). */
export const LABEL_REACH = 60;
/** Longest text of an output label ("Generated caption:"), and of a lead-in naming the model. */
const LABEL_CHARS = 30;
const LEAD_IN_CHARS = 120;

const wordsOf = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/);

/** A call on a line of its own, its name glued to its brackets: `describe("/data/goats.png")`, `show(img, 3)`. */
const CALL_LINE = /^[\p{L}_$][\p{L}\p{N}_$.]*\(.*\);?$/u;
/** Brackets, operators and sigils at least one character in 25, or calls alone on their lines: code, not words. */
const looksLikeCode = (text: string) =>
  (text.match(/[(){}=;<>#$[\]]/g) ?? []).length > text.length / 25 || (!!text.trim() && text.trim().split('\n').every((line) => CALL_LINE.test(line.trim())));

/** Source code rather than words (a usage snippet, a printed dict): never a caption. */
export function isCode(element: Element, text: string): boolean {
  if (element.closest('code') || element.querySelector('code')) return true;
  return looksLikeCode(text);
}

/** The text a box shows: a text box's value, else its rendered lines (without the source cards and logs shown with them). */
function boxText(element: Element): string {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) return collapse(element.value);
  const lead = leadLabelOf(element);
  return renderedLines(element, undefined, (el) => el === lead || isSourceLink(el) || isLogPanel(el)).join('\n');
}

/** A text that reads as words of a model, not code, a request or a label. */
export const isModelText = (element: Element, text: string) => wordCount(text) >= 3 && (!isCode(element, text) || holdsJsonCaption(text)) && !isRequestToModel(text);
/** After an output label, a fenced block of prose is the output (model cards render it as <pre><code>); source code is not. */
const isLabelledText = (element: Element, text: string) =>
  wordCount(text) >= 3 &&
  !isRequestToModel(text) &&
  (holdsJsonCaption(text) || (!looksLikeCode(text) && !element.querySelector('code[class*="language-"]') && !element.closest('code[class*="language-"]')));

/** The elements after `image` in document order, up to the next picture. */
export function elementsAfter(image: Element, limit: number): Element[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = image;
  const out: Element[] = [];
  for (let node = walker.nextNode(); node && out.length < limit; node = walker.nextNode()) {
    const element = node as Element;
    if (element.tagName === 'IMG' && isPicture(element)) break;
    out.push(element);
  }
  return out;
}

/** Most words of a label's header row (the label and a view switcher beside it). */
const ROW_WORDS = 6;
/** The block holding what follows `label`: its first text, widened while the box stays clear of the label and other pictures. */
function valueAfter(label: Element, after: Element[]): Element | null {
  const start = after.indexOf(label);
  // A Copy or Clear button is a control, not the value; nor is a word beside a heading in its row (a view switcher: "Preview · JSON").
  const heading = /^H[1-6]$/.test(label.tagName) || label.getAttribute('role') === 'heading';
  const row = heading && label.parentElement && wordCount(collapse(label.parentElement.textContent)) <= ROW_WORDS ? label.parentElement : null;
  const inRow = (el: Element) => !!row?.contains(el) && !/^(?:TEXTAREA|OUTPUT|INPUT)$/.test(el.tagName);
  const first = after
    .slice(start + 1)
    .find((el) => !label.contains(el) && !inRow(el) && !el.closest('button, [role="button"]') && (/^(?:TEXTAREA|OUTPUT|INPUT)$/.test(el.tagName) || Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && collapse(n.textContent))));
  // Another label first (a panel's title, then its "Output"): the value is that label's, not this one's.
  if (!first || isOutputLabel(collapse(first.textContent))) return null;
  let box: Element = first;
  while (box.parentElement && !box.parentElement.contains(label) && !Array.from(box.parentElement.querySelectorAll('img')).some(isPicture) && box.parentElement !== document.body) box = box.parentElement;
  return box;
}

/**
 * The text after an output label that follows the picture ("Output", "Caption", "Ergebnis", "Résultat" …): the
 * labelled text box, `<output>`, quote, `<pre>` or paragraph. Prompt boxes and code are not outputs.
 */
export function labelledOutputs(image: Element): string[] {
  const after = elementsAfter(image, LABEL_REACH * 4);
  const texts: string[] = [];
  const first = firstLineAfter(image, after);
  for (const label of after.slice(0, LABEL_REACH * 4)) {
    // A label is a small element: reading a whole section's text to find out costs more than it tells.
    if (label.childElementCount > 3) continue;
    const own = collapse(label.textContent);
    // Or a lead-in naming the model ("Ecco che cosa ha risposto il modello:"), or in an app a heading naming the caption.
    const labels = own.length <= LABEL_CHARS ? isOutputLabel(own) || isOutputLeadIn(own) || isExampleLabel(own, !NOTEBOOK_PROMPT.test(own) && startsLine(label, own, first)) : own.length <= LEAD_IN_CHARS && (isModelLeadIn(own) || isOutputLeadIn(own) || namesCaptionInApp(label, own, image));
    if (!own || !labels || label.querySelector('textarea, output, input')) continue;
    // "Output: a yellow tram …" on one line: the words after the label are the value.
    const inline = /^(?:STRONG|B|EM|I|SPAN)$/.test(label.tagName) && /^(?:P|LI|DD)$/.test(label.parentElement?.tagName ?? '');
    const line = inline && label.parentElement ? collapse(label.parentElement.textContent) : '';
    const rest = line.startsWith(own) && line.length > own.length + 10 ? line.slice(own.length).trim() : '';
    const box = rest ? null : valueAfter(label, after);
    const text = rest || (box ? withoutFileTitle(boxText(box)) : '');
    if (text && isLabelledText(box ?? label, text) && !texts.includes(text)) texts.push(text);
    if (texts.length >= 2) break;
  }
  return texts;
}

/** A quoted string as a notebook prints a value ('two sheep …'): the words inside the quotes. */
const unquote = (text: string) => text.replace(/^\s*(['"])([\s\S]*)\1\s*$/, '$2');

/** How far up an image output sits in its output area. */
const OUTPUT_LEVELS = 4;

/** A notebook's text output printed after an image output in the same cell ("print(caption)", or Out[n]). */
export function notebookOutput(image: Element): string {
  let inOutput = false;
  for (let box = image.parentElement, level = 0; box && level < OUTPUT_LEVELS; box = box.parentElement, level++) {
    inOutput ||= wordsOf(box.getAttribute('class') ?? '').includes('output') || (box.getAttribute('data-mime-type') ?? '').startsWith('image/');
    if (!inOutput) continue;
    for (let next = box.nextElementSibling; next; next = next.nextElementSibling) {
      // A picture or the author's prose (a Markdown cell) ends the outputs.
      if (next.querySelector('img') || isMarkdown(next) || next.querySelector('[data-mime-type*="markdown"], [class*="arkdown"]')) break;
      // A warning on stderr ("Setting `pad_token_id` …", a progress bar) is the library's, not the model's words.
      if (isStderr(next)) continue;
      const text = printedText(next);
      if (text !== null) return text;
    }
  }
  // display(image) in one cell, the model's answer printed by the next (before any prose cell or picture).
  if (inOutput && !inMarkdown(image)) {
    const next = nextCellPrint(image);
    if (next !== null) return next;
  }
  // Printed before the figure in the same cell (print(caption), then the picture): an output before it, never its code.
  const isOutputPart = (el: Element) => wordsOf(el.getAttribute('class') ?? '').includes('output') && !wordsOf(el.getAttribute('class') ?? '').includes('input');
  for (let box = image.parentElement, level = 0; box && level < OUTPUT_LEVELS; box = box.parentElement, level++) {
    if (!isOutputPart(box)) continue;
    for (let prev = box.previousElementSibling; prev && isOutputPart(prev); prev = prev.previousElementSibling) {
      if (prev.querySelector('img')) break;
      const text = printedText(prev);
      // Only a print that names what it prints ("Caption: …"): a training log before a plot is no caption of it.
      if (text !== null) return text && text !== printedText(prev, false) ? text : '';
    }
  }
  return '';
}

const classWords = (el: Element) => wordsOf(el.getAttribute('class') ?? '');
/** A notebook's stderr output (a warning, a progress bar): JupyterLab's stderr MIME type, classic's `output_stderr`. */
const isStderr = (el: Element) =>
  /stderr/.test(el.getAttribute('data-mime-type') ?? '') || classWords(el).includes('stderr') || !!el.querySelector('[data-mime-type*="stderr"], [class*="stderr"]');
/** A rendered Markdown cell or output: prose the author wrote, not what a cell printed. */
const isMarkdown = (el: Element) => (el.getAttribute('data-mime-type') ?? '').includes('markdown') || classWords(el).includes('markdown');
const inMarkdown = (image: Element) => {
  for (let box = image.parentElement, level = 0; box && level < OUTPUT_LEVELS; box = box.parentElement, level++) if (isMarkdown(box)) return true;
  return false;
};
/** A notebook cell's box: a class that ends in "cell" (jp-Cell, jp-CodeCell, code_cell, cell). */
const isCell = (el: Element) => Array.from(el.classList).some((name) => wordsOf(name).filter(Boolean).at(-1) === 'cell');
/** An output that holds printed text and no other output inside it (JupyterLab's rendered text, classic's output_subarea). */
const isTextOutput = (el: Element) => {
  const words = classWords(el);
  const mime = el.getAttribute('data-mime-type') ?? '';
  return (mime.startsWith('text/plain') || (words.includes('output') && !words.includes('prompt') && !words.includes('input') && !el.querySelector('[class*="output"], [class*="Output"]'))) && !mime.startsWith('image/');
};

/**
 * The text the next code cell prints when the image's own cell prints nothing after it: its outputs past stderr, up to
 * the next picture, prose cell or the cell after it; null when there is none.
 */
function nextCellPrint(image: Element): string | null {
  let cells = 0;
  for (const el of elementsAfter(image, LABEL_REACH * 8)) {
    if (isMarkdown(el) || (isCell(el) && ++cells > 1)) return null;
    if (!isTextOutput(el) || isStderr(el)) continue;
    const text = printedText(el);
    if (text !== null) return text;
  }
  return null;
}

/** What a notebook output prints, without Out[n], a repr's quotes or its label: null when it prints nothing, "" when not words. */
function printedText(output: Element, unlabelled = true): string | null {
  const lines = renderedLines(output).filter((line) => !NOTEBOOK_PROMPT.test(line));
  const printed = unquote(lines.join('\n'));
  const text = unlabelled ? withoutOutputLabel(printed) : printed;
  if (!collapse(text)) return null;
  // Read by its words, not its wrapper: a rendered notebook prints into <pre><code> (Quarto, Jupyter Book), code only if it reads so.
  return isLabelledText(output, text) ? text : '';
}

/** A disclosure's summary that says the box holds a generated description ("AI description", "KI-Bildbeschreibung"). */
const AI_SUMMARY = /\b(?:ai|ki|ia|generated|automatic|automatische?|générée?|generada|generata|gerada)\b.{0,20}\b(?:description|beschreibung|bildbeschreibung|alt(?:ernative)? text|descripción|descrizione|descrição)|^(?:image description|bildbeschreibung|description de l'image|descripción de la imagen|descrizione dell'immagine|descrição da imagem)$/i;

/** A `<details>` box by the picture (in its figure or right after it) whose summary says it holds an AI description. */
export function aiDescriptionBox(image: Element): string {
  const scope = image.closest('figure') ?? image.parentElement;
  const boxes = [
    ...Array.from(scope?.querySelectorAll('details') ?? []),
    ...[scope?.nextElementSibling, scope?.nextElementSibling?.nextElementSibling].filter((el): el is Element => el?.tagName === 'DETAILS'),
  ];
  for (const box of boxes) {
    const summary = box.querySelector('summary');
    if (!summary || !AI_SUMMARY.test(collapse(summary.textContent))) continue;
    const text = renderedLines(box, undefined, (el) => el === summary).join('\n');
    if (collapse(text)) return text;
  }
  return '';
}

/** How many levels above a result's link its rail may sit. */
const RAIL_LEVELS = 3;

/**
 * A picture a search shows as a result beside its answer (a rail of images from the web), not one the user uploaded:
 * it links out to another site (not the page's, not the one serving the picture) and stands in a side rail (`<aside>`,
 * a complementary region) or among other linked pictures. The answer beside it is about the user's picture, not this one.
 */
export function isWebResult(image: Element): boolean {
  const link = image.closest('a[href]');
  const host = (url: string | null) => {
    try {
      return new URL(url ?? '', document.baseURI).host;
    } catch {
      return '';
    }
  };
  const to = host(link?.getAttribute('href') ?? null);
  // Out to another site than the page's and than the one serving the picture (a wiki's infobox links to its full size).
  if (!link || !/^https?:/i.test(link.getAttribute('href') ?? '') || to === host(image.getAttribute('src')) || to === location.host) return false;
  if (link.closest('aside, [role="complementary"]')) return true;
  let box = link.parentElement;
  for (let level = 0; box && level < RAIL_LEVELS; level++, box = box.parentElement)
    if (Array.from(box.querySelectorAll('a[href] img')).filter(isPicture).length >= 2) return true;
  return false;
}
