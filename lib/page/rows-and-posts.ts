// Two more places a model's description of a picture is read: a table with the picture in one cell and the
// caption(s) in the same row (a dataset viewer; a project page with one column per model, each labelled by its
// header), and a post quoting what a model said about the attached picture (the quote first, the whole post
// second). Pure DOM reads (layout only to tell an avatar from a picture).
import { isAvatarOrLogo } from './avatar-logo';
import { isFiguresRow } from './answer-text';
import { collapse, isFileName, renderedLines, wordCount } from './caption-text';
import { isPicture } from './picture-size';
import { leadLabelOf } from './output-trim';
import { divGridRow, headerNamesOutput } from './div-grid';
import { namesModel } from './model-names';
import { isRequestToModel, PROMPT_LABEL } from './requests';
import { recordFields, type RecordField } from './record-fields';
import { splitRow, type SplitCell } from './split-row';
import { spelledOut } from './ui-labels';

/** One text the row or post offers, with the label it is shown under ("" = the source's own name). */
export interface LabelledText {
  text: string;
  label: string;
}


/** A cell that reads as a description: five words or more, not a title in capitals ("All Universal Loves (except …)"), not a question (a VQA row's, in any language). */
function readsAsCaption(text: string): boolean {
  const words = collapse(text).split(' ').filter((w) => /\p{L}/u.test(w));
  const capitalised = words.filter((w) => /^\P{L}*\p{Lu}/u.test(w)).length;
  // German capitalises every noun: a caption there is still well under three in four.
  // Counted as wordCount does: a caption in a script without spaces (Thai, Khmer, Chinese) is one or two "words" apart.
  return wordCount(text) >= 5 && capitalised * 4 <= words.length * 3 && !/[?？؟]$/u.test(collapse(text));
}

/**
 * A short text (two or more words, no question) under a column header whose cells on most other rows read as
 * captions: one model's terse output in a results table is still its output.
 */
function shortInCaptionColumn(table: Element, row: Element, index: number, text: string): boolean {
  if (wordCount(text) < 2 || /[?？؟]$/u.test(collapse(text)) || !headerOf(table, index)) return false;
  const others = Array.from(table.querySelectorAll('tr, [role="row"]')).filter((other) => other !== row && other.children[index]?.matches('td, [role="cell"], [role="gridcell"]'));
  return others.length > 0 && others.filter((other) => readsAsCaption(cellText(other.children[index]!))).length * 2 > others.length;
}

/** The header cell above column `index` of `table`, read as its first line ("caption" of "caption / string · lengths"). */
function headerOf(table: Element, index: number): string {
  // A <table>'s head row, or an ARIA grid's row of column headers (a dataset viewer built of divs).
  const head =
    table.querySelector('thead tr') ??
    Array.from(table.querySelectorAll('tr')).find((tr) => tr.querySelector('th') && !tr.querySelector('td')) ??
    Array.from(table.querySelectorAll('[role="row"]')).find((row) => row.querySelector('[role="columnheader"]') && !row.querySelector('[role="cell"], [role="gridcell"]')) ??
    // A virtualised grid that draws its head row of gridcells apart from the body, in a box its class names the header.
    Array.from(table.querySelectorAll('[role="row"]')).find((row) => [row, row.parentElement].some((el) => HEAD_CLASS.test(el?.getAttribute('class') ?? '')) && !row.querySelector('img'));
  const cell = head ? Array.from(head.children)[index] : undefined;
  // Without the column's menu or sort glyph after its name ("qwen_vl_output ⋮", "Score ↑").
  return cell ? collapse(renderedLines(cell)[0]).replace(/\s*\p{S}+$/u, '') : '';
}

/** Class words of a grid's head row or its box ("BaseTable__header-row", "grid-head"). */
const HEAD_CLASS = /(?:^|[\s_-])(?:header|head)(?:$|[\s_-])/i;

/** A cell's words, without a label element they start with nor a row of figures under them (an eval's "latency 2.9s", "tokens 612"). */
function cellText(cell: Element): string {
  const lead = leadLabelOf(cell);
  return renderedLines(cell, undefined, (el) => el === lead || isFiguresRow(el)).join('\n');
}

/** The rows of `table` (not of a table inside it). */
const rowsOf = (table: Element) => Array.from(table.querySelectorAll('tr, [role="row"]')).filter((r) => r.closest('table, [role="table"], [role="grid"], [role="treegrid"]') === table);

/**
 * A table with its pictures side by side in one row (a project page's head row of examples) and one row per model
 * below: the text cells of the picture's column, each labelled by its row's header cell ("BLIP-2", "Ours"). Only
 * where each picture has a cell of its own; the other columns are other pictures' captions.
 */
function columnCaptions(cell: Element, row: Element, table: Element): { cells: LabelledText[]; otherRows: string[] } {
  const index = Array.from(row.children).indexOf(cell);
  if (Array.from(row.children).some((c) => c.querySelectorAll('img').length > 1)) return { cells: [], otherRows: [] };
  const cells: LabelledText[] = [];
  const others: string[] = [];
  for (const other of rowsOf(table).filter((r) => r !== row)) {
    Array.from(other.children).forEach((c, i) => {
      if (i !== index) return void (i > 0 && others.push(collapse(c.textContent)));
      const text = cellText(c);
      const label = i > 0 ? collapse(renderedLines(other.children[0]!)[0]) : '';
      if (!c.querySelector('img') && readsAsCaption(text) && !isRequestToModel(text) && !PROMPT_LABEL.test(label)) cells.push({ text, label });
    });
  }
  return { cells, otherRows: cells.length ? others.filter(Boolean) : [] };
}

/** Cells whose column header says they hold the picture's description or an output ("Bildbeschreibung (KI)", "Generated caption") first; the rest keep their order. */
const byHeaderMeaning = (cells: LabelledText[]) => cells.sort((a, b) => Number(headerNamesOutput(b.label)) - Number(headerNamesOutput(a.label)));

/** The same for a grid of plain divs whose header cells share their column's data-* key. */
function divGridCaptions(image: Element): { cells: LabelledText[]; otherRows: string[]; prompts?: string[] } {
  const grid = divGridRow(image);
  if (!grid) return { cells: [], otherRows: [] };
  // A column that says the same on every row, while another differs, is what was sent with each picture.
  const same = constantColumns(grid.row, grid.others);
  const constant = Array.from(grid.row.children).filter((c, i) => same.has(i));
  const cells = grid.cells
    .map(({ element, label }) => ({ element, text: cellText(element), label }))
    .filter(({ element, text, label }) => !constant.includes(element) && readsAsCaption(text) && !isRequestToModel(text) && !PROMPT_LABEL.test(label))
    .map(({ text, label }) => ({ text, label }));
  const prompts = constant.map((c) => collapse(c.textContent));
  return { cells: byHeaderMeaning(cells), otherRows: cells.length ? grid.otherRows : [], prompts };
}

/** The same for a row a virtualised grid draws in parts (rows matched by aria-rowindex, columns by aria-colindex). */
function splitRowCaptions(split: { cells: SplitCell[]; otherRows: SplitCell[][] }): { cells: LabelledText[]; otherRows: string[]; prompts: string[] } {
  const text = (c: SplitCell) => collapse(c.element.textContent);
  const same = (c: SplitCell) => split.otherRows.length > 0 && split.otherRows.every((r) => r.some((o) => o.column === c.column && text(o) === text(c)));
  // As constantColumns: only while another text column differs from row to row.
  const differs = split.cells.some((c) => readsAsCaption(text(c)) && !same(c));
  const constant = split.cells.filter((c) => differs && readsAsCaption(text(c)) && same(c));
  const cells = split.cells
    .filter((c) => !constant.includes(c) && !c.element.querySelector('img'))
    .map((c) => ({ text: cellText(c.element), label: c.label }))
    .filter((c) => readsAsCaption(c.text) && !isRequestToModel(c.text) && !PROMPT_LABEL.test(c.label));
  return { cells: byHeaderMeaning(cells), otherRows: cells.length ? split.otherRows.flat().map(text).filter(Boolean) : [], prompts: constant.map(text) };
}

/**
 * The text fields of the record the picture is a field of (a card of titled fields), each labelled by its title: those
 * titled as a prompt, requests to a model and fields alike in every record are what was sent (`prompts`).
 */
function recordCaptions(image: Element): { cells: LabelledText[]; otherRows: string[]; prompts: string[] } | null {
  const record = recordFields(image);
  if (!record) return null;
  const sent = (f: RecordField) => PROMPT_LABEL.test(spelledOut(f.label)) || isRequestToModel(f.text);
  const cells = record.fields.filter((f) => !sent(f) && readsAsCaption(f.text)).map((f) => ({ text: f.text, label: f.label }));
  const prompts = [...record.constant, ...record.fields.filter(sent)].map((f) => collapse(f.text));
  return { cells: byHeaderMeaning(cells), otherRows: cells.length ? record.otherRecords : [], prompts };
}

/**
 * Columns whose cells say the same on every row while another text column differs from row to row: what was sent with
 * each picture (the prompt, in any language), never what a model said about one of them. By index among the cells of
 * `row`, compared with the same cell of each of `rows` (a table's body rows, or a grid of divs' alike rows).
 */
function constantColumns(row: Element, rows: Element[]): Set<number> {
  const texts = (r: Element) => Array.from(r.children).map((c) => collapse(c.textContent));
  const own = texts(row);
  const same = (i: number) => rows.every((r) => texts(r)[i] === own[i]);
  const constant = own.map((text, i) => i).filter((i) => !!rows.length && readsAsCaption(own[i]!) && same(i));
  return new Set(own.some((text, i) => readsAsCaption(text) && !same(i)) ? constant : []);
}

/**
 * The text cells of the picture's own row, each labelled by its column header, left to right. Columns headed as a
 * prompt, cells that are requests to a model and columns that say the same on every row (`prompts`) are left out;
 * other rows never count.
 */
export function rowCaptions(image: Element): { cells: LabelledText[]; otherRows: string[]; prompts?: string[] } {
  const cell = image.closest('td, th, [role="cell"], [role="gridcell"]');
  const row = cell?.closest('tr, [role="row"]');
  const table = row?.closest('table, [role="table"], [role="grid"], [role="treegrid"]');
  if (!cell || !row || !table) {
    const grid = divGridCaptions(image);
    return grid.cells.length ? grid : recordCaptions(image) ?? grid;
  }
  if (Array.from(row.querySelectorAll('img')).filter(isPicture).length > 1) return columnCaptions(cell, row, table);
  const split = splitRow(cell, row, table);
  if (split) return splitRowCaptions(split);
  const cells: LabelledText[] = [];
  const constant = constantColumns(row, rowsOf(table).filter((r) => r !== row && r.querySelector('td, [role="cell"], [role="gridcell"]')));
  const prompts = Array.from(row.children).filter((c, i) => constant.has(i)).map((c) => collapse(c.textContent));
  Array.from(row.children).forEach((other, index) => {
    if (other === cell || other.querySelector('img') || constant.has(index)) return;
    const text = cellText(other);
    const label = headerOf(table, index);
    if (!(readsAsCaption(text) || shortInCaptionColumn(table, row, index, text)) || isRequestToModel(text) || PROMPT_LABEL.test(label)) return;
    cells.push({ text, label });
  });
  byHeaderMeaning(cells);
  const otherRows = Array.from(table.querySelectorAll('td, [role="cell"], [role="gridcell"]'))
    .filter((td) => td.closest('tr, [role="row"]') !== row)
    .map((td) => collapse(td.textContent))
    .filter(Boolean);
  return { cells, otherRows, prompts };
}

/**
 * A quoted run of words: an opening mark after a space or colon, a closing one before a space or punctuation (“…”, "…",
 * „…“, «…», German »…«), or Japanese and Chinese corner brackets anywhere (「…」, 『…』).
 */
const QUOTED = /(?:^|[\s:(])[“”"„«]\s?(?=\S)([^“”"„«»]{30,}?)(?<=\S)\s?[”"“»](?=$|[\s.,;:!?)])|(?:^|[\s:(])»(?=\S)([^«»]{30,}?)(?<=\S)«|[「『]([^「」『』]{12,}?)[」』]/u;
/** The quoted words of a QUOTED match, whichever marks it used. */
const quotedWords = (match: RegExpExecArray | null) => match?.[1] ?? match?.[2] ?? match?.[3] ?? '';
/** How far up the post holding the picture may be. */
const POST_LEVELS = 6;
/** Most levels up to a post the page marks as one, and the most text it holds (a feed's message, not a whole article). */
const MARKED_POST_LEVELS = 12;
const MARKED_POST_CHARS = 2000;

/**
 * How far up from the picture its post may be: a few levels, or up to the post the page marks as one (a message or a
 * feed item drawn as an ARIA article, its attachment nested deep below the words above it).
 */
function postReach(image: Element): number {
  const post = image.parentElement?.closest('[role="article"], article');
  if (!post || collapse(post.textContent).length > MARKED_POST_CHARS) return POST_LEVELS;
  let depth = 0;
  for (let el = image.parentElement; el && el !== post; el = el.parentElement) depth++;
  return Math.min(MARKED_POST_LEVELS, Math.max(POST_LEVELS, depth + 1));
}
/** An image's file name and size line ("sommerfest.jpeg 2048×1365 412 KB"): not part of a post's words. */
const FILE_LINE = /^\S+\.(?:jpe?g|png|gif|webp|heic)\b|\b\d{2,5}\s*[×x]\s*\d{2,5}\b|\b\d+(?:[.,]\d+)?\s*(?:KB|MB|kB)\b/;

/** Code in a post (an API sample's `"prompt": "…"`) is no one's words about the picture. */
const isCodeBlock = (el: Element) => el.tagName === 'PRE' || el.tagName === 'CODE';

/** The post's words, line by line, without file names, sizes, controls or code. */
const postText = (element: Element) =>
  renderedLines(element, undefined, isCodeBlock)
    .filter((line) => !FILE_LINE.test(line) && !isFileName(line))
    .join('\n');

/** A colon within a few sentences after words naming a model ("…through a vision model. This is what it came back with:"). */
const namesThenColon = (raw: string) =>
  Array.from(raw.matchAll(/[:：]/g))
    .slice(0, 40)
    .some((colon) => namesModel(raw.slice(Math.max(0, colon.index - 200), colon.index)));

/**
 * Words a post gives as the model's without quotation marks: the line after one that names the model and ends in a
 * colon ("I ran it through a vision model. This is what it came back with:"), when it reads as a description.
 */
function ledIn(lines: string[]): string {
  const at = lines.findIndex((line, i) => /[:：]$/.test(line) && namesModel(line) && i + 1 < lines.length);
  const next = at >= 0 ? lines[at + 1]! : '';
  return wordCount(next) >= 6 && !isRequestToModel(next) ? next : '';
}

/**
 * A post that quotes a model's description of its picture: the quote (a blockquote, words in quotation marks, or the
 * line after a lead-in naming the model) first, the whole post second. Only where the post says a model or an AI wrote
 * it, and the post holds this picture alone.
 */
export function postQuote(image: Element): LabelledText[] {
  if (!isPicture(image)) return [];
  const reach = postReach(image);
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < reach; box = box.parentElement, level++) {
    // The author's avatar in the post's header is no second picture.
    if (Array.from(box.querySelectorAll('img')).some((img) => img !== image && isPicture(img) && !isAvatarOrLogo(img))) return [];
    const quote = Array.from(box.querySelectorAll('blockquote')).find((q) => wordCount(q.textContent ?? '') >= 6);
    // Laying the box out line by line is dear: only where it names a model and holds a quote, quotation marks, or a
    // colon shortly after the model's name.
    const raw = box.textContent ?? '';
    if (!namesModel(raw) || (!quote && !/[“”"„«»「『]/.test(raw) && !namesThenColon(raw))) continue;
    const lines = renderedLines(box, undefined, isCodeBlock);
    const all = lines.join('\n');
    const inline = quote ? null : QUOTED.exec(all);
    const quoted = inline && wordCount(quotedWords(inline)) >= 6 ? quotedWords(inline) : '';
    const led = quote || quoted ? '' : ledIn(lines);
    if (!quote && !quoted && !led) continue;
    if (!namesModel(all.replace(quote ? collapse(quote.textContent) : quoted ? inline![0] : led, ''))) return [];
    const text = quote ? renderedLines(quote).join('\n') : quoted || led;
    // The whole post: the quote's block with the words around it.
    let holder: Element | null = quote?.parentElement ?? null;
    if (!holder) {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest('pre, code') && collapse(node.textContent).includes(collapse(text).slice(0, 30))) holder = node.parentElement;
      while (holder && holder !== box && collapse(holder.textContent).length < (inline?.[0].length ?? text.length) + 10) holder = holder.parentElement;
    }
    const whole = holder ? postText(holder) : '';
    return [{ text, label: '' }, ...(whole && collapse(whole) !== collapse(text) ? [{ text: whole, label: '' }] : [])];
  }
  return [];
}
