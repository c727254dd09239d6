import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize, sniffImageType } from '@/lib/image/dimensions';
import { fitWithin, isTooSmall, toDataUrl } from '@/lib/image/size';

async function encode(format: 'jpeg' | 'png' | 'gif' | 'webp', width: number, height: number, lossless = false) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } });
  const out = format === 'webp' ? image.webp({ lossless }) : image.toFormat(format);
  return new Uint8Array(await out.toBuffer());
}

describe('readImageSize', () => {
  it.each([
    ['jpeg', 4000, 3000, false],
    ['png', 640, 480, false],
    ['gif', 300, 200, false],
    ['webp', 1200, 800, false],
    ['webp', 99, 51, true],
  ] as const)('reads a %s header (%i×%i)', async (format, width, height, lossless) => {
    const bytes = await encode(format, width, height, lossless);
    expect(sniffImageType(bytes)).toBe(format);
    expect(readImageSize(bytes)).toEqual({ width, height });
  });

  it('says nothing for bytes that are no image', () => {
    const bytes = new TextEncoder().encode('<html>not an image</html>');
    expect(sniffImageType(bytes)).toBeNull();
    expect(readImageSize(bytes)).toBeNull();
  });

  it('recognises SVG', () => {
    expect(sniffImageType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
  });
});

describe('sizing policy', () => {
  it.each([
    [{ width: 4000, height: 3000 }, 1024, { width: 1024, height: 768 }],
    [{ width: 3000, height: 4000 }, 1024, { width: 768, height: 1024 }],
    [{ width: 800, height: 600 }, 1024, { width: 800, height: 600 }],
    [{ width: 10000, height: 10 }, 1024, { width: 1024, height: 1 }],
  ])('fits %j within %i px', (size, max, expected) => {
    expect(fitWithin(size, max)).toEqual(expected);
  });

  it('calls a tracker pixel too small, a thumbnail not', () => {
    expect(isTooSmall({ width: 1, height: 1 })).toBe(true);
    expect(isTooSmall({ width: 120, height: 90 })).toBe(false);
  });

  it('makes a data URL that decodes back to the bytes', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const url = toDataUrl(bytes, 'image/jpeg');
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(new Uint8Array(Buffer.from(url.split(',')[1]!, 'base64'))).toEqual(bytes);
  });
});
