// The set-aside rules read English; on other languages they would misfire, so they are not run there.
// The caption's language is told from three things: the script of its letters, the commonest function words, and
// spellings (letters beyond a–z, "tz", "cht", an elided "l'" or "d'") that English words seldom have.

// A few of English's commonest function words ("a" is Portuguese too and "is" Dutch, hence ENGLISH_SHARE below).
const ENGLISH = new Set('a of and is at'.split(' '));
// English spellings: "th" (the, with, this, that, they …) and the endings "-ing" and "-ed".
const ENGLISH_SHAPE = /th|ing$|ed$/u;
// The commonest function words of the other languages the product meets most (German, French, Spanish, Portuguese,
// Italian, Dutch) that English captions seldom hold.
const OTHER = new Set('de la le el il un um ein der die das und een di'.split(' '));
// A Latin letter beyond a–z (é, ü, ñ, ł, ş …), or a German or Dutch spelling ("sitzen", "nicht", "gracht").
const OTHER_SHAPE = /[^\P{Script=Latin}a-z]|tz|cht/u;
// French and Italian elision before a lower-case word: "l'entrée", "d'un" (not a name: "d'Orsay", "L'Oréal").
const ELISION = /(?<!\p{L})[dlDL]['’]\p{Ll}/gu;
// Quoted text is what a sign or screen says, in whatever language it is written; the caption's own words decide.
const QUOTED = /(?<!\p{L})["'‘“„«][^"'‘’“”„«»]*["'’“”»](?!\p{L})/gu;

const LATIN_WORD = /\p{Script=Latin}+/gu;
const LETTERS = /\p{L}+/gu;

/** Is `word` one of the commonest function words above, of English or of another language ("of", "der", "la")? */
export function isCommonFunctionWord(word: string): boolean {
  const lower = word.toLowerCase();
  return ENGLISH.has(lower) || OTHER.has(lower);
}

// Scripts written without spaces between words: a run of them is many words, so they count per character
// (about two characters to a word), and a product name in Latin letters inside such text does not make it English.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

// A longer text with not one English word or spelling is not English, even with no sign of another language.
const LONG = 12;
// Where another language shows, English words must be at least this share of the words of a longer text.
const ENGLISH_SHARE = 1 / 6;

/** A BCP 47 tag in canonical form ("en-US"), or undefined for none or one Intl cannot read. */
export function languageTag(tag: string | undefined): string | undefined {
  const trimmed = tag?.trim();
  if (!trimmed) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
}

interface Evidence {
  /** Words in Latin letters. */
  latin: number;
  /** Words in other scripts (a character of an unspaced script is half a word). */
  otherScript: number;
  english: number;
  other: number;
}

function evidence(text: string): Evidence {
  const words = text.toLowerCase().match(LATIN_WORD) ?? [];
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const otherScript = (text.replace(LATIN_WORD, ' ').replace(UNSPACED, ' ').match(LETTERS)?.length ?? 0) + unspaced / 2;
  let english = 0;
  let other = text.match(ELISION)?.length ?? 0;
  for (const word of words) {
    if (ENGLISH.has(word) || ENGLISH_SHAPE.test(word)) english++;
    else if (OTHER.has(word)) other++;
    // A spelling alone may be a name or a loan word ("Zürich", "café"): half the weight of a function word.
    else if (OTHER_SHAPE.test(word)) other += 0.5;
  }
  return { latin: words.length, otherScript, english, other };
}

/** Is the caption (probably) English? Text with no sign of another language counts as English. */
export function looksEnglish(caption: string): boolean {
  let seen = evidence(caption.replace(QUOTED, ' '));
  if (seen.latin + seen.otherScript === 0) seen = evidence(caption);
  const { latin, otherScript, english, other } = seen;
  if (latin + otherScript === 0) return true;
  if (latin < otherScript) return false;
  if (other === 0) return english > 0 || latin < LONG;
  // A name or a loan word from another language ("Zürich", "café au lait") does not outweigh the English around it.
  return english >= other && (latin < 8 || english >= latin * ENGLISH_SHARE);
}
