import { describe, expect, it } from 'vitest';
import { auditReportHtml, auditToCsv, worstErrorType } from '@/lib/alt-audit';
import { newPageCheck, pageCheckSchema, type PageCheck } from '@/lib/page-check-state';

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
      'image_url,alt_text,finding,state,claims,supported,not_supported,set_aside,worst_error_type,error',
      'https://example.test/a.jpg,A red kite over a harbour.,,checked,1,1,0,0,,',
      `https://example.test/b.jpg,"'=HYPERLINK(""x""), a ""quoted"" goat",,checked,2,1,1,1,Attribute,`,
      'https://example.test/c.jpg,A canoe.,,not checked,,,,,,',
      'https://example.test/d.jpg,,No alt attribute,not checked,,,,,,',
      'https://example.test/IMG_2041.jpg,IMG_2041.jpg,"A file name, not a description",not checked,,,,,,',
    ]);
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
});
