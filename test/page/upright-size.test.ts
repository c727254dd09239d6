import { describe, expect, it } from 'vitest';
import { uprightSize } from '@/lib/page/upright-size';

describe('the stored size turned the way the decoder turned the picture', () => {
  it.each([
    // stored (header), decoded (after EXIF orientation and scaled decoding), expected
    [{ width: 4000, height: 3000 }, { width: 1000, height: 750 }, { width: 4000, height: 3000 }], // upright photo at 2/8 scale
    [{ width: 4000, height: 3000 }, { width: 750, height: 1000 }, { width: 3000, height: 4000 }], // EXIF 6/8: a portrait photo
    [{ width: 400, height: 300 }, { width: 150, height: 200 }, { width: 300, height: 400 }],
    [{ width: 1000, height: 1000 }, { width: 125, height: 125 }, { width: 1000, height: 1000 }], // square: nothing to turn
    [{ width: 1000, height: 999 }, { width: 125, height: 125 }, { width: 1000, height: 999 }], // scaled decoding rounded to a square: a tie keeps the stored size
    [{ width: 1001, height: 1000 }, { width: 125, height: 126 }, { width: 1000, height: 1001 }], // rotated, off by a rounding
    [{ width: 3000, height: 1000 }, { width: 3000, height: 1000 }, { width: 3000, height: 1000 }], // decoded at full size
  ])('%o decoded as %o is %o', (stored, decoded, expected) => {
    expect(uprightSize(stored, decoded)).toEqual(expected);
  });
});
