import { calibrationFor } from './calibration-store';
import type { CheckJob } from '../check';
import { CheckError } from '../errors';
import { runCheck, type GatheredCaption } from '../jobs';
import { redactSecret } from '../redact';
import { hostOf } from '../report';
import { clearBadge, showBadge } from './badge';
import { closeChooserIn, gatherFromFrame, type CheckTarget } from './gather';
import { withLocalHint } from './local-endpoint';
import { startAcquire } from './acquire';
import { afterSweep, WORKER_INSTANCE } from './resume';
import { afterCheck, extrasSettled, keepImage, type JobExtras } from './results';
import { loadSettings, saveJob } from './storage';
import type { ProviderId } from '../verify/provider';
import { endpointSplitter, pickVerifier } from './verifier';
import { tabTasks } from './tab-tasks';
import type { TaskContext } from '../features/tab-tasks';

/** A caption known before the check starts (text selected before picking, a re-run): no chooser then. */
export interface PresetCaption {
  caption?: string;
  /** The credit that came with that caption (a re-run keeps the first check's). */
  credit?: string;
  /** The model asked for (a re-run with another model); otherwise the settings choose. */
  provider?: ProviderId;
  /** An explicit Re-run: ask the model again instead of serving the verdict cache. */
  fresh?: boolean;
}

/**
 * Starts a check for the image the user chose; its progress lands in session storage and the badge.
 * Null when the user cancelled the caption chooser: no job, no error, the badge cleared.
 */
export async function startCheck(
  target: CheckTarget,
  now: () => number = Date.now,
  preset: PresetCaption = {},
): Promise<CheckJob | null> {
  // A new check on the tab replaces the one running there; cancelling it also closes its caption chooser,
  // which then answers "cancelled", so the waiting check ends quietly and nothing is sent.
  return tabTasks.run('check', target.tabId, (task) => runStartedCheck(target, now, preset, task), {
    onCancel: () => void closeChooserIn(target.tabId),
  });
}

async function runStartedCheck(target: CheckTarget, now: () => number, preset: PresetCaption, task: TaskContext): Promise<CheckJob | null> {
  const { signal } = task;
  // The start-up sweep must not read this tab's old job after we wrote the new one.
  const [settings] = await Promise.all([loadSettings(), afterSweep()]);
  // The image is read in the page from the first moment, while the model is picked and the caption
  // chosen (nothing is sent before the user confirms): it is the slowest step before the request.
  const acquire = startAcquire(target, settings.maxImageEdge, signal);
  const choice = await pickVerifier(settings, preset.provider);
  // The caption is settled before a job exists: nothing is shown or sent until the user confirms.
  let chosen: GatheredCaption | CheckError | null =
    preset.caption !== undefined
      ? { caption: preset.caption, ...(preset.credit ? { credit: preset.credit } : {}), pageUrl: target.pageUrl, imageUrl: target.srcUrl }
      : null;
  if (!chosen && choice.provider) {
    chosen = await gatherFromFrame(target).catch((error: unknown) => {
      if (error instanceof CheckError) return error;
      throw error;
    });
    if (chosen === null || signal.aborted) {
      // A check that replaced this one owns the badge now.
      if (task.current()) await clearBadge(target.tabId);
      return null;
    }
  }
  const gathered = chosen;
  // Thumbnail and frame ride along with every save (lib/platform/results.ts fills the thumbnail, once
  // the model request is out or the model step is over: `release`).
  const extras: JobExtras = { frameId: target.frameId };
  let release = () => {};
  const requestOut = new Promise<void>((resolve) => (release = resolve));
  // Only endpoint checks are scored (logprobs, else agreement); the on-device model is never calibrated.
  const calibration = choice.provider === 'endpoint' ? await calibrationFor(settings.model) : null;
  const verifier =
    choice.provider === 'endpoint'
      ? // A local server refusing the extension gets the exact fix (grant access, or OLLAMA_ORIGINS).
        withLocalHint(
          choice.verifier(signal, {
            fresh: preset.fresh === true,
            onRequest: release,
            ...(calibration ? { scoreKind: calibration.score_kind } : {}),
          }),
          settings.baseUrl,
        )
      : choice.verifier(signal);
  let savedThumbnail = false;
  const job = await runCheck(
    {
      id: crypto.randomUUID(),
      tabId: target.tabId,
      model: choice.label || settings.model,
      endpointHost: (choice.provider === 'endpoint' ? hostOf(settings.baseUrl) : 'on-device') ?? undefined,
      maxClaims: settings.maxClaims,
      pageUrl: target.pageUrl,
      imageUrl: target.srcUrl,
      calibration,
    },
    {
      now,
      save: async (job) => {
        // The owner tells a restarted worker that this job's runner is gone (lib/platform/resume.ts).
        // Endpoints echo the key in error text; it never reaches storage, the popup or history.
        // The badge is not awaited: its calls reach the browser before the save's, so it is
        // never behind what the popup shows, and the request does not wait on it.
        void showBadge(job).catch(() => {});
        savedThumbnail = Boolean(extras.thumbnail);
        await saveJob(redactSecret({ ...job, ...extras, owner: WORKER_INSTANCE }, settings.apiKey));
      },
      gather: async () => {
        choice.assertReady();
        if (gathered instanceof CheckError) throw gathered;
        if (gathered) return gathered;
        const late = await gatherFromFrame(target);
        if (!late) throw new CheckError('aborted', 'The check was cancelled.');
        return late;
      },
      acquireImage: keepImage(acquire, target.tabId, extras, requestOut),
      verify: (...args) => verifier(...args).finally(release),
      split: endpointSplitter(settings, signal),
    },
  );
  // History, in-page marks, or first-run guidance.
  // The thumbnail may have been made after the last save (a fast or cached answer): save it in.
  release(); // a check that ended before its model step
  await extrasSettled(extras);
  if (!savedThumbnail && extras.thumbnail)
    await saveJob(redactSecret({ ...job, ...extras, owner: WORKER_INSTANCE }, settings.apiKey));
  await afterCheck(redactSecret({ ...job, ...extras }, settings.apiKey), settings);
  return job;
}

/** Cancels the tab's running check, re-check or comparison (and a caption chooser it waits on); verdicts that arrived stay. */
export function cancelCheck(tabId: number): boolean {
  return tabTasks.cancel('check', tabId);
}
