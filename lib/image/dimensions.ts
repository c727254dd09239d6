import type { Size } from './size';

/** An EXIF orientation: 1 as stored, 2–4 mirrored or half-turned, 5–8 turned a quarter (width and height swap). */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** The image format a byte sequence starts with, by its magic number. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | 'svg' | 'bmp' | 'avif' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 2) === 'BM') return 'bmp';
  if (ascii(4, 8) === 'ftyp' && /avi[fs]/.test(ascii(8, 12))) return 'avif';
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return null;
}

/**
 * Width and height read from the file header alone (JPEG, PNG, GIF, WebP), so the decoder can be
 * asked for a reduced size up front. Null when the header does not say.
 */
export function readImageSize(bytes: Uint8Array): Size | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = sniffImageType(bytes);
  try {
    if (type === 'png') return { width: view.getUint32(16), height: view.getUint32(20) };
    if (type === 'gif') return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (type === 'webp') {
      const chunk = String.fromCharCode(...bytes.subarray(12, 16));
      if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = view.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X') {
        const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
        const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
        return { width: w + 1, height: h + 1 };
      }
    }
    if (type === 'jpeg') {
      const frame = jpegSegments(view).find((segment) => isFrameHeader(segment.marker));
      return frame ? { height: view.getUint16(frame.start + 1), width: view.getUint16(frame.start + 3) } : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** A JPEG marker segment before the image data: its marker byte and where its payload starts and ends. */
interface Segment {
  marker: number;
  start: number;
  end: number;
}

// SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The JPEG's segments up to and including its frame header (SOF), as far as the bytes go. */
function jpegSegments(view: DataView): Segment[] {
  const segments: Segment[] = [];
  let offset = 2;
  while (offset + 9 < view.byteLength) {
    if (view.getUint8(offset) !== 0xff) break;
    const marker = view.getUint8(offset + 1);
    const length = view.getUint16(offset + 2);
    segments.push({ marker, start: offset + 4, end: Math.min(view.byteLength, offset + 2 + length) });
    if (isFrameHeader(marker)) break;
    offset += 2 + length;
  }
  return segments;
}

/**
 * The orientation tag of a TIFF block (an EXIF payload), as browsers' decoders read it: the first
 * directory's 0x0112 entry, one SHORT. Anything missing, out of range or malformed means as stored.
 */
function tiffOrientation(view: DataView, start: number, end: number): Orientation {
  if (end - start < 8) return 1;
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return 1; // "II" little-endian, "MM" big-endian
  const little = order === 0x4949;
  if (view.getUint16(start + 2, little) !== 42) return 1;
  const directory = start + view.getUint32(start + 4, little);
  if (directory < start + 8 || directory + 2 > end) return 1;
  const count = view.getUint16(directory, little);
  for (let entry = directory + 2, i = 0; i < count && entry + 12 <= end; i++, entry += 12) {
    if (view.getUint16(entry, little) !== 0x0112) continue;
    if (view.getUint16(entry + 2, little) !== 3 || view.getUint32(entry + 4, little) !== 1) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/**
 * The EXIF orientation browsers apply when they decode these bytes (JPEG APP1 Exif, PNG eXIf), 1 for
 * formats that carry none. Null when the header read does not settle it: cut off before the image data
 * (where the orientation must have come), or a WebP with EXIF (browsers disagree whether to apply it).
 */
export function readOrientation(bytes: Uint8Array): Orientation | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = sniffImageType(bytes);
  try {
    if (type === 'jpeg') {
      const segments = jpegSegments(view);
      if (!segments.some((segment) => isFrameHeader(segment.marker))) return null;
      const exif = segments.find(
        (segment) => segment.marker === 0xe1 && segment.end - segment.start >= 14 && EXIF_HEADER.every((byte, i) => view.getUint8(segment.start + i) === byte),
      );
      return exif ? tiffOrientation(view, exif.start + 6, exif.end) : 1;
    }
    if (type === 'png') {
      // Chunks after the signature: length, type, data, CRC. eXIf must come before the image data (IDAT).
      for (let offset = 8; offset + 8 <= bytes.length; ) {
        const length = view.getUint32(offset);
        const chunk = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
        if (chunk === 'IDAT' || chunk === 'IEND') return 1;
        if (chunk === 'eXIf') return offset + 8 + length <= bytes.length ? tiffOrientation(view, offset + 8, offset + 8 + length) : null;
        offset += 12 + length;
      }
      return null;
    }
    if (type === 'webp') {
      const extended = String.fromCharCode(...bytes.subarray(12, 16)) === 'VP8X';
      return extended && (bytes[20]! & 0x08) !== 0 ? null : 1;
    }
    if (type === 'gif' || type === 'bmp') return 1;
  } catch {
    return null;
  }
  return null;
}

/**
 * The size decoders show the picture at (readImageSize turned by its EXIF orientation): what
 * createImageBitmap's resizeWidth/resizeHeight mean. Null when either is not known from the header.
 */
export function readUprightSize(bytes: Uint8Array): Size | null {
  const stored = readImageSize(bytes);
  const orientation = readOrientation(bytes);
  if (!stored || orientation === null) return null;
  return orientation >= 5 ? { width: stored.height, height: stored.width } : stored;
}
