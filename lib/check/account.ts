// The one account of a check that every view reads: how it stands (the tick, the cross, or neither),
// its sign and its headline. The popup, side panel, page badge, toolbar badge, History, page-check rows
// and labels, copies and reports all take these from here; none derives its own tick or headline.
import { allClaims, countCannotTell, countFalse, countTrue, errorTypesOf, type CheckJob, type ClaimResult, type SecondAnswer } from '../job-record';
import type { SplitResult } from '../claims/split';
import { formatDateTime, plural, type Translate } from '../i18n';
import { errorTypeWord } from '../labels';

/**
 * How a check stands. `supported` (the tick) only when at least one claim is supported and none is not
 * supported, can't-tell or without a verdict; `unsettled` when nothing was found wrong but not everything
 * could be told (neutral: never green); `not-supported` when any claim is not supported.
 */
export type Standing = 'running' | 'failed' | 'not-supported' | 'unsettled' | 'supported';

/** What a standing needs: the claims counted, from a job or a stored page-check row. */
export interface StandingCounts {
  status: 'running' | 'done' | 'error' | 'pending';
  claims: number;
  supported: number;
  unsupported: number;
}

export function standingFrom(counts: StandingCounts): Standing {
  if (counts.status === 'running' || counts.status === 'pending') return 'running';
  if (counts.status === 'error') return 'failed';
  if (counts.unsupported > 0) return 'not-supported';
  return counts.supported > 0 && counts.supported === counts.claims ? 'supported' : 'unsettled';
}

/** The standing of a check (with "Check both", of every claim of the two answers). */
export function standingOf(job: Pick<CheckJob, 'status' | 'claims' | 'secondAnswer'>): Standing {
  const all = { claims: allClaims(job) };
  return standingFrom({ status: job.status, claims: all.claims.length, supported: countTrue(all), unsupported: countFalse(all) });
}

/** The sign beside a standing, the same in every view (never colour alone). */
export const STANDING_SIGN: Record<Standing, string> = { running: '…', failed: '!', 'not-supported': '✗', unsettled: '~', supported: '✓' };

/** The colour of a standing on the toolbar badge: green only for the tick; neutral grey when nothing could be settled. */
const BADGE_COLOR: Record<Standing, string> = { running: '#5f6368', failed: '#b3261e', 'not-supported': '#b3261e', unsettled: '#5f6368', supported: '#1e7d32' };

/**
 * The toolbar badge for a job: progress, the count of unsupported claims, "~" and how many claims could
 * not be told (neutral), ✓ only for the tick, or ! on error.
 */
export function badgeFor(job: Pick<CheckJob, 'status' | 'claims' | 'secondAnswer'>): { text: string; color: string } {
  const standing = standingOf(job);
  const all = { claims: allClaims(job) };
  const text =
    standing === 'not-supported'
      ? String(countFalse(all))
      : standing === 'unsettled'
        ? `${STANDING_SIGN.unsettled}${all.claims.length - countTrue(all)}`
        : STANDING_SIGN[standing];
  return { text, color: BADGE_COLOR[standing] };
}

/**
 * A finished check's one-line result, the same in the popup, side panel, report, exports and page badge:
 * "1 of 2 claims not supported — Object", "All 3 claims supported.", with "can't tell" verdicts never counted as
 * supported, and said first when nothing in the caption describes the image but it was checked anyway.
 */
export function verdictSummary(job: Pick<CheckJob, 'claims' | 'checkedAnyway' | 'removedClaims' | 'reusedFrom' | 'secondAnswer'>, t: Translate): string {
  if (job.secondAnswer) return [bothSummary({ claims: job.claims, secondAnswer: job.secondAnswer }, t), ...reuse(job, t)].join(' · ');
  const total = job.claims.length;
  const unsupported = countFalse(job);
  const supported = countTrue(job);
  const cannotTell = countCannotTell(job);
  const missing = total - unsupported - supported - cannotTell;
  const types = errorTypesOf(job).map((type) => errorTypeWord(type, t)).join(', ');
  const line =
    unsupported > 0
      ? types
        ? plural(t, 'summaryNotSupportedTypes', total, unsupported, total, types)
        : plural(t, 'summaryNotSupported', total, unsupported, total)
      : cannotTell > 0
        ? plural(t, 'summaryCannotTell', total, supported, total, cannotTell)
        : missing > 0
          ? plural(t, 'summaryMissing', total, supported, total, missing)
          : plural(t, 'summaryAllSupported', total, total);
  const said = job.checkedAnyway ? t('summaryCheckedAnyway', line) : line;
  const changes = [...userChanges(job, t), ...reuse(job, t)];
  // "All 6 claims supported · 2 claims edited by you (…)": the headline never stands alone over edited text.
  return changes.length ? [said.replace(/[.。]$/u, ''), ...changes].join(' · ') : said;
}

/** A result the verdict cache served: "from your check of 3 Dec 2026, 17:02, no new request" (said in every view). */
export function reuse(job: Pick<CheckJob, 'reusedFrom'>, t: Translate): string[] {
  if (job.reusedFrom === undefined) return [];
  return [job.reusedFrom === null ? t('summaryReusedEarlier') : t('summaryReused', formatDateTime(job.reusedFrom, t))];
}

/** Claims whose text is the user's own (Edit claims), not the caption's words. */
export function editedCount(job: Pick<CheckJob, 'claims'>): number {
  return job.claims.filter((c) => c.edited).length;
}

/** What the user changed before this run, said after the headline: "2 claims edited by you (not the caption's words)". */
export function userChanges(job: Pick<CheckJob, 'claims' | 'removedClaims'>, t: Translate): string[] {
  const edited = editedCount(job);
  const removed = job.removedClaims ?? 0;
  return [...(edited ? [plural(t, 'summaryEdited', edited, edited)] : []), ...(removed ? [plural(t, 'summaryRemoved', removed, removed)] : [])];
}

/** History's short result for a row: its sign, its standing and a few words. */
export function historyResult(job: CheckJob, t: Translate): { standing: Standing; sign: string; text: string } {
  const standing = standingOf(job);
  if (job.secondAnswer && standing !== 'failed') {
    const counts = answersOf(job, t).map((a) => t('bothHistoryAnswer', a.label, countFalse(a), a.claims.length));
    const head = betterHead({ claims: job.claims, secondAnswer: job.secondAnswer }, t);
    return { standing, sign: STANDING_SIGN[standing], text: [t('bothTitle'), head, ...counts, ...reuse(job, t)].join(' · ') };
  }
  const unsupported = countFalse(job);
  const unsettled = job.claims.length - countTrue(job) - unsupported;
  const cannotTell = countCannotTell(job);
  const text =
    standing === 'failed'
      ? t('checkFailed')
      : unsupported > 0
        ? t('historyNotSupported', unsupported, job.claims.length)
        : cannotTell > 0
          ? t('historyCannotTell', cannotTell)
          : unsettled > 0
            ? t('historyMissing', unsettled)
            : t('historyAllSupported');
  return { standing, sign: STANDING_SIGN[standing], text: [text, ...userChanges(job, t), ...reuse(job, t)].join(' · ') };
}

/** One of the two answers of "Check both" as the views show it (a single check is one answer without a name). */
export interface Answer {
  label: string;
  caption: string;
  credit?: string;
  claims: ClaimResult[];
  setAside: SplitResult['setAside'];
}

/** The page's names of the two answers of "Check both"; "Answer 1", "Answer 2" where the page named none. */
function answerNames(second: SecondAnswer, t: Translate): [string, string] {
  return [second.labels[0].trim() || t('bothAnswerNumber', 1), second.labels[1].trim() || t('bothAnswerNumber', 2)];
}

/** The answers a check verified: its caption, and with "Check both" the second answer, each under the page's name. */
export function answersOf(job: Pick<CheckJob, 'caption' | 'credit' | 'claims' | 'setAside' | 'secondAnswer'>, t: Translate): Answer[] {
  const first = { caption: job.caption, ...(job.credit ? { credit: job.credit } : {}), claims: job.claims, setAside: job.setAside };
  const second = job.secondAnswer;
  if (!second) return [{ label: '', ...first }];
  const [one, two] = answerNames(second, t);
  const { labels: _names, ...rest } = second;
  return [
    { label: one, ...first },
    { label: two, ...rest },
  ];
}

/** Which of the two answers held up better: the one with fewer claims not supported; null when as many (or one). */
export function betterAnswer(job: Pick<CheckJob, 'claims' | 'secondAnswer'>): 0 | 1 | null {
  if (!job.secondAnswer) return null;
  const a = countFalse(job);
  const b = countFalse(job.secondAnswer);
  return a === b ? null : a < b ? 0 : 1;
}

/** "Model B held up better" or "Neither answer held up better", by the count of claims not supported. */
function betterHead(job: Pick<CheckJob, 'claims'> & { secondAnswer: SecondAnswer }, t: Translate): string {
  const better = betterAnswer(job);
  return better === null ? t('bothEven') : t('bothBetter', answerNames(job.secondAnswer, t)[better]);
}

/**
 * The headline of "Check both": which answer held up better, then each answer's counts —
 * "Model B held up better — Model A: 1 of 3 claims supported, 2 not supported · Model B: 3 of 3 claims supported, 0 not supported".
 */
function bothSummary(job: Pick<CheckJob, 'claims'> & { secondAnswer: SecondAnswer }, t: Translate): string {
  const [one, two] = answerNames(job.secondAnswer, t);
  const lines = [answerLine({ label: one, claims: job.claims }, t), answerLine({ label: two, claims: job.secondAnswer.claims }, t)];
  return `${betterHead(job, t)} — ${lines.join(' · ')}`;
}

/** One answer's counts: "Model A: 1 of 3 claims supported, 2 not supported", or that nothing in it could be checked. */
export function answerLine(answer: Pick<Answer, 'label' | 'claims'>, t: Translate): string {
  const total = answer.claims.length;
  return total === 0 ? t('bothNoClaims', answer.label) : plural(t, 'bothAnswerLine', total, answer.label, countTrue(answer), total, countFalse(answer));
}
