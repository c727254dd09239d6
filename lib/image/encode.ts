// Encoding the picture that is uploaded, shared by the page script and the service worker: both have
// OffscreenCanvas (Node has not; the CLI uses sharp with the same policy).
import { IMAGE_POLICY, fitWithin, type Size } from './size';

/**
 * Most bytes one uploaded image may take. Its base64 form (4/3 larger) then stays under 250 KB, the
 * upload budget of a check, whatever the source image was.
 */
export const MAX_UPLOAD_BYTES = 180_000;

/** Draws a picture into a context of the given size. */
export type DrawInto = (context: OffscreenCanvasRenderingContext2D, size: Size) => void;

/** An encoded picture ready to upload. */
export interface EncodedImage {
  blob: Blob;
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

/** Draws at `size` (already within the policy) and encodes a JPEG that fits MAX_UPLOAD_BYTES. */
export async function encodeWithinBudget(size: Size, draw: DrawInto): Promise<EncodedImage> {
  const longest = Math.max(size.width, size.height);
  let canvas: OffscreenCanvas | null = null;
  let last: EncodedImage | null = null;
  for (const step of LADDER) {
    const target = fitWithin(size, Math.max(IMAGE_POLICY.minEdge, Math.round(longest * step.scale)));
    if (!canvas || canvas.width !== target.width || canvas.height !== target.height) {
      canvas = new OffscreenCanvas(target.width, target.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.fillStyle = '#fff'; // transparent pixels become white, not black, in a JPEG
      context.fillRect(0, 0, target.width, target.height);
      draw(context, target);
    }
    last = { blob: await canvas.convertToBlob({ type: IMAGE_POLICY.mimeType, quality: step.quality }), ...target };
    if (last.blob.size <= MAX_UPLOAD_BYTES) return last;
  }
  if (!last) throw new Error('nothing encoded');
  return last;
}

/** A data URL for a blob, encoded natively (FileReader exists in pages and workers alike). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
