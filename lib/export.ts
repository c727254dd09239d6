import { claimState, isUnsure, type CheckJob, type ClaimResult, type ClaimState, type ComparisonRun, type JobCalibration } from './job-record';
import type { HistoryEntry } from './history';
import { createTranslate, t, type MessageKey, type Translate } from './i18n';
import { errorTypeWord, setAsideReasonWord } from './labels';
import { answersOf, verdictSummary } from './check/account';

/** How each claim state reads, in words (the UI's language) and as an icon (never colour alone). */
export const STATE_KEY: Record<ClaimState, MessageKey> = {
  true: 'verdictSupported',
  false: 'verdictNotSupported',
  unknown: 'verdictCannotTell',
  pending: 'verdictPending',
  error: 'verdictNone',
};
export const STATE_ICON: Record<ClaimState, string> = { true: '✓', false: '✗', unknown: '~', pending: '…', error: '?' };

// Data exports (JSON, CSV) stay in English whatever the browser's language: columns and values are an interface.
const english = createTranslate();

/** Each claim state in English, as the CSV export's verdict column says it ("Supported", "Not supported"…). */
export const STATE_WORD = Object.fromEntries(Object.entries(STATE_KEY).map(([state, key]) => [state, english(key)])) as Record<ClaimState, string>;

/**
 * The one-line result, as the popup says it, ending in a full stop: in English by default (the JSON
 * export), in the UI's language where `translate` is given (Markdown, reports, the page badge).
 */
export function summaryLine(job: Pick<CheckJob, 'claims' | 'status' | 'checkedAnyway' | 'removedClaims' | 'reusedFrom' | 'secondAnswer'>, translate: Translate = english): string {
  const line = verdictSummary(job, translate);
  return /[.!?]$/u.test(line) ? line : `${line}.`;
}

// Markdown control characters in page text would otherwise turn into formatting or links.
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1').replace(/\s+/g, ' ');

/**
 * A URL as Markdown: http(s) as an autolink with every character that could end it or start markup
 * percent-encoded; any other scheme (data:, blob:, a picker's description) as escaped text, not a link.
 */
export function markdownUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) return escapeMarkdown(url.length > 80 ? `${url.slice(0, 80)}…` : url);
  return `<${url.replace(/[<>\s"`\\]/g, (c) => encodeURIComponent(c))}>`;
}

/** A check as Markdown: summary, each claim with its verdict, error types and reasoning, and what was set aside. */
export function jobToMarkdown(job: CheckJob): string {
  const lines = [`## ${t('mdTitle', summaryLine(job, t))}`, ''];
  // "Check both": each answer under the page's name, its caption and its claims; one caption otherwise.
  for (const answer of answersOf(job, t)) {
    if (answer.label) lines.push(`### ${escapeMarkdown(answer.label)}`, '');
    lines.push(`> ${escapeMarkdown(answer.caption)}`, '');
    if (answer.credit) lines.push(t('resultCredit', escapeMarkdown(answer.credit)), '');
    for (const claim of answer.claims) {
      const state = claimState(claim, job);
      const types = claim.verdict?.error_type.length ? ` _(${claim.verdict.error_type.map((type) => errorTypeWord(type)).join(', ')})_` : '';
      const unsure = isUnsure(claim) ? t('mdUnsure') : '';
      const edited = claim.edited ? ` _(${t('claimEdited')})_` : '';
      lines.push(`- ${STATE_ICON[state]} **${t(STATE_KEY[state])}**${unsure} — ${escapeMarkdown(claim.text)}${edited}${types}`);
      if (claim.verdict?.reasoning) lines.push(`  - ${escapeMarkdown(claim.verdict.reasoning)}`);
    }
    if (answer.setAside.length) {
      lines.push('', t('mdNotChecked'));
      for (const piece of answer.setAside) lines.push(`- ${escapeMarkdown(piece.text)} — ${escapeMarkdown(setAsideReasonWord(piece.reason))}`);
    }
    if (answer.label) lines.push('');
  }
  lines.push('', t('mdFooter', escapeMarkdown(job.model), markdownUrl(job.imageUrl), markdownUrl(job.pageUrl)));
  return lines.join('\n');
}

/** The parts of a check worth exporting (no thumbnail pixels, no worker bookkeeping). */
export function exportableJob(job: CheckJob) {
  return {
    caption: job.caption,
    ...(job.credit ? { credit: job.credit } : {}),
    pageUrl: job.pageUrl,
    imageUrl: job.imageUrl,
    model: job.model,
    status: job.status,
    startedAt: new Date(job.startedAt).toISOString(),
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
    usage: job.usage,
    // Reused from the verdict cache: when the check that asked ran (no request was sent for this one).
    ...(job.reusedFrom !== undefined ? { reusedFrom: job.reusedFrom === null ? null : new Date(job.reusedFrom).toISOString() } : {}),
    summary: summaryLine(job),
    claims: job.claims.map(exportableClaim),
    // "Check both": the second answer checked against the same image in the same request, with the page's names of both.
    ...(job.secondAnswer
      ? { secondAnswer: { labels: job.secondAnswer.labels, caption: job.secondAnswer.caption, claims: job.secondAnswer.claims.map(exportableClaim), setAside: job.secondAnswer.setAside } }
      : {}),
    ...(job.removedClaims ? { removedClaims: job.removedClaims } : {}),
    // How the scores were measured (the CLI's field name), and the calibration that decided them.
    ...(job.scoreKind !== undefined ? { score_kind: job.scoreKind } : {}),
    ...(job.calibration ? { calibration: exportableCalibration(job.calibration) } : {}),
    setAside: job.setAside,
    notes: job.notes,
    error: job.error,
    ...(job.comparison ? { comparison: exportableComparison(job.comparison) } : {}),
  };
}

/** A claim as the JSON export writes it (the first answer's and, with "Check both", the second's). */
function exportableClaim(c: ClaimResult) {
  return {
    text: c.text,
    start: c.start,
    end: c.end,
    verdict: c.verdict,
    ...(c.score !== undefined ? { score: c.score } : {}),
    ...(c.decided !== undefined ? { decided: c.decided } : {}),
    ...(c.edited ? { edited: true } : {}),
  };
}

function exportableCalibration(calibration: JobCalibration) {
  return { alpha: calibration.alpha, delta: calibration.delta, thresholds: calibration.thresholds, score_kind: calibration.scoreKind ?? 'logprob' };
}

/** The other model's run with its own scores and decisions, so each model's verdicts keep theirs. */
function exportableComparison(run: ComparisonRun) {
  return {
    model: run.model,
    baseUrl: run.baseUrl,
    status: run.status,
    verdicts: run.verdicts,
    ...(run.scores ? { scores: run.scores } : {}),
    ...(run.scoreKind !== undefined ? { score_kind: run.scoreKind } : {}),
    ...(run.decided ? { decided: run.decided } : {}),
    ...(run.calibration ? { calibration: exportableCalibration(run.calibration) } : {}),
  };
}

/** A check as pretty-printed JSON. */
export function jobToJson(job: CheckJob): string {
  return JSON.stringify(exportableJob(job), null, 2);
}

/** The whole history as JSON: one object per check, newest first. */
export function historyToJson(entries: readonly HistoryEntry[]): string {
  return JSON.stringify(
    entries.map((e) => ({ savedAt: new Date(e.savedAt).toISOString(), ...exportableJob(e.job) })),
    null,
    2,
  );
}

/**
 * One CSV cell: quoted when needed, and a leading = + - @ made inert so a spreadsheet never runs
 * page text as a formula.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// Score columns come last, so sheets made from older exports keep their column positions.
export const HISTORY_CSV_COLUMNS = [
  'saved_at',
  'page_url',
  'image_url',
  'model',
  'caption',
  'claim',
  'verdict',
  'error_types',
  'reasoning',
  'score',
  'score_kind',
  'decided',
  'edited_by_user',
] as const;

/** The history as CSV, one row per claim (a check without claims still gets one row). */
export function historyToCsv(entries: readonly HistoryEntry[]): string {
  const rows: (string | number | null)[][] = [[...HISTORY_CSV_COLUMNS]];
  for (const { savedAt, job } of entries) {
    const base = [new Date(savedAt).toISOString(), job.pageUrl, job.imageUrl, job.model, job.caption];
    if (job.claims.length === 0) rows.push([...base, '', job.status === 'error' ? 'error' : '', '', job.error?.message ?? '', '', '', '', '']);
    // "Check both": the second answer's claims follow, each row with that answer's caption.
    const second = job.secondAnswer;
    const claims = [...job.claims.map((claim) => ({ claim, caption: job.caption })), ...(second?.claims.map((claim) => ({ claim, caption: second.caption })) ?? [])];
    for (const { claim, caption } of claims) {
      const state = claimState(claim, job);
      // decided is empty without a calibration: no guarantee is implied either way.
      const decided = claim.decided === undefined ? '' : String(claim.decided);
      rows.push([
        ...base.slice(0, 4),
        caption,
        claim.text,
        STATE_WORD[state],
        claim.verdict?.error_type.join('; ') ?? '',
        claim.verdict?.reasoning ?? '',
        claim.score ?? null,
        claim.score === null || claim.score === undefined ? '' : (job.scoreKind ?? ''),
        decided,
        // The claim's text is the user's (Edit claims), not the caption's words.
        claim.edited ? 'true' : '',
      ]);
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
