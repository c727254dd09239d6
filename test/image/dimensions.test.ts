import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageSize, readOrientation, readUprightSize, sniffImageType } from '@/lib/image/dimensions';
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

/** A 40×30 picture carrying EXIF orientation `orientation`, as sharp (libvips) writes it: little-endian TIFF. */
async function oriented(format: 'jpeg' | 'png' | 'webp', orientation: number, width = 40, height = 30) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } }).withMetadata({ orientation });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** A TIFF block whose first directory holds one entry, by default the orientation as one SHORT. */
function tiff(order: 'II' | 'MM', value: number, entry: { tag?: number; type?: number; count?: number } = {}): Uint8Array {
  const little = order === 'II';
  const view = new DataView(new ArrayBuffer(8 + 2 + 12 + 4));
  view.setUint8(0, order.charCodeAt(0));
  view.setUint8(1, order.charCodeAt(1));
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  view.setUint16(8, 1, little);
  view.setUint16(10, entry.tag ?? 0x0112, little);
  view.setUint16(12, entry.type ?? 3, little);
  view.setUint32(14, entry.count ?? 1, little);
  view.setUint16(18, value, little); // a SHORT sits in the first two bytes of the value field
  return new Uint8Array(view.buffer);
}

/** The JPEG with `payload` inserted as an APP1 segment right after its start marker (where cameras put EXIF). */
function withApp1(jpeg: Uint8Array, payload: Uint8Array, declaredLength = payload.length + 2): Uint8Array {
  const segment = new Uint8Array([0xff, 0xe1, declaredLength >> 8, declaredLength & 0xff, ...payload]);
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

const exif = (block: Uint8Array) => new Uint8Array([...new TextEncoder().encode('Exif\0\0'), ...block]);

describe('EXIF orientation: the size decoders show', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('reads orientation %i from a JPEG and agrees with sharp on the upright size', async (orientation) => {
    const bytes = await oriented('jpeg', orientation);
    expect(readOrientation(bytes)).toBe(orientation);
    expect(readImageSize(bytes)).toEqual({ width: 40, height: 30 });
    const upright = orientation >= 5 ? { width: 30, height: 40 } : { width: 40, height: 30 };
    expect(readUprightSize(bytes)).toEqual(upright);
    expect((await sharp(bytes).metadata()).autoOrient).toEqual(upright);
  });

  it('reads a phone photo stored 4000×3000 with orientation 6 as 3000×4000', async () => {
    const bytes = await oriented('jpeg', 6, 4000, 3000);
    expect(readUprightSize(bytes.subarray(0, 64 * 1024))).toEqual({ width: 3000, height: 4000 });
  });

  it.each([
    ['II', 6],
    ['MM', 6],
    ['II', 8],
    ['MM', 8],
    ['MM', 3],
  ] as const)('reads a %s (byte order) EXIF block with orientation %i, as sharp does', async (order, orientation) => {
    const bytes = withApp1(await encode('jpeg', 40, 30), exif(tiff(order, orientation)));
    expect((await sharp(bytes).metadata()).orientation).toBe(orientation);
    expect(readOrientation(bytes)).toBe(orientation);
    expect(readUprightSize(bytes)).toEqual(orientation >= 5 ? { width: 30, height: 40 } : { width: 40, height: 30 });
  });

  it('reads a PNG eXIf chunk (browsers turn PNGs by it too)', async () => {
    expect(readOrientation(await oriented('png', 6))).toBe(6);
    expect(readUprightSize(await oriented('png', 8))).toEqual({ width: 30, height: 40 });
    expect(readOrientation(await encode('png', 40, 30))).toBe(1);
  });

  it('pictures without EXIF are as stored', async () => {
    expect(readOrientation(await encode('jpeg', 40, 30))).toBe(1);
    expect(readOrientation(await encode('gif', 40, 30))).toBe(1);
    expect(readOrientation(await encode('webp', 40, 30))).toBe(1);
    expect(readUprightSize(await encode('gif', 40, 30))).toEqual({ width: 40, height: 30 });
  });

  it('does not guess for a WebP with EXIF (browsers disagree whether to turn it)', async () => {
    const bytes = await oriented('webp', 6);
    expect(readOrientation(bytes)).toBeNull();
    expect(readUprightSize(bytes)).toBeNull();
  });

  it('does not guess when the header read ends before the image data', async () => {
    const jpeg = await oriented('jpeg', 6);
    const frame = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    expect(readOrientation(jpeg.subarray(0, frame))).toBeNull();
    const png = await oriented('png', 6);
    const chunk = new TextDecoder('latin1').decode(png).indexOf('eXIf');
    expect(readOrientation(png.subarray(0, chunk + 10))).toBeNull();
    expect(readOrientation(png.subarray(0, chunk - 4))).toBeNull();
  });

  it.each([
    ['an orientation out of range', exif(tiff('II', 9))],
    ['orientation 0', exif(tiff('MM', 0))],
    ['the tag as a LONG', exif(tiff('II', 6, { type: 4 }))],
    ['the tag with two values', exif(tiff('MM', 6, { count: 2 }))],
    ['another tag only', exif(tiff('II', 6, { tag: 0x0110 }))],
    ['a byte order that is neither II nor MM', exif(tiff('II', 6)).map((byte, i) => (i === 6 ? 0x58 : byte))],
    ['a wrong TIFF magic number', exif(tiff('MM', 6)).map((byte, i) => (i === 9 ? 41 : byte))],
    ['a directory offset past the end', exif(tiff('II', 6)).map((byte, i) => (i === 10 ? 0xf0 : byte))],
    // The second entry would be the orientation, but it lies past the end of the segment.
    ['more entries than the block holds', exif(tiff('II', 6, { tag: 0x0110 })).map((byte, i) => (i === 14 ? 2 : byte))],
    ['no Exif header (XMP-like APP1)', new TextEncoder().encode('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')],
    ['a truncated block', exif(tiff('MM', 6)).subarray(0, 12)],
  ])('a JPEG with %s is as stored, without throwing', async (_, payload) => {
    const bytes = withApp1(await encode('jpeg', 40, 30), payload);
    expect(readOrientation(bytes)).toBe(1);
    expect(readUprightSize(bytes)).toEqual({ width: 40, height: 30 });
  });

  it('never throws on any cut or corruption of an oriented file', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const bytes = await oriented(format, 6);
      const upright = readUprightSize(bytes);
      for (let length = 0; length <= bytes.length; length++) {
        const cut = readUprightSize(bytes.subarray(0, length));
        // Either it cannot say yet, or it says what the whole file says.
        if (cut) expect(cut).toEqual(upright);
      }
      for (let i = 0; i < Math.min(bytes.length, 400); i++) {
        const corrupt = bytes.slice();
        corrupt[i] = corrupt[i]! ^ 0xff;
        expect(() => readUprightSize(corrupt)).not.toThrow();
        expect(() => readOrientation(corrupt)).not.toThrow();
      }
    }
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
