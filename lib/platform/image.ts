import type { AcquiredImage } from '../jobs';
import { CheckError } from '../errors';
import { readImageSize, sniffImageType } from '../image/dimensions';
import { IMAGE_POLICY, fitWithin, isTooSmall, toDataUrl } from '../image/size';

/** Decodes image bytes at (or near) the size that will be sent, then encodes a JPEG within the policy. */
export async function encodeForModel(blob: Blob, maxEdge: number): Promise<{ dataUrl: string; byteLength: number }> {
  const head = new Uint8Array(await blob.slice(0, 64 * 1024).arrayBuffer());
  if (!sniffImageType(head) && !blob.type.startsWith('image/'))
    throw new CheckError('image', 'That link did not lead to an image. Right-click the picture itself and try again.');
  const declared = readImageSize(head);
  let bitmap: ImageBitmap;
  try {
    // Asking for the target size up front lets the decoder skip full-size pixels where it can.
    const target = declared ? fitWithin(declared, maxEdge) : null;
    bitmap = target
      ? await createImageBitmap(blob, { resizeWidth: target.width, resizeHeight: target.height, resizeQuality: 'high' })
      : await createImageBitmap(blob);
  } catch (cause) {
    throw new CheckError('image', 'The image could not be decoded. It may be broken or in a format the browser cannot read.', null, { cause });
  }
  try {
    if (isTooSmall(declared ?? bitmap))
      throw new CheckError('image', 'This image is too small to check (a tracker pixel or an icon). Right-click the picture itself.');
    const size = fitWithin(bitmap, maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new CheckError('image', 'The browser could not prepare the image (no 2D canvas).');
    context.fillStyle = '#fff'; // transparent pixels become white, not black, in a JPEG
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const encoded = await canvas.convertToBlob({ type: IMAGE_POLICY.mimeType, quality: IMAGE_POLICY.quality });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    return { dataUrl: toDataUrl(bytes, IMAGE_POLICY.mimeType), byteLength: bytes.byteLength };
  } finally {
    bitmap.close();
  }
}

/** Fetches the image from the service worker and sizes it for the model. */
export async function fetchImage(url: string, maxEdge: number, signal?: AbortSignal): Promise<AcquiredImage> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'include', cache: 'force-cache' });
  } catch (cause) {
    throw new CheckError('image', 'The image could not be downloaded from its site. Reload the page and try again.', null, { cause });
  }
  if (!response.ok)
    throw new CheckError('image', `The image could not be downloaded (HTTP ${response.status}). Reload the page and try again.`);
  const encoded = await encodeForModel(await response.blob(), maxEdge);
  return { ...encoded, path: 'fetch' };
}
