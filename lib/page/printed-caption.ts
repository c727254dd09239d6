// The caption a page prints beside a picture in its own spelling, when the alt text was written from it:
// "Te Kaurinui … Māori" printed under the picture, "Tekaurinui … Maōri" in its alt. The alt text ties that
// printed text to the picture; it is what readers see, so it is offered, and put before the alt.

/** Letters and digits only, without accents, spaces or case: the same words spelt a little differently meet. */
function letters(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function bigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) out.add(text.slice(i, i + 2));
  return out;
}

/** An alt text shorter than this (letters) is a name or a label, not a caption a block could repeat. */
const MIN_ALT_LETTERS = 20;
/** Share of the alt text's letter pairs the printed text must hold. */
const MIN_SHARED = 0.8;
/** The printed text may carry a credit or a little more, not a paragraph around the caption. */
const MAX_LENGTH_RATIO = 2.5;

/**
 * Whether `block` (a text near the picture) is the printed form of `alt`: nearly all of the alt's letter pairs are
 * in it, it is not much longer, and it is not the same text (that one is already offered).
 */
export function printsAlt(block: string, alt: string): boolean {
  const a = letters(alt);
  const b = letters(block);
  const same = block.replace(/\s+/g, ' ').trim() === alt.replace(/\s+/g, ' ').trim();
  if (same || a.length < MIN_ALT_LETTERS || b.length > a.length * MAX_LENGTH_RATIO) return false;
  const inBlock = bigrams(b);
  const pairs = [...bigrams(a)];
  return pairs.filter((pair) => inBlock.has(pair)).length >= MIN_SHARED * pairs.length;
}
