// The set-aside rules read English; on other languages they would misfire, so they are not run there.
const ENGLISH_FUNCTION_WORDS = new Set(
  ('the a an is are was were of and in on with to this that it there his her their at by for from be has have which who its or as ' +
    'i you we he she they me my your our not can will would could if do does no yes so but what more like also very some any into there')
    .split(' '),
);

/** Is the caption (probably) English? Short or undecidable text counts as English. */
export function looksEnglish(caption: string): boolean {
  const words = caption.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 4) return !/[^\p{Script=Latin}\P{L}]/u.test(caption);
  const latin = words.filter((w) => /^\p{Script=Latin}+$/u.test(w)).length;
  if (latin * 2 < words.length) return false;
  const common = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
  return common / words.length >= 0.1;
}
