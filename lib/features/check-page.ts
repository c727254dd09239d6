// "Check all captioned images on this page": the page lists its image + caption pairs, the user
// unticks some in the popup, and the worker checks the rest, a few at a time (settings.concurrency).
// Each pair is a full check (runCheck) whose image comes by the single check's own paths (the platform's image read).
import { t } from '../i18n';
import type { CheckJob } from '../job-record';
import { CheckError } from '../errors';
import { MAX_CAPTION_CHARS, requestSignal, runCheck, type AcquiredImage } from '../check-lifecycle';
import { itemFromJob, newPageCheck, type PageCheck, type PageCheckItem } from '../page-check-state';
import { altListSchema, pageListSchema } from '../page/protocol';
import { runPool, serial } from '../pool';
import { redactSecret } from '../redact';
import { markPageCheck } from './page-marks';
import type { ClockPort, PagePort, Platform, StoragePort, TasksPort } from './ports';

/** True while a tab's page check is running in this worker. */
export function pageCheckRunning(platform: TasksPort, tabId: number): boolean {
  return platform.tasks.running('page', tabId);
}

/** Cancels a tab's running page check; pairs already checked keep their results. */
export function cancelPageCheck(platform: TasksPort, tabId: number): boolean {
  return platform.tasks.cancel('page', tabId);
}

/**
 * Asks the tab's top frame for its captioned images (`captions`), or for its alt texts and alt findings
 * (`alt`), and stores them, all ticked, for the popup to show.
 */
export async function listPageCheck(platform: TasksPort & PagePort & StoragePort & ClockPort, tabId: number, kind: PageCheck['kind'] = 'captions'): Promise<PageCheck> {
  if (pageCheckRunning(platform, tabId)) throw new CheckError('interrupted', t('errPageBusy'));
  // One character over the cap, as gather does: prepareCaption then says the caption was cut.
  const frame = { tabId, frameId: 0 };
  // The browser's callPage checks these lists too (lib/page/protocol.ts); a Platform is not trusted to have.
  const answer =
    kind === 'alt'
      ? altListSchema.safeParse(await platform.callPage(frame, 'listAltTexts', MAX_CAPTION_CHARS + 1))
      : pageListSchema.transform((list) => ({ ...list, findings: [], counts: undefined })).safeParse(await platform.callPage(frame, 'listCaptioned', MAX_CAPTION_CHARS + 1));
  if (!answer.success) throw new CheckError('page', t('errPageUnusable'));
  const { pageUrl, items, findings, counts } = answer.data;
  const check = newPageCheck(tabId, pageUrl, items, platform.now(), { kind, findings, counts });
  await platform.savePageCheck(check);
  return check;
}

/** Serialises writes of one page check: pairs finish concurrently, and no update may be lost. */
function stateWriter(platform: Platform, initial: PageCheck) {
  let state = initial;
  let chain: Promise<void> = platform.savePageCheck(state);
  const write = (next: PageCheck) => {
    state = next;
    chain = chain.then(() => platform.savePageCheck(next)).catch(() => {});
    return chain;
  };
  return {
    get: () => state,
    item: (id: string, change: (item: PageCheckItem) => PageCheckItem) => write({ ...state, items: state.items.map((i) => (i.id === id ? change(i) : i)) }),
    finish: (at: number) => write({ ...state, status: 'done', finishedAt: at }),
  };
}

/** The tab's listed page check when it can run now: listed, not run yet, and no page check running on the tab; else null. */
export async function runnablePageCheck(platform: TasksPort & StoragePort, tabId: number): Promise<PageCheck | null> {
  const listed = await platform.loadPageCheck(tabId);
  return listed && listed.status === 'choosing' && !pageCheckRunning(platform, tabId) ? listed : null;
}

/**
 * Checks the ticked pairs (`ids`) of the tab's listed page check, at most settings.concurrency at once.
 * Each finished check is stored in history (the popup's rows open it); progress lives in session storage.
 */
export async function runPageCheck(platform: Platform, tabId: number, ids: readonly string[]): Promise<PageCheck> {
  const listed = await runnablePageCheck(platform, tabId);
  if (!listed) throw new CheckError('interrupted', pageCheckRunning(platform, tabId) ? t('errPageBusy') : t('errListAgain'));
  // A running page check is never replaced: the one the user started finishes (or is cancelled) first.
  return platform.tasks.run('page', tabId, ({ signal }) => checkListed(platform, listed, ids, signal));
}

async function checkListed(platform: Platform, listed: PageCheck, ids: readonly string[], signal: AbortSignal): Promise<PageCheck> {
  const now = platform.now;
  const tabId = listed.tabId;
  const wanted = new Set(ids);
  const writer = stateWriter(platform, { ...listed, status: 'running', owner: platform.workerInstance, startedAt: now(), items: listed.items.map((i) => ({ ...i, selected: wanted.has(i.id) })) });
  const settings = await platform.loadSettings();
  const choice = await platform.chooseModel(settings);
  // The screenshot fallback scrolls its element into view and captures the tab: one pair at a time (the screenshot path must not overlap).
  const oneAtATime = serial();
  const checkOne = async (item: PageCheckItem): Promise<void> => {
    const pageUrl = writer.get().pageUrl;
    const target = { tabId, frameId: 0, srcUrl: item.imageUrl, pageUrl };
    const clean = (job: CheckJob) => redactSecret(job, settings.apiKey);
    const request = requestSignal();
    const job = await runCheck(
      { id: platform.newId(), tabId, model: choice.label || settings.model, maxClaims: settings.maxClaims, pageUrl, imageUrl: item.imageUrl },
      {
        now,
        // The ended state is written once the check is in history, so a row never opens a missing entry.
        save: async (job) => {
          if (job.status === 'running') await writer.item(item.id, (i) => itemFromJob(i, clean(job)));
        },
        gather: async () => {
          choice.assertReady();
          // The listed element itself, not just any element with its URL, is what the image paths read.
          const url = await platform.callPage(target, 'selectCaptioned', item.id);
          if (!url) throw new CheckError('image', t('errImageLeftPage'));
          target.srcUrl = url;
          return { caption: item.caption, credit: item.credit, pageUrl, imageUrl: url };
        },
        acquireImage: async (url): Promise<AcquiredImage> => {
          // Page read and fetch start at once; only the step that may take a screenshot waits its turn.
          const acquire = platform.startImageRead({ ...target, srcUrl: url }, settings.maxImageEdge, signal);
          return oneAtATime(() => acquire(url));
        },
        verify:
          choice.provider === 'endpoint'
            ? platform.withFailureCause(choice.verifier(signal, { onRequest: request.onRequest }), settings.baseUrl)
            : choice.verifier(signal),
        split: platform.modelSplitter(settings, signal),
        // The row's thumbnail, made once the request is out (off its path), or when the model step ended.
        keepImage: (image) => platform.makeThumbnail(image.dataUrl),
        requestSent: request.sent,
      },
    );
    const ended = clean(job);
    if (ended.status === 'done') await platform.recordHistory(ended, settings.historyLimit).catch(() => {});
    await writer.item(item.id, (i) => itemFromJob(i, ended));
  };
  const queue = writer.get().items.filter((i) => i.selected);
  // Not stopped by the signal: a pair not started when the user cancels is marked cancelled, not left waiting.
  await runPool(queue, settings.concurrency, async (item) => {
    if (signal.aborted) await writer.item(item.id, (i) => ({ ...i, state: 'error', error: t('errCancelled') }));
    else await checkOne(item);
  });
  await writer.finish(now());
  // Every checked picture marked on its page (quietly skipped where the page is gone or out of reach).
  await markPageCheck(platform, tabId, null).catch(() => {});
  return writer.get();
}
