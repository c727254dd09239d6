// "Check alt text on this page", written down: the audit table as CSV (for a spreadsheet or a ticket)
// and as a self-contained HTML report, like the evidence report of one check (no script, nothing loaded).
import { csvCell } from './export';
import type { PageCheck, PageCheckItem } from './page-check-state';
import { escapeHtml, reportDocument, when } from './report';

/** What an alt-text finding means, in words a reviewer files. */
export const FINDING_TEXT: Record<PageCheck['findings'][number]['kind'], string> = {
  'missing-alt': 'No alt attribute',
  'file-name-alt': 'A file name, not a description',
};

/**
 * The gravest error type among an alt text's unsupported claims: the first in the seed's order (Object,
 * Attribute, Spatial, Interaction, Quantitative) — an object that is not there misleads a reader most.
 */
export function worstErrorType(item: Pick<PageCheckItem, 'errorTypes'>): string {
  return item.errorTypes[0] ?? '';
}

/** Where an item's check stands, as a word. */
function stateWord(item: PageCheckItem): string {
  if (!item.selected) return 'not checked';
  return { pending: 'waiting', running: 'checking', done: 'checked', error: 'failed' }[item.state];
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
      stateWord(item),
      done ? item.claims : null,
      done ? item.supported : null,
      done ? item.unsupported : null,
      done ? item.setAside : null,
      done ? worstErrorType(item) : null,
      item.error,
    ]);
  }
  for (const finding of check.findings) rows.push([finding.imageUrl, finding.alt, FINDING_TEXT[finding.kind], 'not checked', null, null, null, null, null, null]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f1f1f; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #ccc; padding: .35rem .5rem; vertical-align: top; text-align: left; }
td.num { text-align: right; } td.bad { color: #b3261e; font-weight: 600; } img { max-width: 96px; max-height: 96px; }
td.url { overflow-wrap: anywhere; font-size: 13px; color: #555; }
@media print { body { margin: 0; max-width: none; } tr { break-inside: avoid; } }
`;

/** The audit as one HTML file: the table with thumbnails, the findings, and where and when. */
export function auditReportHtml(check: PageCheck, context: { savedAt: number; pageTitle: string | null; model: string; extensionVersion: string }): string {
  const thumb = (item: PageCheckItem) => (item.thumbnail?.startsWith('data:image/') ? `<img src="${escapeHtml(item.thumbnail)}" alt="">` : '');
  const rows = check.items
    .filter((item) => item.selected)
    .map((item) => {
      const done = item.state === 'done';
      const cell = (value: number) => (done ? String(value) : '');
      return `<tr data-state="${item.state}"><td>${thumb(item)}</td><td>${escapeHtml(item.caption)}</td><td class="num">${cell(item.supported)}</td><td class="num${done && item.unsupported ? ' bad' : ''}">${cell(item.unsupported)}</td><td class="num">${cell(item.setAside)}</td><td>${escapeHtml(done ? worstErrorType(item) : (item.error ?? stateWord(item)))}</td><td class="url">${escapeHtml(item.imageUrl)}</td></tr>`;
    })
    .join('\n');
  const findings = check.findings.length
    ? `<h2>Accessibility findings</h2><table data-report="findings"><thead><tr><th>Finding</th><th>Alt text</th><th>Image</th></tr></thead><tbody>${check.findings
        .map((f) => `<tr><td>${FINDING_TEXT[f.kind]}</td><td>${escapeHtml(f.alt ?? '')}</td><td class="url">${escapeHtml(f.imageUrl)}</td></tr>`)
        .join('')}</tbody></table>`
    : '';
  return reportDocument(
    `Alt-text audit — ${context.pageTitle ?? check.pageUrl}`,
    STYLE,
    `<h1>Alt-text audit</h1>
<p>${escapeHtml(check.pageUrl)}${context.pageTitle ? ` — ${escapeHtml(context.pageTitle)}` : ''}</p>
<table data-report="audit">
<thead><tr><th>Image</th><th>Alt text</th><th>Supported</th><th>Not supported</th><th>Set aside</th><th>Worst error type</th><th>Image URL</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${findings}
<p><small>Checked ${escapeHtml(when(check.startedAt))} by ${escapeHtml(context.model)}; saved ${escapeHtml(when(context.savedAt))} by Caption Check ${escapeHtml(context.extensionVersion)}. A verdict is a model's judgement of the image, not a fact.</small></p>`,
  );
}
