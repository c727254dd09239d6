// Runs in the page (isolated world): reads the chosen image's own pixels where the bytes already are,
// decodes them at the reduced size the model gets, and hands back a small JPEG as a data URL
// (executeScript results are JSON, so a short string is the cheapest way back to the worker).
import { t } from '../i18n';
import { readImageSize, readOrientation, readUprightSize, sniffImageType } from '../image/dimensions';
import { encodeWithinBudget, type DrawInto } from '../image/encode';
import { IMAGE_POLICY, fitWithin, isTooSmall, type Size } from '../image/size';
import { locateChosenImage, forgetPicked } from './find-image';
import { absolute, type FoundImage } from './image-source';
import { uprightSize } from './upright-size';
import { markStep } from '../step-marks';
import { clearSlot, readSlot } from './isolated-slot';
import { PREFETCH_SLOT } from './slot-names';
import type { Prefetched } from './prefetch';

/** The uploaded picture, read in the page. */
export interface PageImage {
  dataUrl: string;
  byteLength: number;
  width: number;
  height: number;
}

/**
 * Why the page could not read it. `fatal`: no other path can do better (a broken or tiny image), the
 * message says what to do; otherwise the worker tries to fetch `url`, then a screenshot.
 */
export interface PageImageError {
  error: { fatal: boolean; message: string; url: string };
}

/**
 * How long an <img> still loading is waited for. Its load or error event ends the wait (however slow the machine);
 * this bound is for a load that never ends (a stalled connection, an <img> with no source yet). Past it the read
 * does not fail: it reads the URL's bytes itself (bytesOf, no clock), as it does for a source the element has not
 * shown yet, and only leaves out the element's own verdicts (broken, too small) that need the load.
 */
const LOAD_TIMEOUT_MS = 5_000;

class Unreadable extends Error {}

const fail = (fatal: boolean, message: string, url: string): PageImageError => ({ error: { fatal, message, url } });

/** Waits for an <img> that is still loading (a lazy image whose real source a page script just set). */
async function loaded(image: HTMLImageElement): Promise<void> {
  if (image.complete && (image.currentSrc || image.src)) return;
  if (image.loading === 'lazy') image.loading = 'eager';
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, LOAD_TIMEOUT_MS);
    image.addEventListener('load', done, { once: true });
    image.addEventListener('error', done, { once: true });
  });
}

/**
 * The bytes behind a URL, read by the page itself: data:, blob: and same-origin always; other origins when
 * they allow CORS. As one buffer, which the decoder takes whole and the header is read from.
 */
async function bytesOf(url: string, prefetched: Prefetched | null): Promise<ArrayBuffer> {
  // Started at the click, before this script arrived (lib/page/prefetch.ts).
  const early = prefetched?.url === url ? await prefetched.read.catch(() => null) : null;
  if (early?.bytes) return early.bytes;
  if (early) throw new Unreadable(`HTTP ${early.status}`);
  let response: Response;
  try {
    response = await fetch(url, { cache: 'force-cache' });
  } catch {
    throw new Unreadable(t('unreadableFetch'));
  }
  if (!response.ok) throw new Unreadable(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Takes the read started before the page script ran (prefetch.ts), if any: once, the slot is cleared, so its bytes are not kept. */
function takePrefetched(): Prefetched | null {
  const value = readSlot(PREFETCH_SLOT) as Prefetched | undefined;
  clearSlot(PREFETCH_SLOT);
  return value && typeof value.url === 'string' && value.read instanceof Promise ? value : null;
}

/** A picture ready to encode; `opaque`: the same as a bitmap of no transparent pixel (encode.ts uses it as it is). */
interface Decoded {
  size: Size;
  draw: DrawInto;
  opaque?: ImageBitmap;
  close(): void;
}

async function decodeBytes(bytes: ArrayBuffer, maxEdge: number, readAgain: () => Promise<ArrayBuffer>): Promise<Decoded> {
  // The whole file in one buffer (measured on a 5 MB JPEG: a stream feeds the decoder in slow small
  // reads, ~40 ms later than reading the buffer and decoding that). Its header is read from the whole
  // file, not a first slice: a camera's Exif block (maker notes, a preview) can fill the first 64 KB, and
  // without the frame size the picture is decoded at full size (12 MP) and then drawn down.
  const file = new Uint8Array(bytes);
  const type = sniffImageType(file);
  if (!type) throw new Unreadable(t('unreadableType'));
  if (type === 'svg') return drawViaElement(new Blob([bytes], { type: 'image/svg+xml' }), maxEdge);
  const declared = readImageSize(file);
  if (declared && isTooSmall(declared)) throw new TooSmall();
  const target = declared ? fitWithin(declared, maxEdge) : null;
  const upright = readUprightSize(file);
  const uprightTarget = upright ? fitWithin(upright, maxEdge) : null;
  const mime = `image/${type}`;
  // ImageDecoder scales while decoding (JPEG by DCT scaling) instead of building a full-size bitmap first.
  if (declared && target && 'ImageDecoder' in globalThis && (await ImageDecoder.isTypeSupported(mime))) {
    // A JPEG has no transparent pixel; one stored as shown (orientation 1) is encoded from its frame as it is (encode.ts).
    const asStored = type === 'jpeg' && readOrientation(file) === 1;
    // Handed over, not copied (~2 ms less for a 4 MB JPEG): the rare fallback below reads the bytes again.
    const decoder = new ImageDecoder({ data: bytes, transfer: [bytes], type: mime, desiredWidth: target.width, desiredHeight: target.height });
    try {
      const { image } = await decoder.decode({ frameIndex: 0 });
      return await fromFrame(image, declared, maxEdge, asStored);
    } catch {
      // fall through to createImageBitmap, which knows a few more variants
    } finally {
      decoder.close();
    }
  }
  // createImageBitmap turns the picture by its EXIF orientation before resizing: the size asked for is
  // the upright one (a phone's portrait photo is stored sideways), or none when the header does not say.
  const blob = new Blob([bytes.byteLength > 0 ? bytes : await readAgain()]);
  const bitmap = uprightTarget
    ? await createImageBitmap(blob, { resizeWidth: uprightTarget.width, resizeHeight: uprightTarget.height, resizeQuality: 'high' })
    : await createImageBitmap(blob);
  if (isTooSmall(bitmap)) throw new TooSmall();
  return { size: fitWithin(bitmap, maxEdge), draw: (c, s) => c.drawImage(bitmap, 0, 0, s.width, s.height), close: () => bitmap.close() };
}

/** A decoded frame, ready to draw at the policy size of the picture as it is shown (EXIF-turned). */
async function fromFrame(frame: VideoFrame, declared: Size, maxEdge: number, opaque: boolean): Promise<Decoded> {
  // Drawn as an ImageBitmap (wrapping the frame's pixels costs ~nothing): Chromium draws a VideoFrame
  // eagerly and slowly, and the canvas then encodes slower too (~40 ms more for 1024×768, measured).
  const bitmap = await createImageBitmap(frame).catch(() => null);
  if (bitmap) frame.close();
  const source = bitmap ?? frame;
  const decoded = bitmap ? { width: bitmap.width, height: bitmap.height } : { width: frame.displayWidth, height: frame.displayHeight };
  // Encoded at the frame's own size when the decoder scaled it within the policy: a JPEG's scaled decode lands
  // on an eighth of the stored size at or under the size asked for (1000×750 for 1024×768), and drawing that up
  // to the policy size added no detail but a resampling pass (one core: 10.3 → 7.4 ms of the page's CPU for the
  // draw and encode of a camera-like frame; 57 KB instead of 50 KB, docs/speed.md). A frame larger than the
  // policy (a decoder that did not scale) is drawn down to the header's upright size.
  const scaled = Math.max(decoded.width, decoded.height) <= maxEdge;
  return {
    size: scaled ? decoded : fitWithin(uprightSize(declared, decoded), maxEdge),
    draw: (c, s) => c.drawImage(source, 0, 0, s.width, s.height),
    ...(bitmap && opaque && scaled ? { opaque: bitmap } : {}),
    close: () => source.close(),
  };
}

class TooSmall extends Error {}

/** Vector images have no pixels to decode: an <img> renders them, at the largest size the policy allows. */
async function drawViaElement(blob: Blob, maxEdge: number): Promise<{ size: Size; draw: DrawInto; close(): void }> {
  const url = URL.createObjectURL(blob);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Unreadable(t('unreadableSvg'));
  }
  return { ...vectorTarget(image, maxEdge), close: () => URL.revokeObjectURL(url) };
}

function vectorTarget(image: HTMLImageElement, maxEdge: number): { size: Size; draw: DrawInto } {
  const natural = { width: image.naturalWidth || image.width || 300, height: image.naturalHeight || image.height || 150 };
  const scale = maxEdge / Math.max(natural.width, natural.height);
  const size = { width: Math.max(1, Math.round(natural.width * scale)), height: Math.max(1, Math.round(natural.height * scale)) };
  return { size, draw: (c, s) => c.drawImage(image, 0, 0, s.width, s.height) };
}

/** Draws an element the page already shows (a canvas, or an image whose bytes are gone, such as a revoked blob:). */
function drawElement(found: FoundImage, maxEdge: number): { size: Size; draw: DrawInto } | null {
  const element = found.element;
  if (element instanceof HTMLCanvasElement) {
    if (!element.width || !element.height) return null;
    return { size: fitWithin({ width: element.width, height: element.height }, maxEdge), draw: (c, s) => c.drawImage(element, 0, 0, s.width, s.height) };
  }
  if (element instanceof HTMLImageElement && element.naturalWidth > 0) {
    if (/\.svg(?:[?#]|$)/i.test(found.url) || found.url.startsWith('data:image/svg')) return vectorTarget(element, maxEdge);
    return { size: fitWithin({ width: element.naturalWidth, height: element.naturalHeight }, maxEdge), draw: (c, s) => c.drawImage(element, 0, 0, s.width, s.height) };
  }
  return null;
}

async function encode(source: { size: Size; draw: DrawInto; opaque?: ImageBitmap }): Promise<PageImage> {
  // A cross-origin image without CORS taints the canvas: encoding then throws a SecurityError.
  const encoded = await encodeWithinBudget(source.size, source.draw, source.opaque);
  return { dataUrl: encoded.dataUrl, byteLength: encoded.byteLength, width: encoded.width, height: encoded.height };
}

const broken = () => t('errImageBroken');
const tooSmall = () => t('errImageTooSmallPage');

/** Reads the chosen image's pixels in the page and encodes them within the sizing policy. */
export async function readImage(srcUrl: string, maxEdge: number = IMAGE_POLICY.maxEdge): Promise<PageImage | PageImageError> {
  markStep('page:read');
  const prefetched = takePrefetched();
  const found = locateChosenImage(srcUrl);
  if (!found) return fail(false, t('errImageNotFound'), srcUrl);
  const element = found.element instanceof HTMLImageElement ? found.element : null;
  if (element) await loaded(element);
  const shown = element ? element.currentSrc || element.src : found.url;
  // The page may have swapped the element's source since the user chose it (a new srcset at the
  // right-click): then the bytes read are those of the URL the user chose, and the element, which now
  // shows something else, is neither drawn nor judged. (A picture beneath a transparent spacer shows
  // another URL than the spacer the menu named by design: that one is read.)
  const url = srcUrl && !found.beneath && shown !== absolute(srcUrl) ? absolute(srcUrl) : shown;
  const image = url === shown ? element : null;
  if (image && image.complete && image.naturalWidth === 0 && !/\.svg(?:[?#]|$)/i.test(url)) {
    forgetPicked();
    return fail(true, broken(), url);
  }
  if (image && image.naturalWidth > 0 && isTooSmall({ width: image.naturalWidth, height: image.naturalHeight })) {
    forgetPicked();
    return fail(true, tooSmall(), url);
  }
  try {
    let result: PageImage;
    if (url) {
      try {
        const bytes = await bytesOf(url, prefetched);
        markStep('page:bytes');
        const decoded = await decodeBytes(bytes, maxEdge, () => bytesOf(url, null));
        markStep('page:decoded');
        try {
          result = await encode(decoded);
          markStep('page:encoded');
        } finally {
          decoded.close();
        }
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        const drawn = url === shown ? drawElement(found, maxEdge) : null;
        if (!drawn) throw error;
        result = await encode(drawn);
      }
    } else {
      const drawn = drawElement(found, maxEdge);
      if (!drawn) throw new Unreadable(t('unreadableBlank'));
      result = await encode(drawn);
    }
    forgetPicked();
    return result;
  } catch (error) {
    if (error instanceof TooSmall) {
      forgetPicked();
      return fail(true, tooSmall(), url);
    }
    // The pick is kept: the worker's screenshot path still needs it.
    return fail(false, t('errImageUnreadable', error instanceof Error ? error.message : String(error)), url);
  }
}
