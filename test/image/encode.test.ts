import { describe, expect, it } from 'vitest';
import { dataUrlByteLength } from '@/lib/image/encode';

describe('dataUrlByteLength', () => {
  it('counts the bytes behind a base64 data URL for every padding case', () => {
    for (let size = 0; size < 40; size++) {
      const bytes = Buffer.from(Array.from({ length: size }, (_, i) => (i * 37) % 256));
      const dataUrl = `data:image/jpeg;base64,${bytes.toString('base64')}`;
      expect(dataUrlByteLength(dataUrl), `${size} bytes`).toBe(size);
    }
  });
});
