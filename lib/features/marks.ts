// Marks on the page: a badge by the image — "Asking the model…" while the check runs, what failed when it
// failed — and a finished check's claims marked in its caption; one claim made to stand out (from the panel), or all removed.
import { decidedCount, markLabelOf, type CheckJob } from '../job-record';
import { summaryLine } from '../export';
import { STANDING_SIGN, standingOf } from '../check/account';
import { formatNumber, plural, type Translate } from '../i18n';
import { errorTypeWord } from '../labels';
import type { MarksPayload } from '../page/marks';
import type { ExtensionPort, PagePort, StoragePort } from './ports';

/** The badge's line: the verdict summary and, with a calibration, how many verdicts it decided; while running or failed, that. */
function marksSummary(job: CheckJob, t: Translate): string {
  if (job.status === 'running') return t('phaseVerifying');
  if (job.status === 'error') return t('checkFailed');
  const counts = decidedCount(job);
  if (!counts) return summaryLine(job, t);
  const percent = formatNumber(counts.alpha * 100, { maximumFractionDigits: 1 }, t);
  return `${summaryLine(job, t)} ${plural(t, 'summaryDecided', counts.decided + counts.unsure, counts.decided, counts.decided + counts.unsure, percent, counts.unsure)}`;
}

const TONE = { supported: 'ok', 'not-supported': 'bad', unsettled: 'unsettled', running: 'running', failed: 'failed' } as const;

/** The badge's colour and sign: the account's standing; a failed check's cause goes with it. */
function pageTone(job: CheckJob): Pick<MarksPayload, 'tone' | 'sign' | 'detail'> {
  const standing = standingOf(job);
  return { tone: TONE[standing], sign: STANDING_SIGN[standing], ...(job.status === 'error' && job.error ? { detail: job.error.message } : {}) };
}

/** What the page script needs to mark a check: running (claims not told yet), done, or failed. */
export function marksPayload(job: CheckJob, t: Translate): MarksPayload {
  return {
    imageUrl: job.imageUrl,
    caption: job.caption,
    summary: marksSummary(job, t),
    ...pageTone(job),
    // While the check runs only the badge says so: the caption is marked once there are verdicts to mark. "Check both"
    // is said by the badge alone (its two answers are compared in the popup): one answer's marks would read as the check.
    claims: (job.status === 'running' || job.secondAnswer ? [] : job.claims).map((c) => {
      const label = markLabelOf(c, job);
      return {
        text: c.text,
        start: c.start,
        end: c.end,
        label,
        // Below its calibration threshold a verdict keeps its leaning; a "can't tell" has none to show.
        ...(label === 'unsure' && c.verdict ? { leaning: c.verdict.label ? ('true' as const) : ('false' as const) } : {}),
        errorTypes: (c.verdict?.error_type ?? []).map((type) => errorTypeWord(type, t)),
        reasoning: c.verdict?.reasoning ?? '',
      };
    }),
    words: {
      true: t('verdictSupported'),
      false: t('verdictNotSupported'),
      unsure: t('verdictUnsure'),
      unknown: t('verdictCannotTell'),
      error: t('verdictNone'),
      close: t('marksClose'),
      title: t('marksTitle'),
    },
  };
}

/**
 * Marks a check in its page (running with its claims known, done with claims, or failed); how many claims were
 * located, or null where there is nothing to mark or the page is out of reach.
 */
export async function showMarks(platform: PagePort & ExtensionPort, job: CheckJob): Promise<number | null> {
  if (job.status !== 'error' && job.claims.length === 0) return null;
  const frame = { tabId: job.tabId, frameId: job.frameId ?? 0 };
  try {
    const result = await platform.callPage(frame, 'showMarks', marksPayload(job, platform.translate));
    return result?.located ?? null;
  } catch {
    return null;
  }
}

/**
 * Makes one claim of the tab's check stand out on the page (and scrolls to the image when asked), drawing
 * the marks again first when they are gone (the user pressed Esc). False where the page is out of reach.
 */
export async function focusClaim(platform: PagePort & ExtensionPort & StoragePort, tabId: number, claim: number | null, scroll: boolean): Promise<boolean> {
  const job = await platform.loadJob(tabId);
  if (!job || job.status !== 'done') return false;
  const frame = { tabId, frameId: job.frameId ?? 0 };
  try {
    if (await platform.callPage(frame, 'focusMark', claim, scroll)) return true;
    if (claim === null || (await showMarks(platform, job)) === null) return false;
    return (await platform.callPage(frame, 'focusMark', claim, scroll)) === true;
  } catch {
    return false;
  }
}

/** Removes a tab's marks (quietly, where the page is out of reach). */
export async function clearMarks(platform: PagePort & StoragePort, tabId: number): Promise<void> {
  const job = await platform.loadJob(tabId);
  await platform.callPage({ tabId, frameId: job?.frameId ?? 0 }, 'clearMarks').catch(() => {});
}
