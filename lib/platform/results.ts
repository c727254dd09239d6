import { browser } from 'wxt/browser';
import { decidedCount, markLabelOf, type CheckJob } from '../check';
import { savedKeyFor } from '../key-origin';
import { redactSecret } from '../redact';
import { CheckError } from '../errors';
import { summaryLine } from '../export';
import { createTranslate } from '../i18n';
import type { AcquiredImage } from '../jobs';
import type { MarksPayload } from '../page/marks';
import { compareWithModel, recheckClaims } from '../rerun';
import type { Settings } from '../settings';
import { jobCalibration } from '../claim-scores';
import { showBadge } from './badge';
import { calibrationFor } from './calibration-store';
import { callPage } from './gather';
import { recordHistory } from './history-store';
import { loadJob, loadSessionImage, loadSettings, saveJob, saveSessionImage } from './storage';
import { makeThumbnail } from './thumbnail';
import { endpointVerifier } from './verifier';
import { tabTasks } from './tab-tasks';

const t = createTranslate((key, subs) => {
  try {
    return (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs);
  } catch {
    return '';
  }
});

/** Fields a check gains in the worker beyond what runCheck records: the thumbnail and the image's frame. */
export type JobExtras = Pick<CheckJob, 'thumbnail' | 'frameId'>;

/**
 * Wraps an image step so the sized image is kept in session storage (a re-check needs no page access)
 * and a thumbnail is made from it — whatever path acquired the image.
 */
export function keepImage(
  acquire: (url: string) => Promise<AcquiredImage>,
  tabId: number,
  extras: JobExtras,
  requestOut: Promise<unknown> = Promise.resolve(),
): (url: string) => Promise<AcquiredImage> {
  return async (url) => {
    const image = await acquire(url);
    // Off the request's path: the thumbnail is made and the image kept once the request is out (the
    // worker has one thread; decoding and storing them before would delay the steps leading to it).
    const kept = (async () => {
      await requestOut;
      const thumbnail = await makeThumbnail(image.dataUrl).catch(() => null);
      if (thumbnail) extras.thumbnail = thumbnail;
      await saveSessionImage(tabId, image.dataUrl).catch(() => {});
    })();
    pendingExtras.set(extras, kept);
    return image;
  };
}

const pendingExtras = new WeakMap<JobExtras, Promise<void>>();

/** Waits until the thumbnail and kept image of a check are in place (before history and marks use them). */
export async function extrasSettled(extras: JobExtras): Promise<void> {
  await pendingExtras.get(extras);
}

/** The badge's line: the verdict summary and, with a calibration, how many verdicts it decided. */
function marksSummary(job: CheckJob): string {
  const counts = decidedCount(job);
  if (!counts) return summaryLine(job);
  const percent = Number((counts.alpha * 100).toFixed(1));
  return `${summaryLine(job)} ${t('summaryDecided', counts.decided, counts.decided + counts.unsure, percent, counts.unsure)}`;
}

/** What the page script needs to mark a finished check. */
export function marksPayload(job: CheckJob): MarksPayload {
  return {
    imageUrl: job.imageUrl,
    caption: job.caption,
    summary: marksSummary(job),
    claims: job.claims.map((c) => {
      const label = markLabelOf(c, job);
      return {
        text: c.text,
        start: c.start,
        end: c.end,
        label,
        ...(label === 'unsure' && c.verdict ? { leaning: c.verdict.label ? ('true' as const) : ('false' as const) } : {}),
        errorTypes: c.verdict?.error_type ?? [],
        reasoning: c.verdict?.reasoning ?? '',
      };
    }),
    words: {
      true: t('verdictSupported'),
      false: t('verdictNotSupported'),
      unsure: t('verdictUnsure'),
      error: t('verdictNone'),
      close: t('marksClose'),
      title: t('marksTitle'),
    },
  };
}

/** Marks a finished check in its page (claim marks + badge). Quietly does nothing where the page is out of reach. */
export async function showMarksFor(job: CheckJob): Promise<number | null> {
  if (job.status !== 'done' || job.claims.length === 0) return null;
  const frame = { tabId: job.tabId, frameId: job.frameId ?? 0 };
  try {
    const result = await callPage(frame, 'showMarks', marksPayload(job));
    return result?.located ?? null;
  } catch {
    return null;
  }
}

/**
 * Makes one claim of the tab's check stand out on the page (and scrolls to the image when asked), drawing
 * the marks again first when they are gone (the user pressed Esc). False where the page is out of reach.
 */
export async function focusClaimFor(tabId: number, claim: number | null, scroll: boolean): Promise<boolean> {
  const job = await loadJob(tabId);
  if (!job || job.status !== 'done') return false;
  const frame = { tabId, frameId: job.frameId ?? 0 };
  try {
    if (await callPage(frame, 'focusMark', claim, scroll)) return true;
    if (claim === null || (await showMarksFor(job)) === null) return false;
    return (await callPage(frame, 'focusMark', claim, scroll)) === true;
  } catch {
    return false;
  }
}

/** Removes a tab's marks. */
export async function clearMarksFor(tabId: number): Promise<void> {
  const job = await loadJob(tabId);
  await callPage({ tabId, frameId: job?.frameId ?? 0 }, 'clearMarks').catch(() => {});
}

/** What happens once a check ends: history, marks on the page, or first-run guidance. */
export async function afterCheck(job: CheckJob, settings: Settings): Promise<void> {
  if (job.status === 'done') {
    await recordHistory(job, settings.historyLimit).catch(() => {});
    await showMarksFor(job);
    return;
  }
  if (job.error?.kind === 'not-configured') {
    // The menu click was the user's gesture: show the guidance instead of a silent "!" badge.
    try {
      await browser.action.openPopup();
    } catch {
      // No popup can open here (no focused window, or the browser does not allow it): Options, with the guidance on top.
      await browser.tabs.create({ url: browser.runtime.getURL('/options.html?firstRun=1') }).catch(() => {});
    }
  }
}

/** The tab's finished check and its kept image, which a re-check or comparison works from. */
async function rerunContext(tabId: number): Promise<{ job: CheckJob; image: string; settings: Settings }> {
  const [job, image, settings] = await Promise.all([loadJob(tabId), loadSessionImage(tabId), loadSettings()]);
  if (!job || job.status === 'running') throw new CheckError('interrupted', 'There is no finished check on this tab to work from.');
  if (!image) throw new CheckError('image', 'The image of this check is no longer kept. Right-click the image and check it again.');
  return { job, image, settings };
}

/** Saves a re-check or comparison as it goes, with the API key removed from any text an endpoint echoed. */
const persistWith = (secret: string) => async (job: CheckJob) => {
  await saveJob(redactSecret(job, secret));
  // The tab may be gone (a re-check needs no page): its badge is then nobody's concern.
  await showBadge(job).catch(() => {});
};

/** Re-verifies the user's edited claims against the tab's last image; the result replaces the tab's job. */
export async function startRecheck(tabId: number, claims: string[]): Promise<void> {
  const { job, image, settings } = await rerunContext(tabId);
  const calibration = await calibrationFor(settings.model);
  const finished = await tabTasks.run('check', tabId, ({ signal }) =>
    recheckClaims(job, claims, image, crypto.randomUUID(), {
      verify: endpointVerifier(settings, signal, calibration ? { scoreKind: calibration.score_kind } : {}),
      save: persistWith(settings.apiKey),
      now: Date.now,
      calibration: calibration && jobCalibration(calibration),
    }),
  );
  await afterCheck(redactSecret(finished, settings.apiKey), settings);
}

/** Checks the tab's claims with another model and stores that run beside the job. */
export async function startCompare(tabId: number, model: string, baseUrl: string | undefined): Promise<void> {
  const { job, image, settings } = await rerunContext(tabId);
  // Another Base URL for the comparison gets the saved key only if it is on the key's own origin.
  const other: Settings = { ...settings, model, ...(baseUrl ? { baseUrl, apiKey: savedKeyFor(settings, baseUrl) } : {}) };
  // The compared model is judged by its own calibration, if the user imported one.
  const calibration = await calibrationFor(model);
  const finished = await tabTasks.run('check', tabId, ({ signal }) =>
    compareWithModel(job, model, baseUrl ?? null, image, {
      verify: endpointVerifier(other, signal, calibration ? { scoreKind: calibration.score_kind } : {}),
      save: (next) => saveJob(redactSecret(next, settings.apiKey)),
      now: Date.now,
      calibration: calibration && jobCalibration(calibration),
    }),
  );
  if (finished.comparison?.status === 'done')
    await recordHistory(redactSecret(finished, settings.apiKey), settings.historyLimit).catch(() => {});
}
