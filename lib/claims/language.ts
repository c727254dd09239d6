// The set-aside rules read English; on other languages they would misfire, so they are not run there.
const ENGLISH_FUNCTION_WORDS = new Set(
  ('the a an is are was were of and in on with to this that it there his her their at by for from be has have which who its or as ' +
    'i you we he she they me my your our not can will would could if do does no yes so but what more like also very some any into ' +
    'beside near under behind between through across along around against during without within above below onto upon about ' +
    'after before while where when than then these those one two three')
    .split(' '),
);
// Function words of the other languages the product meets most (German, French, Spanish, Portuguese,
// Italian, Dutch) that are not English words too.
const OTHER_FUNCTION_WORDS = new Set(
  ('der die das und ist ein eine einen mit auf den dem des nicht sich sind zu im vom ' +
    'aus bei von nach über oder aber wird wurde wurden sie wir ich auch noch wie für vor zum zur einem einer eines diese dieser kein keine ' +
    'le la les et est un une des du sur avec dans pour qui sont au aux ce cette ' +
    'par mais très leur nous vous elle ils ces sa ses ' +
    'el los las y es una con en del por que se al lo ' +
    'para pero como muy este esta estos sus también entre ' +
    'os um uma com em do da dos das são não pelo pela muito ' +
    'il gli di che è sono della nel questo anche ' +
    'het een en van op zijn niet')
    .split(' '),
);

// Scripts written without spaces between words: a run of them is many words, so they count per character
// (about two characters to a word), and a product name in Latin letters inside such text does not make it English.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

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

// Letters of Latin-script languages that English words (loans like "café" included) do not use.
const RARE_IN_ENGLISH = /[ąęłńśźżőűışğåøæðþčřšžěůťďňľĺŕãõ]/u;

/** Is the caption (probably) English? Text with no sign of another language counts as English. */
export function looksEnglish(caption: string): boolean {
  const text = caption.toLowerCase();
  const latinWords = text.match(/\p{Script=Latin}+/gu) ?? [];
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const otherWords = text.replace(/\p{Script=Latin}+/gu, ' ').replace(UNSPACED, ' ').match(/\p{L}+/gu)?.length ?? 0;
  const foreign = otherWords + unspaced / 2;
  if (latinWords.length === 0 && foreign === 0) return true;
  if (latinWords.length < foreign) return false;
  const english = latinWords.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
  const other = latinWords.filter((w) => OTHER_FUNCTION_WORDS.has(w)).length;
  // Eight words of English nearly always hold one of its function words, and English has no "ł" or "ş";
  // a language neither list knows (Polish, Czech, Turkish, …) shows one or the other. A short label full of
  // names ("Zsa Zsa Gabor's Palm Springs home") still counts as English.
  if (english === 0 && (latinWords.length >= 8 || RARE_IN_ENGLISH.test(text))) return false;
  return other <= english;
}
