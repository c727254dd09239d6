// "Check alt text on this page", written down: the audit table as CSV (for a spreadsheet or a ticket)
// and as a self-contained HTML report, like the evidence report of one check (no script, nothing loaded).
import { csvCell } from './export';
import { createTranslate, formatNumber, t, type MessageKey, type Translate } from './i18n';
import { errorTypeWord } from './labels';
import type { PageCheck, PageCheckItem } from './page-check-state';
import { escapeHtml, reportDocument, when } from './report';

/** What an alt-text finding means, in words a reviewer files. */
const FINDING_KEY: Record<PageCheck['findings'][number]['kind'], MessageKey> = {
  'missing-alt': 'findingMissingAlt',
  'file-name-alt': 'findingFileName',
};

// The CSV stays in English whatever the browser's language (its values are an interface, like its columns).
const english = createTranslate();

/**
 * The gravest error type among an alt text's unsupported claims: the first in the seed's order (Object,
 * Attribute, Spatial, Interaction, Quantitative) — an object that is not there misleads a reader most.
 */
export function worstErrorType(item: Pick<PageCheckItem, 'errorTypes'>): string {
  return item.errorTypes[0] ?? '';
}

/** Where an item's check stands, as a word (English in the CSV, the UI's language in the report). */
function stateWord(item: PageCheckItem, translate: Translate): string {
  if (!item.selected) return translate('auditStateNotChecked');
  return translate(({ pending: 'auditStateWaiting', running: 'auditStateChecking', done: 'auditStateChecked', error: 'auditStateFailed' } as const)[item.state]);
}

export const AUDIT_CSV_COLUMNS = ['image_url', 'alt_text', 'finding', 'state', 'claims', 'supported', 'not_supported', 'set_aside', 'worst_error_type', 'error'] as const;

/** The audit as CSV: one row per alt text (checked or not), then one per finding. */
export function auditToCsv(check: PageCheck): string {
  const rows: (string | number | null)[][] = [[...AUDIT_CSV_COLUMNS]];
  for (const item of check.items) {
    const done = item.state === 'done';
    rows.push([
      item.imageUrl,
      item.caption,
      '',
      stateWord(item, english),
      done ? item.claims : null,
      done ? item.supported : null,
      done ? item.unsupported : null,
      done ? item.setAside : null,
      done ? worstErrorType(item) : null,
      item.error,
    ]);
  }
  for (const finding of check.findings) rows.push([finding.imageUrl, finding.alt, english(FINDING_KEY[finding.kind]), english('auditStateNotChecked'), null, null, null, null, null, null]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f1f1f; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #ccc; padding: .35rem .5rem; vertical-align: top; text-align: start; }
td.num { text-align: end; } td.bad { color: #b3261e; font-weight: 600; } img { max-width: 96px; max-height: 96px; }
td.url { overflow-wrap: anywhere; font-size: 13px; color: #555; }
@media print { body { margin: 0; max-width: none; } tr { break-inside: avoid; } }
`;

const head = (keys: readonly MessageKey[]) => keys.map((key) => `<th>${escapeHtml(t(key))}</th>`).join('');

/** The audit as one HTML file: the table with thumbnails, the findings, and where and when. */
export function auditReportHtml(check: PageCheck, context: { savedAt: number; pageTitle: string | null; model: string; extensionVersion: string }): string {
  const thumb = (item: PageCheckItem) => (item.thumbnail?.startsWith('data:image/') ? `<img src="${escapeHtml(item.thumbnail)}" alt="">` : '');
  const rows = check.items
    .filter((item) => item.selected)
    .map((item) => {
      const done = item.state === 'done';
      const cell = (value: number) => (done ? formatNumber(value) : '');
      return `<tr data-state="${item.state}"><td>${thumb(item)}</td><td dir="auto">${escapeHtml(item.caption)}</td><td class="num">${cell(item.supported)}</td><td class="num${done && item.unsupported ? ' bad' : ''}">${cell(item.unsupported)}</td><td class="num">${cell(item.setAside)}</td><td>${escapeHtml(done ? errorTypeWord(worstErrorType(item)) : (item.error ?? stateWord(item, t)))}</td><td class="url">${escapeHtml(item.imageUrl)}</td></tr>`;
    })
    .join('\n');
  const findings = check.findings.length
    ? `<h2>${escapeHtml(t('altAuditFindings'))}</h2><table data-report="findings"><thead><tr>${head(['auditColFinding', 'altAuditColAlt', 'pageCheckColImage'])}</tr></thead><tbody>${check.findings
        .map((f) => `<tr><td>${escapeHtml(t(FINDING_KEY[f.kind]))}</td><td dir="auto">${escapeHtml(f.alt ?? '')}</td><td class="url">${escapeHtml(f.imageUrl)}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  return reportDocument(
    t('auditTitle', context.pageTitle ?? check.pageUrl),
    STYLE,
    `<h1>${escapeHtml(t('auditHeading'))}</h1>
<p>${escapeHtml(check.pageUrl)}${context.pageTitle ? ` — ${escapeHtml(context.pageTitle)}` : ''}</p>
<table data-report="audit">
<thead><tr>${head(['pageCheckColImage', 'altAuditColAlt', 'altAuditColSupported', 'pageCheckColUnsupported', 'altAuditColSetAside', 'altAuditColWorst', 'auditColImageUrl'])}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${findings}
<p><small>${escapeHtml(t('auditFooter', when(check.startedAt), context.model, when(context.savedAt), context.extensionVersion))}</small></p>`,
  );
}
