// "Figure 3:", "Fig. 2 —", "Photo:", "Sample 2.", "Image 1 of 5": a label and its number open a caption on
// galleries, papers and demo pages. They say where the picture sits among others, never what it shows.

// Words that name a picture or an example, in the languages the claim stages meet (see language.ts):
// English, German, French, Spanish, Portuguese, Italian, Dutch, Russian. Abbreviations may end in a dot.
const LABEL_WORDS = [
  'figure fig figs photo photograph image img picture pic plate panel sample example exhibit illustration graphic chart diagram slide screenshot still frame output caption',
  'abbildung abb bild foto grafik beispiel probe tafel aufnahme',
  'planche exemple échantillon graphique capture',
  'figura imagen fotografía ilustración lámina muestra ejemplo gráfico',
  'imagem fotografia ilustração amostra exemplo',
  'immagine illustrazione tavola campione esempio grafico',
  'figuur afbeelding beeld illustratie voorbeeld plaat',
  'рисунок рис фото изображение иллюстрация пример',
]
  .join(' ')
  .split(' ')
  // Longest first, so "photograph" is not read as "photo" and a letter.
  .sort((a, b) => b.length - a.length);
// Scripts without spaces put the number right after the word: "図1：", "图 2.", "写真3".
const CJK_LABEL_WORDS = '図 写真 画像 イラスト 例 图 圖 图片 圖片 照片 示例 样本 樣本';

// "3", "3a", "S2", "3.2", "2(a)", "#4", "IV", "B": the number or letter of the picture.
const NUMBER = String.raw`#?(?:[a-z]?\d+(?:[.-]\d+)*[a-z]?(?:\s?\([a-z]\))?|[ivxlc]+|[a-z])`;
// "1 of 5", "1/5", "1 von 5", "1 sur 5", "1 de 5", "1 di 5", "1 van 5", "1 из 5": a place in a gallery.
const OF_TOTAL = String.raw`\s?(?:/|\s(?:of|von|sur|de|di|van|из)\s)\s?\d+`;
const SEPARATOR = String.raw`\s?(?:[:：.．|·•)\]、]|\s[-–—]|[–—])`;

const LATIN = new RegExp(
  String.raw`^[(\[]?(?<word>${LABEL_WORDS.join('|')})(?:\.|(?!\p{L}))(?:\s?(?<number>${NUMBER})(?:${OF_TOTAL}|(?=${SEPARATOR}|\s*$))|(?=\s?[:：]))(?:${SEPARATOR}|(?<=\d)(?=\s+\p{Lu})|\s*$)[\])]?`,
  'iu',
);
const CJK = new RegExp(String.raw`^(?:${CJK_LABEL_WORDS.split(' ').join('|')})\s?[0-9０-９]+(?:[.-][0-9]+)*\s?(?:[:：.．、]|\s|$)`, 'u');

/** Is `token` a lone letter or Roman numeral written as one ("B", "IV")? Lower-case runs ("civil") are words. */
const letterOrNumeral = (token: string) => token.length === 1 || token === token.toUpperCase();

// A bare word counts only before a colon ("Photo: …"); with a number it needs a separator, or a total ("1 of 5").
/** The length of the figure label and numbering that open `text` ("Figure 3: ", "Image 1 of 5 "), space after it included; 0 if none. */
export function figureLabelLength(text: string): number {
  const cjk = CJK.exec(text);
  if (cjk) return cjk[0].length + (/^\s*/u.exec(text.slice(cjk[0].length))?.[0].length ?? 0);
  const match = LATIN.exec(text);
  if (!match?.groups) return 0;
  const number = match.groups.number?.replace(/^#/u, '');
  if (number && /^[a-z]+$/iu.test(number) && !letterOrNumeral(number)) return 0;
  return match[0].length + (/^\s*/u.exec(text.slice(match[0].length))?.[0].length ?? 0);
}
