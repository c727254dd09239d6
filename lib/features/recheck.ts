// Re-check and compare: the tab's finished check worked on again against the image it kept, with no
// page access (edited claims re-verified; or the same claims asked of another model, side by side).
import { t } from '../i18n';
import type { CheckJob } from '../job-record';
import { jobCalibration } from '../claim-scores';
import { CheckError } from '../errors';
import { savedKeyFor } from '../key-origin';
import { redactSecret } from '../redact';
import { compareWithModel, recheckClaims } from '../recheck-lifecycle';
import type { Settings } from '../settings';
import { afterCheck } from './check-image';
import type { Platform, StoragePort } from './ports';

/** Whether a tab's check can be re-checked: it has ended (its claims are then the user's to edit). */
export function recheckable(job: CheckJob | null): job is CheckJob {
  return job !== null && job.status !== 'running';
}

/** Whether a tab's check can be compared with another model: it has ended with its verdicts. */
export function comparable(job: CheckJob | null): job is CheckJob {
  return job !== null && job.status === 'done';
}

/** The tab's finished check and its kept image, which a re-check or comparison works from. */
async function rerunContext(
  platform: StoragePort,
  tabId: number,
  ready: (job: CheckJob | null) => job is CheckJob,
): Promise<{ job: CheckJob; image: string; settings: Settings }> {
  const [job, image, settings] = await Promise.all([platform.loadJob(tabId), platform.loadTabImage(tabId), platform.loadSettings()]);
  if (!ready(job)) throw new CheckError('interrupted', t('errNoFinishedCheck'));
  if (!image) throw new CheckError('image', t('errImageNotKept'));
  return { job, image, settings };
}

/** Re-verifies the user's edited claims against the tab's last image; the result replaces the tab's job. */
export async function recheck(platform: Platform, tabId: number, claims: string[]): Promise<void> {
  const { job, image, settings } = await rerunContext(platform, tabId, recheckable);
  const calibration = await platform.calibrationFor(settings.model);
  // Whether this run still owns the tab's job when it ends (read before the registry lets it go).
  const { finished, current } = await platform.tasks.run('check', tabId, async (task) => ({
    finished: await recheckClaims(job, claims, image, platform.newId(), {
      verify: platform.endpointModel(settings, task.signal, calibration ? { scoreKind: calibration.score_kind } : {}),
      save: async (next) => {
        // A run another one replaced writes nothing more: the tab's job is the newer run's now.
        if (!task.current()) return;
        // Endpoints echo the key in error text; it never reaches storage.
        await platform.saveJob(redactSecret(next, settings.apiKey));
        // The tab may be gone (a re-check needs no page): its badge is then nobody's concern.
        await platform.showBadge(next).catch(() => {});
      },
      now: platform.now,
      calibration: calibration && jobCalibration(calibration),
    }),
    current: task.current(),
  }));
  if (current) await afterCheck(platform, redactSecret(finished, settings.apiKey), settings);
}

/** Checks the tab's claims with another model and stores that run beside the job (and in history when done). */
export async function compare(platform: Platform, tabId: number, model: string, baseUrl: string | undefined): Promise<void> {
  const { job, image, settings } = await rerunContext(platform, tabId, comparable);
  // Another Base URL for the comparison gets the saved key only if it is on the key's own origin.
  const other: Settings = { ...settings, model, ...(baseUrl ? { baseUrl, apiKey: savedKeyFor(settings, baseUrl) } : {}) };
  // The compared model is judged by its own calibration, if the user imported one.
  const calibration = await platform.calibrationFor(model);
  // Whether this run still owns the tab's job when it ends (read before the registry lets it go).
  const { finished, current } = await platform.tasks.run('check', tabId, async (task) => ({
    finished: await compareWithModel(job, model, baseUrl ?? null, image, {
      verify: platform.endpointModel(other, task.signal, calibration ? { scoreKind: calibration.score_kind } : {}),
      // A run another one replaced writes nothing more: the tab's job is the newer run's now.
      save: async (next) => {
        if (task.current()) await platform.saveJob(redactSecret(next, settings.apiKey));
      },
      now: platform.now,
      calibration: calibration && jobCalibration(calibration),
    }),
    current: task.current(),
  }));
  if (current && finished.comparison?.status === 'done')
    await platform.recordHistory(redactSecret(finished, settings.apiKey), settings.historyLimit).catch(() => {});
}
