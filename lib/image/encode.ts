// Encoding the picture that is uploaded, shared by the page script (a <canvas>) and the service worker
// (an OffscreenCanvas). Node has neither; the CLI uses sharp with the same policy.
import { IMAGE_POLICY, fitWithin, type Size } from './size';

/**
 * Most bytes one uploaded image may take. Its base64 form (4/3 larger) then stays under 250 KB, the
 * upload budget of a check, whatever the source image was.
 */
export const MAX_UPLOAD_BYTES = 180_000;

/** Draws a picture into a context of the given size. */
export type DrawInto = (context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, size: Size) => void;

/** An encoded picture ready to upload. */
export interface EncodedImage {
  dataUrl: string;
  byteLength: number;
  width: number;
  height: number;
}

// Quality first, then size: a busy photo usually fits at a lower quality without losing detail
// the model needs; shrinking is the last resort.
const LADDER: { quality: number; scale: number }[] = [
  { quality: IMAGE_POLICY.quality, scale: 1 },
  { quality: 0.7, scale: 1 },
  { quality: 0.6, scale: 0.8 },
  { quality: 0.5, scale: 0.6 },
  { quality: 0.5, scale: 0.4 },
];

/** Bytes behind a base64 data URL, without decoding it. */
export function dataUrlByteLength(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** A canvas that encodes to a data URL: a page's own <canvas>, else (in a worker) an OffscreenCanvas. */
interface Surface {
  width: number;
  height: number;
  encode(quality: number): Promise<string>;
}

function surface(size: Size): Surface & { context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D } {
  if (typeof document !== 'undefined') {
    // In a page, toDataURL encodes at once. The asynchronous encoders (toBlob, convertToBlob) wait for
    // the page's idle time, and a page that is busy painting has none for up to a second.
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    return { ...size, context, encode: async (quality) => canvas.toDataURL(IMAGE_POLICY.mimeType, quality) };
  }
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  return { ...size, context, encode: async (quality) => blobToDataUrl(await canvas.convertToBlob({ type: IMAGE_POLICY.mimeType, quality })) };
}

/**
 * A page canvas that shows an opaque bitmap as it is (a bitmaprenderer takes it over): no white fill and no
 * drawing pass before the encode, the same JPEG (one core: 8.9 → 5.7 ms of the page's CPU for a 1000×750 frame,
 * docs/speed.md). Null where there is no page or no such canvas; `canvas` draws it again at a smaller size.
 */
function shownSurface(bitmap: ImageBitmap): (Surface & { canvas: HTMLCanvasElement }) | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('bitmaprenderer');
  if (!context) return null;
  context.transferFromImageBitmap(bitmap);
  return { width: canvas.width, height: canvas.height, canvas, encode: async (quality) => canvas.toDataURL(IMAGE_POLICY.mimeType, quality) };
}

/**
 * Draws at `size` (already within the policy) and encodes a JPEG that fits MAX_UPLOAD_BYTES. `opaque`: the same
 * picture as a bitmap with no transparent pixel (a JPEG's decode), used as it is where it has exactly `size`.
 */
export async function encodeWithinBudget(size: Size, draw: DrawInto, opaque?: ImageBitmap): Promise<EncodedImage> {
  const longest = Math.max(size.width, size.height);
  const shown = opaque && opaque.width === size.width && opaque.height === size.height ? shownSurface(opaque) : null;
  // A smaller step of the ladder draws from the canvas that took the bitmap over (the bitmap itself is gone).
  const drawFrom: DrawInto = shown ? (c, s) => c.drawImage(shown.canvas, 0, 0, s.width, s.height) : draw;
  let canvas: Surface | null = shown;
  let last: EncodedImage | null = null;
  for (const step of LADDER) {
    const target = fitWithin(size, Math.max(IMAGE_POLICY.minEdge, Math.round(longest * step.scale)));
    if (!canvas || canvas.width !== target.width || canvas.height !== target.height) {
      const drawn = surface(target);
      drawn.context.fillStyle = '#fff'; // transparent pixels become white, not black, in a JPEG
      drawn.context.fillRect(0, 0, target.width, target.height);
      drawFrom(drawn.context, target);
      canvas = drawn;
    }
    const dataUrl = await canvas.encode(step.quality);
    last = { dataUrl, byteLength: dataUrlByteLength(dataUrl), ...target };
    if (last.byteLength <= MAX_UPLOAD_BYTES) return last;
  }
  if (!last) throw new Error('nothing encoded');
  return last;
}
/** A data URL for a blob, encoded natively (FileReader exists in pages and workers alike). */
function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
