// A record shown as a card of labelled fields (an annotation tool's record, a data browser's item, a dataset
// card): each field a short title over its value ("image", "prompt", "model_caption", "model"), the picture in a
// field of its own. The record's other text fields are what it says about that picture, each labelled by its title;
// a field that says the same in every record beside it (the prompt sent with each picture, the model's name) is what
// was sent or who answered, and other records' fields belong to their own pictures. Read by structure, in any
// language. Pure DOM reads (layout only to tell an avatar from a picture).
import { collapse, renderedLines, wordCount } from './caption-text';
import { isPicture } from './picture-size';

/** Longest field title ("model_caption", "Generated description"). */
const TITLE_CHARS = 30;
/** How far up from the picture its field may be (picture → content box → field). */
const FIELD_LEVELS = 3;
/** How far up from the picture's field the record holding its other fields may be. */
const RECORD_LEVELS = 4;
/** How far up from the record its repeated box (one per record, side by side) may be. */
const REPEAT_LEVELS = 3;

/** What a field holds besides the picture: a text field's title and value. */
export interface RecordField {
  label: string;
  text: string;
}

/** The title a field begins with: its first element, a short line of its own (no sentence, no control, no picture). */
function titleOf(field: Element): Element | null {
  const first = field.firstElementChild;
  if (!first || field.childElementCount < 2 || first.childElementCount > 1 || first.matches('img, input, textarea, select, button') || first.querySelector('img, input, textarea, select, button')) return null;
  const text = collapse(first.textContent);
  if (!text || text.length > TITLE_CHARS || wordCount(text) > 3 || /[.!?。:：]$/.test(text) || /^\d/.test(text)) return null;
  // Nothing of the field's comes before its title.
  return collapse(field.textContent).startsWith(text) ? first : null;
}

/** A field's value: its lines after the title. */
const valueOf = (field: Element, title: Element) => renderedLines(field, undefined, (el) => el === title).join('\n');

/** The picture's own field: a titled box that holds the picture and no words but its title. */
function pictureField(image: Element): Element | null {
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < FIELD_LEVELS; box = box.parentElement, level++) {
    const title = titleOf(box);
    if (title) return collapse(box.textContent) === collapse(title.textContent) ? box : null;
  }
  return null;
}

/** The text fields inside `record` (innermost titled boxes without a picture), with their titles' words and values. */
function fieldsIn(record: Element, skip: Element | null): RecordField[] {
  const titled = Array.from(record.querySelectorAll('*')).filter((el) => (!skip || !skip.contains(el)) && !el.querySelector('img') && titleOf(el));
  return titled
    .filter((el) => !titled.some((inner) => inner !== el && el.contains(inner)))
    .map((el) => ({ label: collapse(titleOf(el)!.textContent), text: valueOf(el, titleOf(el)!) }))
    .filter((f) => collapse(f.text));
}

/** Elements alike as one record each: the same tag and first class word (or, classless, the same data-* names). */
function alike(a: Element, b: Element): boolean {
  if (a === b || a.tagName !== b.tagName) return false;
  const word = (el: Element) => (el.getAttribute('class') ?? '').trim().split(/\s+/)[0] ?? '';
  const data = (el: Element) => Array.from(el.attributes).map((x) => x.name).filter((n) => n.startsWith('data-')).sort().join(' ');
  return word(a) ? word(a) === word(b) : !!data(a) && data(a) === data(b);
}

/** The other records beside this one: the repeated boxes alike to the one holding it. */
function otherRecords(record: Element): Element[] {
  for (let box: Element | null = record, level = 0; box && box.parentElement && box !== document.body && level < REPEAT_LEVELS; box = box.parentElement, level++) {
    const others = Array.from(box.parentElement.children).filter((el) => alike(el, box!));
    if (others.length) return others;
  }
  return [];
}

/**
 * The labelled text fields of the record whose picture field holds `image`, in order, with the fields that say the
 * same in every record beside it apart (`constant`), and the texts of the other records' fields (never offered as
 * equals). null when the picture is not a record's field.
 */
export function recordFields(image: Element): { fields: RecordField[]; constant: RecordField[]; otherRecords: string[] } | null {
  if (!isPicture(image)) return null;
  const listed = listedFields(image);
  if (listed) return listed;
  const own = pictureField(image);
  if (!own) return null;
  for (let record = own.parentElement, level = 0; record && record !== document.body && level < RECORD_LEVELS; record = record.parentElement, level++) {
    // Once the box holds another picture it is a list of records, not this one.
    if (Array.from(record.querySelectorAll('img')).some((img) => img !== image && isPicture(img))) return null;
    const fields = fieldsIn(record, own);
    if (!fields.length) continue;
    const others = otherRecords(record).map((other) => fieldsIn(other, null));
    const same = (f: RecordField) => others.length > 0 && others.every((o) => o.some((x) => x.label === f.label && collapse(x.text) === collapse(f.text)));
    return {
      fields: fields.filter((f) => !same(f)),
      constant: fields.filter(same),
      otherRecords: others.flat().map((f) => collapse(f.text)),
    };
  }
  return null;
}

/** A term's title: short, no sentence (as a field's title). */
const isTitle = (text: string) => !!text && text.length <= TITLE_CHARS && wordCount(text) <= 3 && !/[.!?。:：]$/.test(text);

/** The term and description pairs of a definition list, each a field titled by its term. */
function pairsOf(list: Element): { term: Element; value: Element }[] {
  return Array.from(list.children)
    .filter((el) => el.tagName === 'DD' && el.previousElementSibling?.tagName === 'DT')
    .map((value) => ({ term: value.previousElementSibling!, value }))
    .filter(({ term }) => isTitle(collapse(term.textContent)));
}

/**
 * The same for a record written as a definition list (a trace's "input.image", "output.text", "model" terms): the
 * picture in a description of its own, the other descriptions its fields, titled by their terms.
 */
function listedFields(image: Element): { fields: RecordField[]; constant: RecordField[]; otherRecords: string[] } | null {
  const own = image.closest('dd');
  const list = own?.parentElement;
  if (!own || list?.tagName !== 'DL' || own.previousElementSibling?.tagName !== 'DT' || collapse(own.textContent)) return null;
  if (Array.from(list.querySelectorAll('img')).some((img) => img !== image && isPicture(img))) return null;
  const read = (dl: Element, skip: Element | null) =>
    pairsOf(dl)
      .filter(({ value }) => value !== skip && !value.querySelector('img'))
      .map(({ term, value }) => ({ label: collapse(term.textContent), text: renderedLines(value).join('\n') }))
      .filter((f) => collapse(f.text));
  const fields = read(list, own);
  if (!fields.length) return null;
  const others = otherRecords(list).map((dl) => read(dl, null));
  const same = (f: RecordField) => others.length > 0 && others.every((o) => o.some((x) => x.label === f.label && collapse(x.text) === collapse(f.text)));
  return { fields: fields.filter((f) => !same(f)), constant: fields.filter(same), otherRecords: others.flat().map((f) => collapse(f.text)) };
}
