import { describe, expect, it } from 'vitest';
import { printsAlt } from '@/lib/page/printed-caption';

const ALT = 'Tekaurinui, the kauri tree that the Maōri community has cared for over centuries';

describe('printsAlt: the caption printed beside a picture that its alt text was written from', () => {
  it.each([
    ['the same words, spaced and accented as printed', 'Te Kaurinui, the kauri tree that the Māori community has cared for over centuries', true],
    ['with its credit after it', 'Te Kaurinui, the kauri tree that the Māori community has cared for over centuries. Photograph: Jane Doe/The Guardian', true],
    ['the very same text (already offered as the alt)', ALT, false],
    ['another caption of the page', 'Forest rangers inspect the roots of a young tree after the storm', false],
    ['a paragraph that quotes it among much more', `${ALT}. ${'The forest has been closed to visitors for years while scientists study the disease. '.repeat(3)}`, false],
  ])('%s: %s', (_name, block, expected) => {
    expect(printsAlt(block, ALT)).toBe(expected);
  });

  it('a short alt (a name, a label) ties nothing', () => {
    expect(printsAlt('Kauri tree', 'Kauri tree.')).toBe(false);
  });
});
