// Marks on the page: a finished check's claims marked in its caption, with a badge by the image;
// one claim made to stand out (from the panel), or all of them removed.
import { decidedCount, markLabelOf, type CheckJob } from '../job-record';
import { summaryLine } from '../export';
import { STANDING_SIGN, standingOf } from '../check/account';
import { formatNumber, plural, type Translate } from '../i18n';
import { errorTypeWord } from '../labels';
import type { MarksPayload } from '../page/marks';
import type { ExtensionPort, PagePort, StoragePort } from './ports';

/** The badge's line: the verdict summary and, with a calibration, how many verdicts it decided. */
function marksSummary(job: CheckJob, t: Translate): string {
  const counts = decidedCount(job);
  if (!counts) return summaryLine(job, t);
  const percent = formatNumber(counts.alpha * 100, { maximumFractionDigits: 1 }, t);
  return `${summaryLine(job, t)} ${plural(t, 'summaryDecided', counts.decided + counts.unsure, counts.decided, counts.decided + counts.unsure, percent, counts.unsure)}`;
}

/** The badge's colour and sign: the account's standing (a finished check is never running here). */
function pageTone(job: CheckJob): Pick<MarksPayload, 'tone' | 'sign'> {
  const standing = standingOf(job);
  const tone = standing === 'supported' ? 'ok' : standing === 'not-supported' || standing === 'failed' ? 'bad' : 'unsettled';
  return { tone, sign: STANDING_SIGN[standing] };
}

/** What the page script needs to mark a finished check. */
export function marksPayload(job: CheckJob, t: Translate): MarksPayload {
  return {
    imageUrl: job.imageUrl,
    caption: job.caption,
    summary: marksSummary(job, t),
    ...pageTone(job),
    claims: job.claims.map((c) => {
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

/** Marks a finished check in its page; how many claims were located, or null where the page is out of reach. */
export async function showMarks(platform: PagePort & ExtensionPort, job: CheckJob): Promise<number | null> {
  if (job.status !== 'done' || job.claims.length === 0) return null;
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
