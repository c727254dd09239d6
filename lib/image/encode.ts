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
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  encode(quality: number): Promise<string>;
}

function surface(size: Size): Surface {
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

/** Draws at `size` (already within the policy) and encodes a JPEG that fits MAX_UPLOAD_BYTES. */
export async function encodeWithinBudget(size: Size, draw: DrawInto): Promise<EncodedImage> {
  const longest = Math.max(size.width, size.height);
  let canvas: Surface | null = null;
  let last: EncodedImage | null = null;
  for (const step of LADDER) {
    const target = fitWithin(size, Math.max(IMAGE_POLICY.minEdge, Math.round(longest * step.scale)));
    if (!canvas || canvas.width !== target.width || canvas.height !== target.height) {
      canvas = surface(target);
      canvas.context.fillStyle = '#fff'; // transparent pixels become white, not black, in a JPEG
      canvas.context.fillRect(0, 0, target.width, target.height);
      draw(canvas.context, target);
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
