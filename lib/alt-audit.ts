// "Check alt text on this page", written down: the audit table as CSV (for a spreadsheet or a ticket)
// and as a self-contained HTML report, like the evidence report of one check (no script, nothing loaded).
// Both are written with or without a model run: the findings and page totals need none.
import { csvCell, STATE_ICON, STATE_KEY } from './export';
import { createTranslate, formatNumber, t, type MessageKey, type Translate } from './i18n';
import { claimState, type CheckJob } from './job-record';
import { errorTypeWord } from './labels';
import { auditTotalsLine } from './page-check-summary';
import type { AltFinding, PageCheck, PageCheckItem } from './page-check-state';
import { escapeHtml, reportDocument, when } from './report';

/** What an alt-text finding means, in words a reviewer files. */
const FINDING_KEY: Record<PageCheck['findings'][number]['kind'], MessageKey> = {
  'missing-alt': 'findingMissingAlt',
  'file-name-alt': 'findingFileName',
  'placeholder-alt': 'findingPlaceholderAlt',
};

// The CSV stays in English whatever the browser's language (its values are an interface, like its columns).
const english = createTranslate();

/** Why an alt text is a placeholder ("a number, not a description"), or '' for other findings. */
function placeholderWhy(finding: AltFinding, translate: Translate): string {
  return finding.reason ? translate(`altPlaceholder_${finding.reason}`) : '';
}

/** A finding as the popup lists it: "No alt attribute", "Placeholder alt text: Image 1 (a number, not a description)". */
export function findingText(finding: AltFinding, translate: Translate = t): string {
  if (finding.kind === 'missing-alt') return translate('altFindingMissing');
  if (finding.kind === 'file-name-alt') return translate('altFindingFileName', finding.alt ?? '');
  const why = placeholderWhy(finding, translate);
  return `${translate('altFindingPlaceholder', finding.alt ?? '')}${why ? ` (${why})` : ''}`;
}

/**
 * The gravest error type among an alt text's unsupported claims: the first in the seed's order (Object,
 * Attribute, Spatial, Interaction, Quantitative) — an object that is not there misleads a reader most.
 */
export function worstErrorType(item: Pick<PageCheckItem, 'errorTypes'>): string {
  return item.errorTypes[0] ?? '';
}

/** Whether the audit sent anything to a model: listed only ("choosing"), nothing was checked. */
const ran = (check: Pick<PageCheck, 'status'>) => check.status !== 'choosing';

/** Where an item's check stands, as a word (English in the CSV, the UI's language in the report); before any run, "not checked". */
function stateWord(item: PageCheckItem, translate: Translate, check: Pick<PageCheck, 'status'>): string {
  if (!item.selected || !ran(check)) return translate('auditStateNotChecked');
  return translate(({ pending: 'auditStateWaiting', running: 'auditStateChecking', done: 'auditStateChecked', error: 'auditStateFailed' } as const)[item.state]);
}

// New columns come last, so sheets made from older exports keep their column positions.
export const AUDIT_CSV_COLUMNS = ['image_url', 'alt_text', 'finding', 'state', 'claims', 'supported', 'not_supported', 'set_aside', 'worst_error_type', 'error', 'finding_reason', 'page_url', 'checked_at'] as const;

/**
 * The audit as CSV: one row per alt text (checked or not), then one per finding. `error` is a failed check's cause,
 * `finding_reason` why a placeholder is one; every row names the page and when the model run began (empty: none ran).
 */
export function auditToCsv(check: PageCheck): string {
  const rows: (string | number | null)[][] = [[...AUDIT_CSV_COLUMNS]];
  const where = [check.pageUrl, ran(check) ? new Date(check.startedAt).toISOString() : null];
  for (const item of check.items) {
    const done = item.state === 'done';
    rows.push([
      item.imageUrl,
      item.caption,
      '',
      stateWord(item, english, check),
      done ? item.claims : null,
      done ? item.supported : null,
      done ? item.unsupported : null,
      done ? item.setAside : null,
      done ? worstErrorType(item) : null,
      item.error,
      null,
      ...where,
    ]);
  }
  for (const finding of check.findings)
    rows.push([finding.imageUrl, finding.alt, english(FINDING_KEY[finding.kind]), english('auditStateNotChecked'), null, null, null, null, null, null, placeholderWhy(finding, english) || null, ...where]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f1f1f; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; } h3 { font-size: 1rem; margin: 0 0 .25rem; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #ccc; padding: .35rem .5rem; vertical-align: top; text-align: start; }
td.num { text-align: end; } td.bad, tr.false td.verdict { color: #b3261e; font-weight: 600; } img { max-width: 96px; max-height: 96px; }
td.url, p.url { overflow-wrap: anywhere; font-size: 13px; color: #555; }
section.alt { display: grid; grid-template-columns: 96px 1fr; gap: .25rem 1rem; margin: 1rem 0; padding-top: 1rem; border-top: 1px solid #ddd; }
section.alt > div { min-width: 0; } .totals { font-weight: 600; }
@media print { body { margin: 0; max-width: none; } tr, section.alt { break-inside: avoid; } }
`;

const head = (keys: readonly MessageKey[]) => keys.map((key) => `<th>${escapeHtml(t(key))}</th>`).join('');
const thumb = (item: PageCheckItem) => (item.thumbnail?.startsWith('data:image/') ? `<img src="${escapeHtml(item.thumbnail)}" alt="">` : '');

/** What the report states beside the audit: when, by which build and model, and each checked alt text's job from history. */
export interface AuditReportContext {
  savedAt: number;
  pageTitle: string | null;
  model: string;
  extensionVersion: string;
  /** The finished checks by job id (history); an alt text whose job is missing says its claims are gone. */
  jobs?: ReadonlyMap<string, CheckJob>;
}

/** Each claim of a checked alt text with its verdict, error types and reasoning. */
function claimTable(job: CheckJob): string {
  const rows = job.claims.map((claim) => {
    const state = claimState(claim, job);
    const types = (claim.verdict?.error_type ?? []).map((type) => errorTypeWord(type)).join(', ');
    return `<tr class="${state}"><td dir="auto">${escapeHtml(claim.text)}</td><td class="verdict">${STATE_ICON[state]} ${escapeHtml(t(STATE_KEY[state]))}</td><td>${escapeHtml(types)}</td><td dir="auto">${escapeHtml(claim.verdict?.reasoning ?? '')}</td></tr>`;
  });
  return `<table data-report="claims"><thead><tr>${head(['compareClaim', 'auditReportVerdict', 'errorTypesLabel', 'reasoning'])}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** One alt text: its thumbnail, text and counts, then its claims (or why there are none). */
function altSection(item: PageCheckItem, job: CheckJob | undefined): string {
  const top = `<h3 dir="auto">${escapeHtml(item.caption)}</h3><p class="url">${escapeHtml(item.imageUrl)}</p>`;
  const section = (state: string, body: string) => `<section class="alt" data-state="${state}"><div>${thumb(item)}</div><div>${top}${body}</div></section>`;
  if (!item.selected || item.state === 'pending' || item.state === 'running') return section(item.state, `<p>${escapeHtml(t('auditReportNotRun'))}</p>`);
  if (item.state === 'error') return section('error', `<p>${escapeHtml(item.error ?? '')}</p>`);
  const counts = `<p>${escapeHtml(t('altAuditColSupported'))}: ${formatNumber(item.supported)} · ${escapeHtml(t('pageCheckColUnsupported'))}: <span class="${item.unsupported ? 'bad' : ''}">${formatNumber(item.unsupported)}</span> · ${escapeHtml(t('altAuditColSetAside'))}: ${formatNumber(item.setAside)}</p>`;
  return section('done', `${counts}${job?.claims.length ? claimTable(job) : `<p>${escapeHtml(t('auditReportNotKept'))}</p>`}`);
}

/**
 * The audit as one HTML file: page totals, the overview table, every alt text with its claims (verdict,
 * error types, reasoning), the findings, and where and when; written with or without a model run.
 */
export function auditReportHtml(check: PageCheck, context: AuditReportContext): string {
  const rows = check.items
    .filter((item) => item.selected)
    .map((item) => {
      const done = item.state === 'done';
      const cell = (value: number) => (done ? formatNumber(value) : '');
      return `<tr data-state="${item.state}"><td>${thumb(item)}</td><td dir="auto">${escapeHtml(item.caption)}</td><td class="num">${cell(item.supported)}</td><td class="num${done && item.unsupported ? ' bad' : ''}">${cell(item.unsupported)}</td><td class="num">${cell(item.setAside)}</td><td>${escapeHtml(done ? errorTypeWord(worstErrorType(item)) : (item.error ?? stateWord(item, t, check)))}</td><td class="url">${escapeHtml(item.imageUrl)}</td></tr>`;
    })
    .join('\n');
  const overview = rows
    ? `<table data-report="audit">
<thead><tr>${head(['pageCheckColImage', 'altAuditColAlt', 'altAuditColSupported', 'pageCheckColUnsupported', 'altAuditColSetAside', 'altAuditColWorst', 'auditColImageUrl'])}</tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '';
  const sections = check.items.map((item) => altSection(item, item.jobId ? context.jobs?.get(item.jobId) : undefined)).join('\n');
  const findings = check.findings.length
    ? `<h2>${escapeHtml(t('altAuditFindings'))}</h2><table data-report="findings"><thead><tr>${head(['auditColFinding', 'altAuditColAlt', 'pageCheckColImage'])}</tr></thead><tbody>${check.findings
        .map((f) => `<tr data-kind="${f.kind}"><td>${escapeHtml(findingText(f))}</td><td dir="auto">${escapeHtml(f.alt ?? '')}</td><td class="url">${escapeHtml(f.imageUrl)}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  return reportDocument(
    t('auditTitle', context.pageTitle ?? check.pageUrl),
    STYLE,
    `<h1>${escapeHtml(t('auditHeading'))}</h1>
<p>${escapeHtml(check.pageUrl)}${context.pageTitle ? ` — ${escapeHtml(context.pageTitle)}` : ''}</p>
<h2>${escapeHtml(t('auditReportTotals'))}</h2>
<p class="totals" data-report="totals">${escapeHtml(auditTotalsLine(check, t))}</p>
${overview}
${check.items.length ? `<h2>${escapeHtml(t('auditReportAltTexts'))}</h2>\n<div data-report="alt-texts">\n${sections}\n</div>` : ''}
${findings}
<p><small>${escapeHtml(ran(check) ? t('auditFooter', when(check.startedAt), context.model, when(context.savedAt), context.extensionVersion) : t('auditFooterListed', when(check.startedAt), when(context.savedAt), context.extensionVersion))}</small></p>`,
  );
}
