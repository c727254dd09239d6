import { fitWithin, toDataUrl } from '../image/size';

/** Longest edge of the thumbnail kept with a job and in history. */
const THUMBNAIL_EDGE = 160;

/**
 * A small JPEG data URL of an image data URL (the one sent to the model), for the popup and history.
 * Derived from the final data URL so it does not care how the image was acquired. Null if it fails:
 * a missing thumbnail never fails a check.
 */
export async function makeThumbnail(dataUrl: string, maxEdge: number = THUMBNAIL_EDGE): Promise<string | null> {
  try {
    const blob = await (await fetch(dataUrl)).blob();
    const bitmap = await createImageBitmap(blob);
    try {
      const size = fitWithin(bitmap, maxEdge);
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 });
      return toDataUrl(new Uint8Array(await encoded.arrayBuffer()), 'image/jpeg');
    } finally {
      bitmap.close();
    }
  } catch {
    return null;
  }
}

/** A tiny generated test picture (a red square on white) as a JPEG data URL, for Test connection. */
export async function redSquareImage(size = 96): Promise<string> {
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#e00000';
  context.fillRect(size / 4, size / 4, size / 2, size / 2);
  const encoded = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  return toDataUrl(new Uint8Array(await encoded.arrayBuffer()), 'image/jpeg');
}
