import { trimSpan, type Span } from './span.ts';

// ICU's sentence rules break after "Dr." or "Mr." when a capital follows; these abbreviations
// almost never end a sentence, so a break right after one is undone.
const NON_FINAL_ABBREVIATION =
  /(?:^|[\s("'“‘])(?:dr|mr|mrs|ms|mx|prof|st|mt|sr|sgt|capt|gen|col|lt|rev|hon|fig|no|nos|vs|approx|ca|cf|e\.g|i\.e)\.["'”’)]*\s*$/iu;
// A lone capital with a period is an initial ("J. Smith").
const INITIAL = /(?:^|[\s("'“‘])\p{Lu}\.\s*$/u;
// ICU never breaks before a dash ("Is it on? - the switch"), but after a question or exclamation a dash
// starts a new item, as in list-like answers: the question is its own sentence, and the dash (a bullet) is
// part of neither.
const QUESTION_THEN_DASH = /[?!]["'”’)\]]*(\s+[-–—•]\s*)(?=[\p{L}\p{N}])/gu;

// ICU never breaks before a lower-case letter (so "e.g. a terrier" stays whole), but captions written in
// haste start sentences in lower case: "the dog is on the couch. it is asleep." In English text a full stop,
// question or exclamation mark after a word of two or more letters, then a space and a lower-case letter,
// ends a sentence, unless the word is an abbreviation that a lower-case word often follows ("etc.", "approx.",
// "vs.", "oz.") or has a period of its own ("U.S.", "a.m."). An ellipsis is a pause, not an end.
const LOWERCASE_START = /(?<=(?:^|[^\p{L}.])(\p{L}{2,})[.!?]["'”’)\]]*)\s+(?=\p{Ll})/gu;
const LOWERCASE_FOLLOWS = new Set(
  `etc approx incl excl esp vs ca cf al dept est min max sec hr hrs oz lb lbs ft in yd mi pt qt gal tbsp tsp pp vol ed eds ch sq no nos fig figs viz resp avg
  dr mr mrs ms mx prof st mt sr jr sgt capt gen col lt rev hon co corp inc ltd bros`.split(/\s+/u),
);

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
    if (previous && (NON_FINAL_ABBREVIATION.test(tail) || INITIAL.test(tail) || quoteOpenAt(caption, previous[0], previous[1]))) {
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
  cutWhere(caption, start, end, LOWERCASE_START, (m) => (LOWERCASE_FOLLOWS.has(m[1]!.toLowerCase()) ? null : { before: m.index, after: m.index }));
