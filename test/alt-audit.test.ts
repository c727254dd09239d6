import { describe, expect, it } from 'vitest';
import { auditReportHtml, auditToCsv, worstErrorType } from '@/lib/alt-audit';
import { newPageCheck, pageCheckSchema, type PageCheck } from '@/lib/page-check-state';
import { auditTotalsLine, pageCheckSummary, worstFirst } from '@/lib/page-check-summary';
import { createTranslate } from '@/lib/i18n';
import { finishedJob } from './features/fake-platform';

const t = createTranslate();

const alt = (id: string, caption: string) => ({ id, imageUrl: `https://example.test/${id}.jpg`, caption, truncated: false, source: 'alt' as const });

function audited(): PageCheck {
  const listed = newPageCheck(4, 'https://example.test/page', [alt('a', 'A red kite over a harbour.'), alt('b', '=HYPERLINK("x"), a "quoted" goat'), alt('c', 'A canoe.')], 1000, {
    kind: 'alt',
    findings: [
      { id: 'd', imageUrl: 'https://example.test/d.jpg', kind: 'missing-alt', alt: null },
      { id: 'e', imageUrl: 'https://example.test/IMG_2041.jpg', kind: 'file-name-alt', alt: 'IMG_2041.jpg' },
    ],
  });
  return {
    ...listed,
    status: 'done',
    finishedAt: 2000,
    items: [
      { ...listed.items[0]!, state: 'done', claims: 1, supported: 1 },
      { ...listed.items[1]!, state: 'done', claims: 2, supported: 1, unsupported: 1, setAside: 1, errorTypes: ['Attribute', 'Quantitative'] },
      { ...listed.items[2]!, selected: false },
    ],
  };
}

describe('the alt-text audit, written down', () => {
  it('names the gravest error type first in the seed order, and none when all are supported', () => {
    expect(worstErrorType({ errorTypes: ['Object', 'Spatial'] })).toBe('Object');
    expect(worstErrorType({ errorTypes: [] })).toBe('');
  });

  it('CSV: a row per alt text with its counts, a row per finding, and page text never read as a formula', () => {
    const lines = auditToCsv(audited()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'image_url,alt_text,finding,state,claims,supported,not_supported,set_aside,worst_error_type,error,finding_reason,page_url,checked_at',
      'https://example.test/a.jpg,A red kite over a harbour.,,checked,1,1,0,0,,,,https://example.test/page,1970-01-01T00:00:01.000Z',
      `https://example.test/b.jpg,"'=HYPERLINK(""x""), a ""quoted"" goat",,checked,2,1,1,1,Attribute,,,https://example.test/page,1970-01-01T00:00:01.000Z`,
      'https://example.test/c.jpg,A canoe.,,not checked,,,,,,,,https://example.test/page,1970-01-01T00:00:01.000Z',
      'https://example.test/d.jpg,,No alt attribute,not checked,,,,,,,,https://example.test/page,1970-01-01T00:00:01.000Z',
      'https://example.test/IMG_2041.jpg,IMG_2041.jpg,"A file name, not a description",not checked,,,,,,,,https://example.test/page,1970-01-01T00:00:01.000Z',
    ]);
  });

  it('before any model run: nothing is called checked or waiting, no model is named, and the CSV has the page but no run time', () => {
    const listed = newPageCheck(4, 'https://example.test/page', [alt('a', 'A red kite over a harbour.')], 1000, {
      kind: 'alt',
      findings: [{ id: 'p', imageUrl: 'https://example.test/p.jpg', kind: 'placeholder-alt', alt: 'Image 1', reason: 'numbered' }],
    });
    const lines = auditToCsv(listed).trimEnd().split('\r\n');
    expect(lines[1]).toBe('https://example.test/a.jpg,A red kite over a harbour.,,not checked,,,,,,,,https://example.test/page,');
    // The placeholder's reason is in finding_reason, not in the error column.
    expect(lines[2]).toBe('https://example.test/p.jpg,Image 1,Placeholder alt text,not checked,,,,,,,"a number, not a description",https://example.test/page,');
    const html = auditReportHtml(listed, { savedAt: 3000, pageTitle: null, model: 'sim', extensionVersion: '1.0.0' });
    expect(html).not.toContain('sim');
    expect(html).not.toContain('Waiting');
    expect(html).toContain('no alt text was sent to a model, so none is checked');
    expect(html).toMatch(/<tr data-state="pending">.*<td>not checked<\/td>/);
  });

  it('report: the checked rows and the findings, escaped, with no script and nothing loaded', () => {
    const html = auditReportHtml(audited(), { savedAt: 3000, pageTitle: '<b>Title</b>', model: 'test-vlm', extensionVersion: '1.0.0' });
    expect(html).toContain('&lt;b&gt;Title&lt;/b&gt;');
    expect(html).not.toContain('<b>Title</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
    expect(html.match(/<tr data-state=/g)).toHaveLength(2); // the unticked alt text is not in the table
    expect(html).toContain('No alt attribute');
    expect(html).toContain('A file name, not a description');
  });

  it('a page check stored before the audit existed still reads, as a caption check without findings', () => {
    const { kind: _kind, findings: _findings, ...old } = newPageCheck(1, 'https://example.test/', [alt('a', 'A kite.')], 1);
    const items = old.items.map(({ supported: _s, setAside: _a, ...rest }) => rest);
    const parsed = pageCheckSchema.parse({ ...old, items });
    expect(parsed.kind).toBe('captions');
    expect(parsed.findings).toEqual([]);
    expect(parsed.items[0]).toMatchObject({ supported: 0, setAside: 0 });
  });

  it('report: page totals, and per alt text each claim with its verdict, error types and reasoning from history', () => {
    const check = audited();
    check.items[1] = { ...check.items[1]!, jobId: 'job-b' };
    const job = finishedJob(4, 'a goat', [
      { text: 'A goat stands in the field.', start: 0, end: 6, hedged: false, verdict: { label: false, error_type: ['Object'], reasoning: 'There is <no> goat.' } },
      { text: 'The field is green.', start: 0, end: 6, hedged: false, verdict: { label: true, error_type: [], reasoning: 'Green grass.' } },
    ]);
    const html = auditReportHtml(
      { ...check, findings: [...check.findings, { id: 'f', imageUrl: 'https://example.test/f.jpg', kind: 'placeholder-alt', alt: 'Image 1', reason: 'numbered' }] },
      { savedAt: 3000, pageTitle: null, model: 'test-vlm', extensionVersion: '1.0.0', jobs: new Map([['job-b', job]]) },
    );
    expect(html).toContain('6 images · 3 described · 1 missing alt · 2 placeholder · 1 not supported');
    expect(html).toMatch(/<tr class="false"><td dir="auto">A goat stands in the field\.<\/td><td class="verdict">✗ Not supported<\/td><td>Object<\/td><td dir="auto">There is &lt;no&gt; goat\.<\/td><\/tr>/);
    expect(html).toContain('✓ Supported');
    // The first alt text was checked but its job is not in history; the third was never sent.
    expect(html).toContain('The claims of this check are no longer in history');
    expect(html).toContain('Not checked with a model.');
    expect(html).toContain('Placeholder alt text: Image 1 (a number, not a description)');
  });

  it('report and totals without any model run: every alt text listed as not checked, the findings, the totals', () => {
    const listed = newPageCheck(4, 'https://example.test/page', [], 1000, { kind: 'alt', findings: audited().findings });
    const html = auditReportHtml(listed, { savedAt: 3000, pageTitle: null, model: '', extensionVersion: '1.0.0' });
    expect(html).toContain('2 images · 0 described · 1 missing alt · 1 placeholder · 0 not supported');
    expect(html).toContain('<table data-report="findings">');
    expect(html).not.toContain('Checked with');
    expect(auditTotalsLine(listed, t)).toBe('2 images · 0 described · 1 missing alt · 1 placeholder · 0 not supported');
  });
  it('totals count every picture on the page where the page counted them, past the 50 listed', () => {
    const counts = { images: 81, described: 12, missingAlt: 60, placeholder: 9 };
    const listed = newPageCheck(4, 'https://example.test/page', [], 1000, { kind: 'alt', findings: audited().findings, counts });
    expect(auditTotalsLine(listed, t)).toBe('81 images · 12 described · 60 missing alt · 9 placeholder · 0 not supported');
    expect(auditReportHtml(listed, { savedAt: 3000, pageTitle: null, model: '', extensionVersion: '1.0.0' })).toContain('81 images · 12 described · 60 missing alt');
  });
});

describe('the page check summed up, worst first', () => {
  const row = (id: string, change: object) => ({ ...newPageCheck(1, 'https://example.test/', [alt(id, id)], 1).items[0]!, ...change });
  const check = {
    items: [
      row('ok', { state: 'done', claims: 2, supported: 2 }),
      row('one', { state: 'done', claims: 2, unsupported: 1, errorTypes: ['Quantitative'], errorTypeCounts: { Quantitative: 1 } }),
      row('off', { selected: false }),
      row('failed', { state: 'error', error: 'The model did not answer.' }),
      row('two', { state: 'done', claims: 3, unsupported: 2, errorTypes: ['Object'], errorTypeCounts: { Object: 2 } }),
      row('waiting', { state: 'pending' }),
    ] as PageCheck['items'],
  };

  it('leads with what is wrong: images with unsupported claims, the claims by error type, then failures', () => {
    expect(pageCheckSummary(check, t)).toBe('2 of 3 images have unsupported claims — 3 claims: Object ×2, Quantitative ×1. 1 image could not be checked.');
    expect(pageCheckSummary({ items: [check.items[0]!] }, t)).toBe('The 1 image checked has no unsupported claims.');
    expect(pageCheckSummary({ items: [check.items[5]!] }, t)).toBeNull();
  });

  it('sorts the ticked rows worst first: most unsupported claims, failures, supported, waiting', () => {
    expect(worstFirst(check.items).map((i) => i.id)).toEqual(['two', 'one', 'failed', 'ok', 'waiting']);
  });
});
