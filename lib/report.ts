// The evidence report: one self-contained HTML file a fact-checker can file, print or open offline
// years later. Every value in it came from a web page or a model, so all of it is escaped, and the
// file carries no script (its CSP allows none) and loads nothing (the image is embedded).
import { claimState, decidedCount, disagreements, isUnsure, verdictState, type CheckJob } from './job-record';
import type { Verdict } from './verify/schema';
import { STATE_ICON, STATE_KEY, summaryLine } from './export';
import { answerLine, answersOf, standingOf, type Answer } from './check/account';
import { formatNumber, formatPercent, plural, t, uiDir, uiLocale } from './i18n';
import { errorTypeWord, setAsideReasonWord } from './labels';
// The host (and port) of an endpoint URL, for reports; it lives with the other URL names.
export { hostOf } from './url-names';

/** What the report states beside the check itself. */
export interface ReportContext {
  /** The image as sent to the model (a data: URL), else the check's thumbnail, else none. */
  imageDataUrl: string | null;
  /** Whether imageDataUrl is the image as sent or only the small thumbnail history keeps. */
  imageKind: 'sent' | 'thumbnail';
  /** The page's title, where the browser still knows it. */
  pageTitle: string | null;
  /** Host of the endpoint that answered (never the key, never the path's secrets). */
  endpointHost: string | null;
  promptVersion: string;
  extensionVersion: string;
  savedAt: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside HTML elements and quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A URL as shown in the report: data: URLs as a short description, long URLs cut. */
export function displayUrl(url: string): string {
  if (url.startsWith('data:')) {
    const type = url.search(/[;,]/);
    return t('reportEmbedded', url.slice(0, type > 0 ? Math.min(type, 40) : 40), formatNumber(url.length));
  }
  return url.length > 300 ? `${url.slice(0, 300)}…` : url;
}

/** A link only for http(s) URLs; anything else is plain text. */
function link(url: string): string {
  return /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(displayUrl(url))}</a>` : escapeHtml(displayUrl(url));
}

/** A moment as the reports state it: "2026-12-01 01:02:03 UTC". */
export const when = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** A report's whole document: no script (its CSP allows none) and nothing loaded but embedded images. */
export function reportDocument(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(uiLocale())}" dir="${uiDir()}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The caption with each claim's span marked by its verdict and set-aside text marked as such. */
function markedCaption(job: CheckJob, answer: Answer): string {
  const spans = [
    ...answer.claims.map((c, i) => ({ start: c.start, end: c.end, cls: `claim ${claimState(c, job)}`, label: t('claimNumber', i + 1) })),
    ...answer.setAside.map((s) => ({ start: s.start, end: s.end, cls: 'set-aside', label: t('reportNotCheckedShort') })),
  ].sort((a, b) => a.start - b.start);
  const caption = answer.caption;
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at || span.end > caption.length || span.end <= span.start) continue; // overlapping or stale span
    out += escapeHtml(caption.slice(at, span.start));
    out += `<mark class="${span.cls}" title="${escapeHtml(span.label)}">${escapeHtml(caption.slice(span.start, span.end))}</mark>`;
    at = span.end;
  }
  return out + escapeHtml(caption.slice(at));
}

function claimRows(job: CheckJob, answer: Answer): string {
  return answer.claims
    .map((claim, i) => {
      const state = claimState(claim, job);
      const types = claim.verdict?.error_type.map((type) => errorTypeWord(type)).join(', ') ?? '';
      const sure = claim.score ?? claim.confidence;
      // "Can't tell from the image" is no verdict to be sure of: no confidence figure beside it.
      const confidence = typeof sure === 'number' && state !== 'unknown' ? formatPercent(sure) : '';
      // With a calibration, a verdict under its threshold says so beside the model's leaning.
      const unsure = isUnsure(claim) ? ` <span class="unsure">⚠ ${escapeHtml(t('verdictUnsure'))}</span>` : '';
      return `<tr class="${state}"><td>${i + 1}</td><td dir="auto">${escapeHtml(claim.text)}${claim.edited ? ` <em class="edited">(${escapeHtml(t('claimEdited'))})</em>` : ''}</td><td class="verdict">${STATE_ICON[state]} ${escapeHtml(t(STATE_KEY[state]))}${unsure}</td><td>${escapeHtml(types)}</td><td>${escapeHtml(confidence)}</td><td dir="auto">${escapeHtml(claim.verdict?.reasoning ?? '')}</td></tr>`;
    })
    .join('\n');
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f1f1f; max-width: 56rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
.summary { font-weight: 600; } .summary.supported { color: #1e7d32; } .summary.not-supported, .summary.failed { color: #b3261e; }
figure { margin: 1rem 0; } figure img { max-width: 100%; max-height: 28rem; border: 1px solid #ccc; }
blockquote { margin: 0; padding: .5rem 1rem; border-inline-start: 4px solid #999; background: #f6f6f6; }
mark { background: none; color: inherit; padding: 0 .1em; }
mark.true { border-bottom: 2px solid #1e7d32; } mark.false { text-decoration: underline wavy #b3261e; background: #fdecea; }
mark.set-aside { color: #5f5f5f; font-style: italic; } mark.pending, mark.error, mark.unknown { border-bottom: 2px dotted #777; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #ccc; padding: .35rem .5rem; vertical-align: top; text-align: start; }
tr.false .verdict { color: #b3261e; font-weight: 600; } .unsure { color: #8a5a00; font-weight: 600; display: block; } tr.true .verdict { color: #1e7d32; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } dt { color: #555; } dd { margin: 0; overflow-wrap: anywhere; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } tr { break-inside: avoid; } }
`;

/** With a calibration: how many verdicts meet its stated error rate. */
function calibrationLine(job: CheckJob): string {
  const counts = decidedCount(job);
  if (!counts) return '';
  const total = counts.decided + counts.unsure;
  return `<p data-report="calibration">${escapeHtml(plural(t, 'reportCalibration', total, formatNumber(counts.decided), formatNumber(total), formatPercent(counts.alpha), formatNumber(counts.unsure)))}</p>`;
}

/** One check's part of a report, under `title` (the report's heading, or "Check 2 of 3"). */
function checkBody(job: CheckJob, context: ReportContext, title: string): string {
  const summary = summaryLine(job, t);
  const standing = standingOf(job);
  const image = context.imageDataUrl?.startsWith('data:image/')
    ? `<figure><img src="${escapeHtml(context.imageDataUrl)}" alt="${escapeHtml(t('reportImageAlt'))}"><figcaption>${escapeHtml(t(context.imageKind === 'sent' ? 'reportImageSent' : 'reportImageThumb'))}</figcaption></figure>`
    : `<p>${escapeHtml(t('reportImageNone'))}</p>`;
  const notes = job.notes.length ? `<h2>${escapeHtml(t('reportNotes'))}</h2><ul>${job.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
  const cost = costOf(job);
  const provenance: [string, string][] = [
    [t('reportFieldPage'), link(job.pageUrl)],
    ...(context.pageTitle ? ([[t('reportFieldPageTitle'), escapeHtml(context.pageTitle)]] as [string, string][]) : []),
    [t('reportFieldImage'), link(job.imageUrl)],
    [t('reportFieldChecked'), escapeHtml(when(job.startedAt))],
    [t('reportFieldSaved'), escapeHtml(when(context.savedAt))],
    [t('reportFieldModel'), escapeHtml(job.model)],
    [t('reportFieldEndpoint'), escapeHtml(context.endpointHost ?? t('reportNotRecorded'))],
    ...(cost ? ([[t('reportFieldCost'), escapeHtml(cost)]] as [string, string][]) : []),
    [t('reportFieldPrompt'), escapeHtml(context.promptVersion)],
    [t('appName'), escapeHtml(context.extensionVersion)],
  ];
  return `${title}
<p class="summary ${standing}" data-report="summary" data-standing="${standing}">${escapeHtml(summary)}</p>
${calibrationLine(job)}
${image}
${answersOf(job, t).map((answer) => answerPart(job, answer)).join('\n')}
${comparisonPart(job)}
${notes}
<h2>${escapeHtml(t('reportProvenance'))}</h2>
<dl data-report="provenance">${provenance.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>
<p><small>${escapeHtml(t('reportFooter'))}</small></p>`;
}

/**
 * One answer's caption, marked claim by claim, its claims' verdicts and what was set aside; with "Check both" under
 * the page's name of the answer and its counts, so a report never reads as one caption verified.
 */
function answerPart(job: CheckJob, answer: Answer): string {
  const head = answer.label
    ? `<h2 data-report="answer">${escapeHtml(answer.label)}</h2>\n<p data-report="answer-counts">${escapeHtml(answerLine(answer, t))}</p>\n<h3>${escapeHtml(t('reportCaption'))}</h3>`
    : `<h2>${escapeHtml(t('reportCaption'))}</h2>`;
  const sub = answer.label ? 'h3' : 'h2';
  const setAside = answer.setAside.length
    ? `<${sub}>${escapeHtml(t('reportNotCheckedShort'))}</${sub}><ul>${answer.setAside.map((s) => `<li><bdi>${escapeHtml(s.text)}</bdi> — <em>${escapeHtml(setAsideReasonWord(s.reason))}</em></li>`).join('')}</ul>`
    : '';
  return `${head}
<blockquote data-report="caption" dir="auto">${markedCaption(job, answer)}</blockquote>
${answer.credit ? `<p data-report="credit">${escapeHtml(t('resultCredit', answer.credit))}</p>` : ''}
<${sub}>${escapeHtml(t('reportClaims'))}</${sub}>
<table data-report="claims">
<thead><tr><th>#</th>${(['reportColClaim', 'reportColVerdict', 'reportColTypes', 'reportColConfidence', 'reportColReasoning'] as const).map((k) => `<th>${escapeHtml(t(k))}</th>`).join('')}</tr></thead>
<tbody>
${claimRows(job, answer)}
</tbody>
</table>
${setAside}`;
}

/** A finished comparison with another model: its agreement line and both models' verdict per claim. */
function comparisonPart(job: CheckJob): string {
  const run = job.comparison;
  if (run?.status !== 'done') return '';
  const differ = disagreements(job);
  const word = (verdict: Verdict | null) => {
    const state = verdictState({ verdict }) ?? 'error';
    return `${STATE_ICON[state]} ${escapeHtml(t(STATE_KEY[state]))}`;
  };
  const line = differ.length === 0 ? plural(t, 'compareAgree', job.claims.length, job.claims.length) : plural(t, 'compareDisagree', job.claims.length, differ.length, job.claims.length);
  const rows = job.claims.map((claim, i) => `<tr${differ.includes(i) ? ' class="disagree"' : ''}><td dir="auto">${escapeHtml(claim.text)}</td><td>${word(claim.verdict)}</td><td>${word(run.verdicts[i] ?? null)}</td></tr>`);
  return `<h2>${escapeHtml(t('compareTitle'))}</h2>
<p data-report="comparison">${escapeHtml(line)}</p>
<table data-report="comparison-table"><thead><tr><th>${escapeHtml(t('compareClaim'))}</th><th>${escapeHtml(job.model)}</th><th>${escapeHtml(run.model)}</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

/** What the check cost, as far as it was counted: "1 request · 1,234 tokens"; null when nothing was. */
export function costOf(job: Pick<CheckJob, 'requests' | 'usage'>): string | null {
  const parts: string[] = [];
  if (job.requests !== undefined) parts.push(plural(t, 'metaRequests', job.requests, formatNumber(job.requests)));
  if (job.usage) parts.push(plural(t, 'metaTokens', job.usage.promptTokens + job.usage.completionTokens, formatNumber(job.usage.promptTokens + job.usage.completionTokens)));
  return parts.length ? parts.join(' · ') : null;
}

/** The whole report for one check, as an HTML document with no script and nothing loaded from elsewhere. */
export function reportHtml(job: CheckJob, context: ReportContext): string {
  return reportDocument(t('mdTitle', summaryLine(job, t)), STYLE, checkBody(job, context, `<h1>${escapeHtml(t('reportTitle'))}</h1>`));
}

/** One report for several checks (history entries the user selected), each in its own section, in the given order. */
export function reportsHtml(checks: readonly { job: CheckJob; context: ReportContext }[]): string {
  const sections = checks.map(
    ({ job, context }, i) =>
      `<section class="check" data-report="check">${checkBody(job, context, `<h1 class="check__title">${escapeHtml(t('reportCheckOf', i + 1, checks.length))}</h1>`)}</section>`,
  );
  return reportDocument(t('reportTitleMany', formatNumber(checks.length)), `${STYLE}section.check + section.check { border-top: 2px solid #999; margin-top: 2rem; padding-top: 1rem; }\n@media print { section.check + section.check { break-before: page; } }\n`, sections.join('\n'));
}

/** A short plain-text citation of a check: what was found, by which model, where and when. */
export function citationText(job: CheckJob, context: Pick<ReportContext, 'endpointHost' | 'savedAt'>): string {
  // "Check both": each answer's caption under the page's name for it.
  const captions = answersOf(job, t).map(({ label, caption: full, credit }) => {
    const caption = (full.length > 200 ? `${full.slice(0, 200)}…` : full).replace(/\s+/g, ' ');
    const line = credit ? t('citeCaptionCredit', caption, credit.replace(/\s+/g, ' ')) : t('citeCaption', caption);
    return label ? `${label} — ${line}` : line;
  });
  return [
    t('citeHead', when(job.startedAt), summaryLine(job, t)),
    ...captions,
    context.endpointHost ? t('citeModelHost', job.model, context.endpointHost) : t('citeModel', job.model),
    t('citeImage', displayUrl(job.imageUrl)),
    t('citePage', displayUrl(job.pageUrl)),
  ].join('\n');
}


/** The report's file name, from the time it was saved. */
export function reportFileName(savedAt: number): string {
  return `caption-check-report-${new Date(savedAt).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.html`;
}
