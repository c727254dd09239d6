import { t } from '../i18n';
import { checkJobSchema, type CheckJob } from '../job-record';
import { interruptedPageCheck, pageCheckSchema } from '../page-check-state';
import { showBadge } from './badge';
import { leftRunningAtStart } from './engine-api';
import { storedChecks } from './start-up';
import { replaceTabData } from './storage-area';
import { tabKeyPattern } from '../storage-keys';
import { markStep } from '../step-marks';

const PAGE_CHECK_KEY = tabKeyPattern(['pageCheck']);

/**
 * This worker instance. Chrome runs one instance of an extension's service worker at a time, and a
 * stopped worker loses its memory, so a job whose `owner` is not this id was started by an instance
 * that no longer exists: nobody will ever finish it.
 */
export const WORKER_INSTANCE = crypto.randomUUID();

/** What the user reads on a check whose worker was stopped mid-way; Re-run is the one-click retry. */
const interruptedMessage = () => t('errInterruptedWorker');


/** The job as the interrupted check it is: its verdicts kept, the claims still waiting marked as without one. */
function interruptedJob(job: CheckJob, now: number): CheckJob {
  return {
    ...job,
    status: 'error',
    phase: 'finished',
    finishedAt: now,
    error: { kind: 'interrupted', message: interruptedMessage(), retryAfterMs: null },
  };
}

/** Whether a stored job is still marked running by a worker instance other than this one. */
function isOrphaned(job: CheckJob, instance: string = WORKER_INSTANCE): boolean {
  return job.status === 'running' && job.owner !== instance;
}

/**
 * Marks every check left running by an earlier worker instance as interrupted (partial verdicts kept).
 *
 * Why not resume: resuming would re-read the page (which may have navigated or lost our activeTab
 * grant), re-send the image and pay for the whole model answer again without the user asking; the
 * model's half-streamed answer cannot be continued anyway. An honest "interrupted" with Re-run costs
 * one click and never spends tokens behind the user's back.
 */
async function markOrphanedJobs(now: () => number = Date.now): Promise<CheckJob[]> {
  // background.js read the stored checks as this instance started: none running, none to end. A click that woke
  // the worker then waits on no second read (and no parse of each stored check) before its image read goes out.
  const left = leftRunningAtStart();
  if (left && !(await left.catch(() => true))) return [];
  markStep('sweep-read');
  const all = await storedChecks();
  const marked: CheckJob[] = [];
  // Only tabs' checks and page checks: anything else in session storage is not read.
  for (const [key, value] of Object.entries(all)) {
    if (PAGE_CHECK_KEY.test(key)) {
      // "Check all captioned images": a run nobody owns any more ends, its waiting pairs marked.
      const page = pageCheckSchema.safeParse(value);
      if (page.success && page.data.status === 'running' && page.data.owner !== WORKER_INSTANCE)
        await replaceTabData(key, interruptedPageCheck(page.data, interruptedMessage(), now()));
      continue;
    }
    const parsed = checkJobSchema.safeParse(value);
    if (!parsed.success || !isOrphaned(parsed.data)) continue;
    const job = interruptedJob(parsed.data, now());
    await replaceTabData(key, job);
    // A badge left at "…" would say the check still runs; it does not. Tabs may be gone since.
    await showBadge(job).catch(() => undefined);
    marked.push(job);
  }
  return marked;
}

let sweep: Promise<unknown> | null = null;

/** Runs the start-up sweep once per worker instance; failures are logged, never thrown (start-up must not break). */
export function sweepAtStart(): Promise<unknown> {
  sweep ??= markOrphanedJobs().catch((error: unknown) => {
    console.warn('Caption Check: could not mark interrupted checks', error instanceof Error ? error.message : String(error));
  });
  return sweep;
}

/**
 * Resolves once the start-up sweep is over, so a check started by the very event that woke the
 * worker is never overwritten by the sweep reading the tab's previous job.
 */
export function afterSweep(): Promise<unknown> {
  return sweepAtStart();
}
