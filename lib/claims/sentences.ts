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

/** Sentences of the caption as spans (Intl.Segmenter), whitespace trimmed. */
export function splitSentences(caption: string, locale = 'en'): Span[] {
  const bounds: Array<[number, number]> = [];
  for (const { segment, index } of segmenterFor(locale).segment(caption)) {
    const end = index + segment.length;
    const previous = bounds.at(-1);
    const tail = previous ? caption.slice(Math.max(previous[0], previous[1] - 12), previous[1]) : '';
    if (previous && (NON_FINAL_ABBREVIATION.test(tail) || INITIAL.test(tail))) {
      previous[1] = end;
    } else {
      bounds.push([index, end]);
    }
  }
  const spans: Span[] = [];
  for (const [start, end] of bounds.flatMap(([start, end]) => afterQuestionDashes(caption, start, end))) {
    const span = trimSpan(caption, start, end);
    if (span && /[\p{L}\p{N}]/u.test(span.text)) spans.push(span);
  }
  return spans;
}

function afterQuestionDashes(caption: string, start: number, end: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let from = start;
  for (const match of caption.slice(start, end).matchAll(QUESTION_THEN_DASH)) {
    const cut = start + match.index + match[0].length;
    pieces.push([from, cut - match[1]!.length]);
    from = cut;
  }
  pieces.push([from, end]);
  return pieces;
}
