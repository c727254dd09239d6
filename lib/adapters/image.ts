import { t } from '../i18n';
import type { AcquiredImage } from '../check-lifecycle';
import { CheckError } from '../errors';
import { readImageSize, readUprightSize, sniffImageType } from '../image/dimensions';
import { encodeWithinBudget } from '../image/encode';
import { fitWithin, isTooSmall } from '../image/size';
import { fetchCredentials } from './fetch-policy';

/** Decodes image bytes at (or near) the size that will be sent, then encodes a JPEG within the policy. */
export async function encodeForModel(blob: Blob, maxEdge: number): Promise<{ dataUrl: string; byteLength: number }> {
  // The whole file, not a first slice: a camera's Exif block can fill the first 64 KB, and without the
  // frame size from the header the decoder builds the full-size bitmap (see lib/page/read-image.ts).
  const file = new Uint8Array(await blob.arrayBuffer());
  if (!sniffImageType(file) && !blob.type.startsWith('image/'))
    throw new CheckError('image', t('errNotAnImage'));
  const declared = readImageSize(file);
  let bitmap: ImageBitmap;
  try {
    // Asking for the target size up front lets the decoder skip full-size pixels where it can. It is the
    // upright size: the decoder turns a photo by its EXIF orientation before resizing, so a portrait
    // stored sideways (4000×3000, orientation 6) must be asked for as 768×1024, not squashed into 1024×768.
    const upright = readUprightSize(file);
    const target = upright ? fitWithin(upright, maxEdge) : null;
    bitmap = target
      ? await createImageBitmap(blob, { resizeWidth: target.width, resizeHeight: target.height, resizeQuality: 'high' })
      : await createImageBitmap(blob);
  } catch (cause) {
    throw new CheckError('image', t('errUndecodable'), null, { cause });
  }
  try {
    if (isTooSmall(declared ?? bitmap))
      throw new CheckError('image', t('errTooSmall'));
    const encoded = await encodeWithinBudget(fitWithin(bitmap, maxEdge), (context, size) =>
      context.drawImage(bitmap, 0, 0, size.width, size.height),
    );
    return { dataUrl: encoded.dataUrl, byteLength: encoded.byteLength };
  } finally {
    bitmap.close();
  }
}

/** The worker's download failed: `status` is the HTTP status, or null when no answer could be read (CORS, offline). */
export class ImageFetchError extends CheckError {
  constructor(
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('image', message, null, options);
  }
}

/**
 * Fetches the image from the service worker and sizes it for the model. `referrer`: the page the
 * image is on, for CDNs that refuse hotlinks without it, and whose origin alone gets cookies sent.
 */
export async function fetchImage(url: string, maxEdge: number, signal?: AbortSignal, referrer?: string): Promise<AcquiredImage> {
  const request = (credentials: RequestCredentials) =>
    fetch(url, {
      signal,
      credentials,
      // Cookies never follow a redirect to another place; without them, redirects are followed.
      redirect: credentials === 'include' ? 'error' : 'follow',
      cache: 'force-cache',
      // The fetch standard keeps a referrer from another origin than the worker's only as "client":
      // where the browser drops it the CDN sees none, and the screenshot path remains.
      ...(referrer && /^https?:/.test(referrer) ? { referrer, referrerPolicy: 'unsafe-url' as const } : {}),
    });
  let response: Response;
  try {
    // Cookies only for an image on the page's own origin (fetch-policy.ts); a CDN answering CORS with
    // "*" refuses credentialed requests, and a redirect ends one: both are retried without cookies.
    const credentials = referrer ? fetchCredentials(url, referrer) : 'omit';
    response = await request(credentials).catch((error: unknown) => {
      if (signal?.aborted || !(error instanceof TypeError) || credentials === 'omit') throw error;
      return request('omit');
    });
  } catch (cause) {
    throw new ImageFetchError(null, t('errDownload'), { cause });
  }
  if (!response.ok)
    throw new ImageFetchError(response.status, t('errDownloadHttp', response.status));
  const encoded = await encodeForModel(await response.blob(), maxEdge);
  return { ...encoded, path: 'fetch' };
}
