// The image step of a check in the service worker: the pixels the user is looking at, by the cheapest
// path that can read them — in the page, then a fetch from the worker, then a screenshot crop.
import { t } from '../i18n';
import { browser } from 'wxt/browser';
import { CheckError } from '../errors';
import type { ImageRead } from '../features/ports';
import { encodeWithinBudget } from '../image/encode';
import { IMAGE_POLICY, fitWithin } from '../image/size';
import type { AcquiredImage } from '../check-lifecycle';
import type { ImageLocation } from '../page/find-image';
import { PageReplyError } from '../page/protocol';
import { workerFetchUrl } from './fetch-policy';
import { callPage, type CheckTarget } from './page-calls';
import { fetchImage, ImageFetchError } from './image';
import { sampleAt } from '../welcome';

/** The frame note shown with a check whose image sits in a frame from another site. */
const foreignFrameNote = () => t('noteForeignFrame');

const pageUnreachable = (error: unknown) => error instanceof CheckError && error.kind === 'page';

/** True when the worker could not get at the bytes (CORS, no host permission, a refusing CDN), not when they were bad. */
function unreachable(error: unknown): boolean {
  return error instanceof ImageFetchError && (error.status === null || error.status === 401 || error.status === 403);
}

/** What the page said: the image, or whether it answered at all and the URL it saw (currentSrc). */
type PageAnswer = { image: AcquiredImage; reachable: true; url: string } | { image: null; reachable: boolean; url: string };

async function fromPage(target: CheckTarget, maxEdge: number): Promise<PageAnswer> {
  let value;
  try {
    value = await callPage(target, 'readImage', target.srcUrl, maxEdge);
  } catch (error) {
    // The page answered, but nothing usable: the other paths may still read the image.
    if (error instanceof PageReplyError) return { image: null, reachable: true, url: target.srcUrl };
    if (pageUnreachable(error)) return { image: null, reachable: false, url: target.srcUrl };
    throw error;
  }
  if ('error' in value) {
    if (value.error.fatal) throw new CheckError('image', value.error.message);
    return { image: null, reachable: true, url: value.error.url };
  }
  return { image: { dataUrl: value.dataUrl, byteLength: value.byteLength, path: 'page' }, reachable: true, url: target.srcUrl };
}

/** Screenshot bytes for a tab, retried once: Chrome allows only two captures a second. */
async function capture(windowId: number): Promise<string> {
  try {
    return await browser.tabs.captureVisibleTab(windowId, { format: 'png' });
  } catch (first) {
    await new Promise((resolve) => setTimeout(resolve, 600));
    try {
      return await browser.tabs.captureVisibleTab(windowId, { format: 'png' });
    } catch (cause) {
      throw new CheckError('image', t('errScreenshot'), null, {
        cause: cause ?? first,
      });
    }
  }
}

/** Crops a screenshot of the visible tab to the image's box and encodes it within the policy. */
async function cropScreenshot(screenshot: Blob, where: NonNullable<ImageLocation>, maxEdge: number): Promise<{ dataUrl: string; byteLength: number }> {
  const full = await createImageBitmap(screenshot);
  try {
    // Screenshot pixels per CSS pixel: devicePixelRatio times page zoom, read off the capture itself.
    const scale = full.width / where.viewport.width;
    const sx = Math.max(0, Math.round(where.rect.x * scale));
    const sy = Math.max(0, Math.round(where.rect.y * scale));
    const sw = Math.min(full.width - sx, Math.round(where.rect.width * scale));
    const sh = Math.min(full.height - sy, Math.round(where.rect.height * scale));
    if (sw < IMAGE_POLICY.minEdge && sh < IMAGE_POLICY.minEdge)
      throw new CheckError('image', t('errNotVisible'));
    const encoded = await encodeWithinBudget(fitWithin({ width: sw, height: sh }, maxEdge), (context, size) =>
      context.drawImage(full, sx, sy, sw, sh, 0, 0, size.width, size.height),
    );
    return { dataUrl: encoded.dataUrl, byteLength: encoded.byteLength };
  } finally {
    full.close();
  }
}

async function fromScreenshot(target: CheckTarget, maxEdge: number, pageReachable: boolean): Promise<AcquiredImage> {
  let where: ImageLocation | null = null;
  let note: string | undefined;
  // An answer that is no location counts as not found.
  const notFound = (error: unknown) => {
    if (error instanceof PageReplyError) return null;
    throw error;
  };
  if (pageReachable) where = await callPage(target, 'locateImage', target.srcUrl).catch(notFound);
  else if (target.frameId !== 0) {
    // The frame is out of reach, its parent (the top frame, which activeTab covers) is not.
    where = await callPage({ tabId: target.tabId, frameId: 0 }, 'locateFrame', target.frameUrl ?? target.srcUrl).catch(notFound);
    note = foreignFrameNote();
  }
  if (!where)
    throw new CheckError('image', t('errImageGone'));
  // A screenshot shows what the element shows now: if the page swapped its picture since the user chose
  // it, that is not the image to check.
  if (pageReachable && where.swapped)
    throw new CheckError('image', t('errImageSwapped'));
  const tab = await browser.tabs.get(target.tabId);
  if (!tab.active) throw new CheckError('image', t('errTabNotInFront'));
  const shot = await capture(tab.windowId);
  const encoded = await cropScreenshot(await (await fetch(shot)).blob(), where, maxEdge);
  return { ...encoded, path: 'screenshot', ...(note ? { note } : {}) };
}

/** What the paths that need no screenshot found: the image, or what the screenshot needs to know. */
type Early = { image: AcquiredImage } | { image: null; pageReachable: boolean };

/** The page path, then the worker's fetch; fatal image problems end the check with what to do. */
async function withoutScreenshot(target: CheckTarget, maxEdge: number, signal: AbortSignal): Promise<Early> {
  const page = await fromPage(target, maxEdge);
  if (page.image) return { image: page.image };
  signal.throwIfAborted();
  // Only URLs the worker can resolve on its own (a page's blob: or a canvas is not one), and only the
  // image the user chose: what the page reports wins only on that image's own origin (fetch-policy.ts).
  const url = workerFetchUrl(page.url, target.srcUrl);
  if (url) {
    try {
      const fetched = await fetchImage(url, maxEdge, signal, target.pageUrl);
      // The pick (if any) was not consumed by the page: drop it now, without waiting.
      if (page.reachable) void callPage(target, 'forgetPicked').catch(() => undefined);
      return { image: fetched };
    } catch (error) {
      if (!unreachable(error)) throw error;
    }
  }
  return { image: null, pageReachable: page.reachable };
}

/**
 * Starts reading the image at once (page, then fetch), beside the caption step, and returns
 * runCheck's `acquireImage`, which takes over that work: the image is usually ready when the claims
 * are. The screenshot waits for that call: by then the caption chooser is closed and not captured.
 */
export function startAcquire(target: CheckTarget, maxEdge: number, signal: AbortSignal): ImageRead {
  // A welcome-page sample is a file of this extension: the worker reads it itself (no page script runs
  // in the extension's own pages, and no screenshot is needed).
  if (sampleAt(target.srcUrl, browser.runtime.getURL('/'))) {
    const own = fetchImage(target.srcUrl, maxEdge, signal);
    own.catch(() => undefined);
    return Object.assign(() => own, { early: own });
  }
  const early = withoutScreenshot(target, maxEdge, signal);
  early.catch(() => undefined); // a check that ends before asking must not leave an unhandled rejection
  const finish = async () => {
    const found = await early;
    if (found.image) return found.image;
    signal.throwIfAborted();
    return fromScreenshot(target, maxEdge, found.pageReachable);
  };
  // For the thumbnail the popup shows while the caption is chosen: a failure here is the check's to report, not the thumbnail's.
  return Object.assign(finish, { early: early.then((found) => found.image, () => null) });
}
