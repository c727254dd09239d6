import { trimSpan, type Span } from './span.ts';

// A full stop after an abbreviation ends no sentence. An abbreviation is known by its shape, not by a list:
// a lone letter ("J. R. R. Tolkien"), a lower-case word with dots inside ("e.g.", "i.e.", "z.B."), a capitalised
// word of two or three letters ("Dr.", "Mrs.", "St.", "Gen.", "Nr.", "Ул."), or a word without a vowel that is not
// all capitals ("Mr.", "Sgt.", "vs.", "bzw.", but not "BBC."); plus the few longer ones with a vowel that text puts
// mid-sentence ("etc. and", "Prof. Jane Doe"). Capitals with dots inside often end a sentence ("… in the U.S. The
// flag …", "… Washington, D.C. It …"), so ICU's break after them stays, and "H.J. Heinz" is cut as before.
const ABBREVIATION = /^(?:\p{Ll}+(?:\.\p{Ll}+)+|\p{L}|\p{Lu}\p{Ll}{1,2}|[b-df-hj-np-tv-xzB-DF-HJ-NP-TV-XZ][b-df-hj-np-tv-xz]*)$/u;
const MID_SENTENCE_ABBREVIATIONS = new Set('etc approx incl excl prof'.split(' '));
const isAbbreviation = (word: string) => ABBREVIATION.test(word) || MID_SENTENCE_ABBREVIATIONS.has(word.toLowerCase());
// The word before the full stop that ends a piece ("… Dr. ", "… e.g. ", "… am 9. "), and whether a number stands
// right before it ("3.5 kg.", "5 p.m."), set off by a space or an opening bracket or quote ("0°F." is no initial).
const LAST_WORD = /(?:^|(\d\s?)|[\s(\["'“‘])(?:(\p{L}+(?:\.\p{L}+)*)|(\d{1,2}))\.\s*$/u;
/**
 * ICU's sentence rules break after "Dr." or "J." when a capital follows; the break is undone after an
 * abbreviation ("Dr. Smith", "J. R. R. Tolkien", "Gen. James Mattis"). A unit or a time after a number often ends
 * a sentence ("… weighs 3.5 kg. It is silver.", "… at 5 p.m. The sun sets."), so that break stays. A short name
 * that ends a sentence reads as an abbreviation too ("… named Max. It sleeps." stays whole), the price of having
 * no list. Outside English a number of one or two digits with a full stop is an ordinal ("Am 9. November").
 */
function abbreviationBefore(piece: string, english: boolean): boolean {
  const [, afterNumber, word, ordinal] = LAST_WORD.exec(piece) ?? [];
  if (ordinal) return !english && !afterNumber;
  if (!word) return false;
  if (MID_SENTENCE_ABBREVIATIONS.has(word.toLowerCase())) return true; // "€49.99 incl. VAT"
  return !afterNumber && ABBREVIATION.test(word);
}

// ICU never breaks before a dash ("Is it on? - the switch"), but after a question or exclamation a dash
// starts a new item, as in list-like answers: the question is its own sentence, and the dash (a bullet) is
// part of neither.
const QUESTION_THEN_DASH = /[?!]["'”’)\]]*(\s+[-–—•]\s*)(?=[\p{L}\p{N}])/gu;

// ICU never breaks before a lower-case letter (so "e.g. a terrier" stays whole), but captions written in
// haste start sentences in lower case: "the dog is on the couch. it is asleep." In English text a full stop,
// question or exclamation mark after a word of two or more letters, then a space and a lower-case letter,
// ends a sentence, unless a full stop follows an abbreviation ("etc. and", "approx. two", "Mr. and Mrs.") or
// a word with a period of its own ("U.S.", "a.m."). An ellipsis is a pause, not an end.
const LOWERCASE_START = /(?<=(?:^|[^\p{L}.])(\p{L}{2,})([.!?])["'”’)\]]*)\s+(?=\p{Ll})/gu;

// Text quoted from the image ('The label reads: "Take one tablet. Keep away from children."') is one reading,
// however many sentences it holds: a break inside a quotation that closes later is undone.
const QUOTE_REACH = 600;
function quoteOpenAt(caption: string, start: number, end: number): boolean {
  const text = caption.slice(start, end);
  const straight = (text.match(/"/gu) ?? []).length % 2 === 1;
  const curly = (text.match(/“/gu) ?? []).length > (text.match(/”/gu) ?? []).length;
  const ahead = caption.slice(end, end + QUOTE_REACH);
  return (straight && ahead.includes('"')) || (curly && ahead.includes('”'));
}

let cachedLocale = '';
let cachedSegmenter: Intl.Segmenter | null = null;

function segmenterFor(locale: string): Intl.Segmenter {
  // Building a segmenter costs far more than segmenting a caption, so keep the last one.
  if (!cachedSegmenter || cachedLocale !== locale) {
    cachedSegmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    cachedLocale = locale;
  }
  return cachedSegmenter;
}

/** Sentences of the caption as spans (Intl.Segmenter), whitespace trimmed; in `english` text (default: an English locale) also before a lower-case start. */
export function splitSentences(caption: string, locale = 'en', english = /^en\b/iu.test(locale)): Span[] {
  const bounds: Array<[number, number]> = [];
  for (const { segment, index } of segmenterFor(locale).segment(caption)) {
    const end = index + segment.length;
    const previous = bounds.at(-1);
    const tail = previous ? caption.slice(Math.max(previous[0], previous[1] - 12), previous[1]) : '';
    if (previous && (abbreviationBefore(tail, english) || quoteOpenAt(caption, previous[0], previous[1]))) {
      previous[1] = end;
    } else {
      bounds.push([index, end]);
    }
  }
  const spans: Span[] = [];
  const pieces = bounds.flatMap(([start, end]) => afterQuestionDashes(caption, start, end));
  for (const [start, end] of english ? pieces.flatMap(([start, end]) => beforeLowercaseStarts(caption, start, end)) : pieces) {
    const span = trimSpan(caption, start, end);
    if (span && /[\p{L}\p{N}]/u.test(span.text)) spans.push(span);
  }
  return spans;
}

/**
 * Cuts `[start, end)` of the caption wherever `pattern` matches: `cut` says where the piece before the match
 * ends and where the next begins (offsets in the slice), or null to leave that match alone.
 */
function cutWhere(
  caption: string,
  start: number,
  end: number,
  pattern: RegExp,
  cut: (match: RegExpExecArray) => { before: number; after: number } | null,
): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let from = start;
  for (const match of caption.slice(start, end).matchAll(pattern)) {
    const at = cut(match);
    if (!at) continue;
    pieces.push([from, start + at.before]);
    from = start + at.after;
  }
  pieces.push([from, end]);
  return pieces;
}

const afterQuestionDashes = (caption: string, start: number, end: number) =>
  cutWhere(caption, start, end, QUESTION_THEN_DASH, (m) => ({ before: m.index + m[0].length - m[1]!.length, after: m.index + m[0].length }));

const beforeLowercaseStarts = (caption: string, start: number, end: number) =>
  cutWhere(caption, start, end, LOWERCASE_START, (m) => (m[2] === '.' && isAbbreviation(m[1]!) ? null : { before: m.index, after: m.index }));
