import { describe, expect, it } from 'vitest';
import type { Item } from '../../scripts/claim-sets.ts';
import { whyLines } from '../../scripts/claim-why.ts';

const item = (caption: string): Item => ({ set: 'probes', id: 'why/1', group: 'part a', heldOut: false, caption, units: [] });
const why = (caption: string, piece: string) => {
  const start = caption.indexOf(piece);
  return whyLines(item(caption), { start, end: start + piece.length });
};

// `npm run bench:claims -- --dev --why`: how each piece of a tuning-half mistake was decided.
describe('why a piece was kept or set aside', () => {
  it('names a sentence set aside whole, before any clause split', () => {
    expect(why('Describe this image. A red ball lies on the grass.', 'Describe this image.')).toEqual([expect.stringMatching(/^ {4}set aside \(.+\), whole sentence: Describe this image/u)]);
  });

  it('names a firm keep, and the classifier with the threshold that applied where none held', () => {
    expect(why('It might be a cat.', 'It might be a cat.')).toEqual([expect.stringMatching(/^ {4}kept, no rule, firm keep: It might be a cat/u)]);
    expect(why('A red ball lies on the grass.', 'A red ball')).toEqual([expect.stringMatching(/^ {4}kept, no rule, P \d\.\d{3} against 0\.125: A red ball lies on the grass/u)]);
  });

  it('names the word rule that fired and its threshold', () => {
    const caption = 'The box is blue, which is a popular colour for cereal brands in Europe.';
    const lines = why(caption, caption);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ {4}set aside \((.+)\), rule \1, P \d\.\d{3} against 0\.333: which is a popular colour/u);
  });

  it('reads an item of a list by the clause it lies in', () => {
    const caption = 'There are two yellow rectangles and an orange square.';
    expect(why(caption, 'an orange square.')).toEqual([expect.stringMatching(/^ {4}kept, no rule, (?:P \d\.\d{3} against 0\.125|firm keep): There are two yellow rectangles/u)]);
  });
});
