// "Check all captioned images on this page": the page lists its image + caption pairs, the user
// unticks some in the popup, and the worker checks the rest, a few at a time (settings.concurrency).
// Each pair is a full check (runCheck) whose image comes by the single check's own paths (acquire.ts).
import { browser } from 'wxt/browser';
import type { CheckJob } from '../check';
import { CheckError } from '../errors';
import { MAX_CAPTION_CHARS, runCheck, type AcquiredImage } from '../jobs';
import { itemFromJob, newPageCheck, type PageCheck, type PageCheckItem } from '../page-check-state';
import { redactSecret } from '../redact';
import { WORKER_INSTANCE } from './resume';
import { startAcquire } from './acquire';
import { callPage } from './gather';
import { recordHistory } from './history-store';
import { withLocalHint } from './local-endpoint';
import { loadPageCheck, savePageCheck } from './page-check-store';
import { loadSettings } from './storage';
import { makeThumbnail } from './thumbnail';
import { endpointSplitter, pickVerifier } from './verifier';

/** Page checks running now, by tab. */
const running = new Map<number, AbortController>();

/** True while a tab's page check is running in this worker. */
export function pageCheckRunning(tabId: number): boolean {
  return running.has(tabId);
}

/** Cancels a tab's running page check; pairs already checked keep their results. */
export function cancelPageCheck(tabId: number): boolean {
  const controller = running.get(tabId);
  controller?.abort();
  return Boolean(controller);
}

/**
 * Asks the tab's top frame for its captioned images (`captions`), or for its alt texts and alt findings
 * (`alt`), and stores them, all ticked, for the popup to show.
 */
export async function listPageCheck(tabId: number, kind: PageCheck['kind'] = 'captions', now: () => number = Date.now): Promise<PageCheck> {
  if (running.has(tabId)) throw new CheckError('interrupted', 'The images of this page are being checked. Wait for that to finish.');
  // One character over the cap, as gather does: prepareCaption then says the caption was cut.
  const frame = { tabId, frameId: 0 };
  // The page's lists are checked by callPage (lib/page/protocol.ts) before they are stored or sent.
  const { pageUrl, items, findings } =
    kind === 'alt'
      ? await callPage(frame, 'listAltTexts', MAX_CAPTION_CHARS + 1)
      : { ...(await callPage(frame, 'listCaptioned', MAX_CAPTION_CHARS + 1)), findings: [] };
  const check = newPageCheck(tabId, pageUrl, items, now(), { kind, findings });
  await savePageCheck(check);
  return check;
}

/** Serialises writes of one page check: pairs finish concurrently, and no update may be lost. */
function stateWriter(initial: PageCheck) {
  let state = initial;
  let chain: Promise<void> = savePageCheck(state);
  const write = (next: PageCheck) => {
    state = next;
    chain = chain.then(() => savePageCheck(next)).catch(() => {});
    return chain;
  };
  return {
    get: () => state,
    item: (id: string, change: (item: PageCheckItem) => PageCheckItem) => write({ ...state, items: state.items.map((i) => (i.id === id ? change(i) : i)) }),
    finish: (at: number) => write({ ...state, status: 'done', finishedAt: at }),
  };
}

/** Runs `task` after every earlier one on this lock has ended; the screenshot path must not overlap. */
function serial() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = last.then(task, task);
    last = result.catch(() => undefined);
    return result;
  };
}

/**
 * Checks the ticked pairs (`ids`) of the tab's listed page check, at most settings.concurrency at once.
 * Each finished check is stored in history (the popup's rows open it); progress lives in session storage.
 */
export async function runPageCheck(tabId: number, ids: readonly string[], now: () => number = Date.now): Promise<PageCheck> {
  const listed = await loadPageCheck(tabId);
  if (!listed || listed.status !== 'choosing') throw new CheckError('interrupted', 'List the captioned images of this page again, then check them.');
  if (running.has(tabId)) throw new CheckError('interrupted', 'The images of this page are being checked. Wait for that to finish.');
  const controller = new AbortController();
  running.set(tabId, controller);
  const wanted = new Set(ids);
  const writer = stateWriter({ ...listed, status: 'running', owner: WORKER_INSTANCE, startedAt: now(), items: listed.items.map((i) => ({ ...i, selected: wanted.has(i.id) })) });
  // An extension API call resets Chrome's idle timer while requests are in flight.
  const keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  try {
    const settings = await loadSettings();
    const choice = await pickVerifier(settings);
    // The screenshot fallback scrolls its element into view and captures the tab: one pair at a time.
    const oneAtATime = serial();
    const checkOne = async (item: PageCheckItem): Promise<void> => {
      const pageUrl = writer.get().pageUrl;
      const target = { tabId, frameId: 0, srcUrl: item.imageUrl, pageUrl };
      const extras: Pick<CheckJob, 'thumbnail'> = {};
      const clean = (job: CheckJob) => redactSecret({ ...job, ...extras }, settings.apiKey);
      const job = await runCheck(
        { id: crypto.randomUUID(), tabId, model: choice.label || settings.model, maxClaims: settings.maxClaims, pageUrl, imageUrl: item.imageUrl },
        {
          now,
          // The ended state is written once the check is in history, so a row never opens a missing entry.
          save: async (job) => {
            if (job.status === 'running') await writer.item(item.id, (i) => itemFromJob(i, clean(job)));
          },
          gather: async () => {
            choice.assertReady();
            // The listed element itself, not just any element with its URL, is what the image paths read.
            const url = await callPage(target, 'selectCaptioned', item.id);
            if (!url) throw new CheckError('image', 'This image is no longer on the page. Reload the page and list its images again.');
            target.srcUrl = url;
            return { caption: item.caption, credit: item.credit, pageUrl, imageUrl: url };
          },
          acquireImage: async (url): Promise<AcquiredImage> => {
            // Page read and fetch start at once; only the step that may take a screenshot waits its turn.
            const acquire = startAcquire({ ...target, srcUrl: url }, settings.maxImageEdge, controller.signal);
            const image = await oneAtATime(() => acquire(url));
            const thumbnail = await makeThumbnail(image.dataUrl);
            if (thumbnail) extras.thumbnail = thumbnail;
            return image;
          },
          verify:
            choice.provider === 'endpoint' ? withLocalHint(choice.verifier(controller.signal), settings.baseUrl) : choice.verifier(controller.signal),
          split: endpointSplitter(settings, controller.signal),
        },
      );
      const ended = clean(job);
      if (ended.status === 'done') await recordHistory(ended, settings.historyLimit).catch(() => {});
      await writer.item(item.id, (i) => itemFromJob(i, ended));
    };
    const queue = writer.get().items.filter((i) => i.selected);
    let next = 0;
    const lane = async () => {
      for (let item = queue[next++]; item; item = queue[next++]) {
        if (controller.signal.aborted) await writer.item(item.id, (i) => ({ ...i, state: 'error', error: 'The check was cancelled.' }));
        else await checkOne(item);
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, queue.length) }, lane));
    await writer.finish(now());
    return writer.get();
  } finally {
    clearInterval(keepAlive);
    running.delete(tabId);
  }
}
