import { isCommonFunctionWord } from './language.ts';

// "Figure 3:", "Fig. 2 —", "Abbildung 3:", "Рис. 2.", "图1：", "Image 1 of 5": a label and its number open a
// caption on galleries, papers, shops and demo pages. They say where the picture sits among others, never what
// it shows. A label is known by its place and shape, not by its word, so "Chapter 3:", "Step 2:" or "Tabla 1."
// count in any language: one word at the very start (or its abbreviation with a dot), a number, a separator.

// "3", "3a", "S2", "3.2", "2(a)", "#4", "IV", "B": the number or letter of the picture.
const NUMBER = String.raw`(?:[a-z]?\d+(?:[.-]\d+)*[a-z]?(?:\s?\([a-z]\))?|[ivxlc]+|[a-z])`;
// "1 of 5", "1/5", "1 von 5", "1 sur 5", "1 de 5", "1 из 5": a place in a gallery (a short word between numbers).
const OF_TOTAL = String.raw`\s?(?:/|\s\p{Ll}{1,3}\s)\s?\d+`;
// The separators after a label: : ： . ． | · • ) ] 、 – — and a spaced hyphen. Non-ASCII characters of raw patterns
// are written as escapes, so the built scripts are plain ASCII (which the browser reads as one-byte text).
const SEPARATOR = String.raw`\s?(?:[:\uFF1A.\uFF0E|\u00B7\u2022)\]\u3001\u2013\u2014]|\s-)`;

const WORD_LABEL = new RegExp(
  String.raw`^[(\[]?(?<word>\p{L}+)(?<dot>\.?)(?!\p{L})(?:\s?#?(?<number>${NUMBER})(?:${OF_TOTAL}|(?=${SEPARATOR}|\s*$))|(?=\s?[:\uFF1A]))(?<separator>${SEPARATOR}|(?<=\d)(?=\s+\p{Lu})|\s*$)[\])]?`,
  'iu',
);
// Scripts without spaces put the number right after a word of one to four Han or Katakana characters:
// "図1：", "图 2.", "写真3", "イラスト 4". Hiragana is left out: it writes particles ("猫が 3 匹"); so is a number
// before a unit in Latin letters ("約 3 kg").
const CJK_LABEL = /^[\p{Script=Han}\p{Script=Katakana}]{1,4}\s?[0-9０-９]+(?:[.-][0-9]+)*\s?(?:[:：.．、]|\s(?!\p{Script=Latin})|$)/u;
// A word alone before a colon is a label only when it names the picture ("Photo: …"); "Colour: red" is a claim.
const PICTURE_WORDS = new Set('photo foto image picture bild'.split(' '));

/** Is `token` a lone letter or Roman numeral written as one ("B", "IV")? Lower-case runs ("civil") are words. */
const letterOrNumeral = (token: string) => token.length === 1 || token === token.toUpperCase();

// A word of one or two letters of an alphabet is a preposition or the like ("In 2020:", "Am 9. November"), not a
// label; a Hangul word of two syllables may be one ("그림 1:").
const SHORT_WORD = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]{1,2}$/u;

/** Is the word at the start one a label can be: not short, not a common function word ("Der 3. Platz"), not a brand in camel case ("iPhone 15:")? */
const labelWord = (word: string) => !SHORT_WORD.test(word) && !isCommonFunctionWord(word) && !/\p{Ll}\p{Lu}/u.test(word);

// A bare word counts only before a colon and only if it names a picture; with a number it needs a separator, or
// a total ("1 of 5"). A full stop after a lone letter reads as an initial ("Präsident J. Smith"), not a label.
/** The length of the figure label and numbering that open `text` ("Figure 3: ", "Image 1 of 5 "), space after it included; 0 if none. */
export function figureLabelLength(text: string): number {
  const withSpace = (length: number) => text.length - text.slice(length).trimStart().length;
  const cjk = CJK_LABEL.exec(text);
  if (cjk) return withSpace(cjk[0].length);
  const match = WORD_LABEL.exec(text);
  if (!match?.groups) return 0;
  const { word, dot, number, separator } = match.groups as { word: string; dot: string; number?: string; separator: string };
  if (!labelWord(word)) return 0;
  if (!number) return PICTURE_WORDS.has(word.toLowerCase()) && !dot ? withSpace(match[0].length) : 0;
  const lettered = /^[a-z]+$/iu.test(number);
  if (lettered && !letterOrNumeral(number)) return 0;
  if (separator.trim() === '.' && lettered && number.length === 1) return 0;
  return withSpace(match[0].length);
}
