// Check an image: the menu click, the picker, a re-run and a welcome sample all end here. The image
// is read from the first moment, the caption is settled (nothing is shown or sent before the user
// confirms), and the check runs through the core lifecycle (lib/check-lifecycle.ts) as the tab's task.
import { t } from '../i18n';
import type { CheckJob } from '../job-record';
import { CheckError } from '../errors';
import { requestSignal, runCheck, type GatheredCaption } from '../check-lifecycle';
import { redactSecret } from '../redact';
import { hostOf } from '../report';
import type { Settings } from '../settings';
import type { ProviderId } from '../verify/provider';
import { newWaitingCheck } from '../waiting-check';
import { isWelcomePage, WELCOME_PAGE, WELCOME_SAMPLES, type WelcomeSample } from '../welcome';
import { markStep } from '../step-marks';
import { badgeFor } from '../check/account';
import { showMarks } from './marks';
import { followRow } from './open-row';
import type { BadgePort, CheckTarget, ExtensionPort, ImageRead, PagePort, Platform, StoragePort, TasksPort } from './ports';
import type { TaskContext } from './tab-tasks';

/** A caption known before the check starts (text selected before picking, a re-run): no chooser then. */
export interface PresetCaption {
  caption?: string;
  /** The credit that came with that caption (a re-run keeps the first check's). */
  credit?: string;
  /** The model asked for (a re-run with another model); otherwise the settings choose. */
  provider?: ProviderId;
  /** An explicit Re-run: ask the model again instead of serving the verdict cache. */
  fresh?: boolean;
  /** "Split with the model" on a caption in another language: this check uses the model-assisted split. */
  split?: 'model';
  /** A re-run: the check it runs again (a page-check row showing that check then follows this one). */
  recheckOf?: string;
}

/**
 * Starts a check for the image the user chose; its progress lands in session storage and the badge.
 * Null when the user cancelled the caption chooser: no job, no error, the badge cleared.
 */
export function checkImage(platform: Platform, target: CheckTarget, preset: PresetCaption = {}): Promise<CheckJob | null> {
  // A new check on the tab replaces the one running there; cancelling it also closes its caption chooser,
  // which then answers "cancelled", so the waiting check ends quietly and nothing is sent.
  return platform.tasks.run('check', target.tabId, (task) => runImageCheck(platform, target, preset, task), {
    onCancel: () => void platform.closeChooser(target.tabId),
  });
}

/** Cancels the tab's running check, re-check or comparison (and a caption chooser it waits on); verdicts that arrived stay. */
export function cancelCheck(platform: TasksPort & BadgePort, tabId: number): boolean {
  const cancelled = platform.tasks.cancel('check', tabId);
  // A waiting mark no task owns (its worker was stopped while the chooser was open) goes too.
  if (!cancelled) void platform.endWaiting(tabId, null).catch(() => {});
  return cancelled;
}

/** Checks one of the welcome page's samples: its caption is known, so no chooser (no page script runs there). */
export function checkWelcomeSample(platform: Platform, tabId: number, sampleId: WelcomeSample['id']): Promise<CheckJob | null> {
  const sample = WELCOME_SAMPLES.find((s) => s.id === sampleId);
  if (!sample) return Promise.resolve(null);
  const base = platform.extensionBase();
  const target = { tabId, frameId: 0, srcUrl: new URL(sample.file, base).href, pageUrl: new URL(WELCOME_PAGE, base).href };
  return checkImage(platform, target, { caption: sample.caption });
}

/** How long after the model request has left the page is asked to show "Asking the model…" by the image. */
export const MARKS_AFTER_REQUEST_MS = 150;

/**
 * How long after the model request has started the check stores its "verifying" record and makes its thumbnail:
 * started with the request, their storage writes and the thumbnail's decode and encode ran while the request was
 * still on its way through the browser to the model server (~5–10 ms later on one core), and held it back.
 */
export const AFTER_REQUEST_MS = 50;

async function runImageCheck(platform: Platform, target: CheckTarget, preset: PresetCaption, task: TaskContext): Promise<CheckJob | null> {
  const { signal } = task;
  // The start-up sweep must not read this tab's old job after we wrote the new one.
  const [settings] = await Promise.all([platform.loadSettings(), platform.afterSweep()]);
  markStep('settings');
  // The image is read in the page from the first moment, while the model is picked and the caption
  // chosen (nothing is sent before the user confirms): it is the slowest step before the request.
  const read = platform.startImageRead(target, settings.maxImageEdge, signal);
  const choice = await platform.chooseModel(settings, preset.provider);
  // The caption is settled before a job exists: nothing is shown or sent until the user confirms.
  let chosen: GatheredCaption | CheckError | null =
    preset.caption !== undefined
      ? { caption: preset.caption, ...(preset.credit ? { credit: preset.credit } : {}), pageUrl: target.pageUrl, imageUrl: target.srcUrl }
      : null;
  if (!chosen && choice.provider) {
    // Shown only once a chooser opens: for a selected caption, which answers at once, the record, tooltip
    // and badge were written and removed again before the request, CPU the check's way to it does not need.
    let waiting: ReturnType<typeof showWaiting> | null = null;
    chosen = await platform
      .gatherCaption(target, () => void (waiting ??= showWaiting(platform, target, read)))
      .catch((error: unknown) => {
        if (error instanceof CheckError) return error;
        throw error;
      })
      .finally(() => waiting?.end());
    if (chosen === null || signal.aborted) {
      // A check that replaced this one owns the badge now.
      // The tab may be gone (closed while its chooser was open): nothing is left to clear then.
      if (task.current()) await platform.clearBadge(target.tabId).catch(() => {});
      return null;
    }
  }
  const gathered = chosen;
  markStep('caption');
  // The model request's departure starts the thumbnail hook (lib/check-lifecycle.ts), off the request's path.
  const request = requestSignal();
  // Only endpoint checks are scored (logprobs, else agreement); the on-device model is never calibrated.
  const calibration = choice.provider === 'endpoint' ? await platform.calibrationFor(settings.model, settings) : null;
  const verifier =
    choice.provider === 'endpoint'
      ? platform.withFailureCause(
          choice.verifier(signal, {
            fresh: preset.fresh === true,
            onRequest: request.onRequest,
            ...(calibration ? { scoreKind: calibration.score_kind } : {}),
          }),
          settings.baseUrl,
        )
      : choice.verifier(signal);
  // The frame rides along with every save, and the owner tells a restarted worker that this job's runner
  // is gone (lib/adapters/resume.ts). Endpoints echo the key in error text; it never reaches storage,
  // the popup or history.
  // The "checking" badge, drawn once; the result's marks wait for it so they always come last.
  let runMarks: Promise<unknown> | null = null;
  // Drawn once the request has left (an endpoint check): drawn at the split, the badge's page call and
  // layout ran beside the image's decode in the same page, ~100 ms later on one core. A check that ends
  // first (a failure, a cached result) shows its final marks instead.
  let checkEnded = () => {};
  const ended = new Promise<'ended'>((resolve) => (checkEnded = () => resolve('ended')));
  // And a moment after it has left: their page script (page.js, ~110 kB to read and compile, then a layout) ran
  // while the request was still on its way to the model server, on a busy machine most times (scripts/bench-click-ab.ts).
  const marksWait = choice.provider === 'endpoint' ? Promise.race([request.sent.then(() => platform.sleep(MARKS_AFTER_REQUEST_MS)), ended]) : Promise.resolve();
  const stamped = (job: CheckJob) => redactSecret({ ...job, frameId: target.frameId, owner: platform.workerInstance }, settings.apiKey);
  // The toolbar badge this check last set: a save that leaves it as it is (each phase before the request and
  // each verdict of a running check show "…") makes no toolbar call.
  let badgeShown: string | null = null;
  const job = await runCheck(
    {
      id: platform.newId(),
      tabId: target.tabId,
      model: choice.label || settings.model,
      endpointHost: (choice.provider === 'endpoint' ? hostOf(settings.baseUrl) : 'on-device') ?? undefined,
      maxClaims: settings.maxClaims,
      pageUrl: target.pageUrl,
      imageUrl: target.srcUrl,
      calibration,
      ...(preset.recheckOf ? { recheckOf: preset.recheckOf } : {}),
    },
    {
      now: platform.now,
      save: async (job) => {
        // A check another one replaced writes nothing more: the tab's job and badge are the newer check's.
        if (!task.current()) return;
        // The badge is not awaited: its calls reach the browser before the save's, so it is
        // never behind what the popup shows, and the request does not wait on it.
        const badge = badgeFor(job);
        if (badgeShown !== `${badge.text} ${badge.color}`) {
          badgeShown = `${badge.text} ${badge.color}`;
          void platform.showBadge(job).catch(() => {});
        }
        await platform.saveJob(stamped(job));
        // Once its claims are known, the page shows by the image that the check runs (dotted marks, "Asking the model…").
        if (job.status === 'running' && job.claims.length > 0 && !runMarks) {
          const running = stamped(job);
          runMarks = marksWait.then((first) => (first === 'ended' ? undefined : showMarks(platform, running)));
        }
      },
      gather: async () => {
        choice.assertReady();
        if (gathered instanceof CheckError) throw gathered;
        if (gathered) return gathered;
        const late = await platform.gatherCaption(target);
        if (!late) throw new CheckError('aborted', t('errCancelled'));
        return late;
      },
      acquireImage: read,
      verify: verifier,
      split: platform.modelSplitter(preset.split === 'model' ? { ...settings, splitMode: 'model' } : settings, signal),
      // The sized image is kept for the tab (a re-check needs no page access), whatever path read it.
      keepImage: async (image) => {
        const thumbnail = await platform.makeThumbnail(image.dataUrl).catch(() => null);
        await platform.saveTabImage(target.tabId, image.dataUrl).catch(() => {});
        return thumbnail;
      },
      requestSent: request.sent.then(() => platform.sleep(AFTER_REQUEST_MS)),
      // Known by now whenever a model is ready (the late gather below is for a check that fails first).
      captionSettled: gathered !== null,
    },
  );
  checkEnded();
  await runMarks;
  if (task.current()) await afterCheck(platform, redactSecret({ ...job, frameId: target.frameId }, settings.apiKey), settings);
  return job;
}

/**
 * Shows that the check waits for its caption while the chooser is open, with a thumbnail once the page
 * has read the image; `end` removes it after every write it made, so the badge the check sets next is the last.
 */
function showWaiting(platform: Platform, target: CheckTarget, read: ImageRead): { end: () => Promise<void> } {
  const record = newWaitingCheck(platform.newId(), target.tabId, target.pageUrl, target.srcUrl, platform.now());
  let ended = false;
  let writes = platform.showWaiting(record).catch(() => {});
  void read.early
    ?.then((image) => (image && !ended ? platform.makeThumbnail(image.dataUrl) : null))
    .then((thumbnail) => {
      if (thumbnail && !ended) writes = writes.then(() => platform.showWaiting({ ...record, thumbnail }).catch(() => {}));
    })
    .catch(() => {});
  return {
    end: () => {
      ended = true;
      writes = writes.then(() => platform.endWaiting(target.tabId, record.id).catch(() => {}));
      return writes;
    },
  };
}

/** What happens once a check ends: history, marks on the page, or first-run guidance. */
export async function afterCheck(platform: StoragePort & PagePort & ExtensionPort & BadgePort, job: CheckJob, settings: Settings): Promise<void> {
  if (job.status === 'done') {
    await platform.recordHistory(job, settings.historyLimit).catch(() => {});
    await followRow(platform, job).catch(() => {});
    await showMarks(platform, job);
    return;
  }
  // The menu click was the user's gesture: show the guidance instead of a silent "!" badge. The welcome
  // page says it inline, with its own button to Options: no tab or popup opens there unasked.
  if (job.error?.kind === 'not-configured') {
    if (!isWelcomePage(job.pageUrl, platform.extensionBase())) await platform.showFirstRunGuidance();
  }
  // Cancelled: the "checking" badge goes. Failed: the page says so by the image, with the cause in its panel.
  else if (job.error?.kind === 'aborted') await platform.callPage({ tabId: job.tabId, frameId: job.frameId ?? 0 }, 'clearMarks').catch(() => {});
  else await showMarks(platform, job);
}
