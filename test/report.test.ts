import { describe, expect, it } from 'vitest';
import type { CheckJob } from '@/lib/job-record';
import { citationText, displayUrl, escapeHtml, reportFileName, reportHtml, reportsHtml, type ReportContext } from '@/lib/report';

const job: CheckJob = {
  id: 'j1',
  tabId: 1,
  pageUrl: 'https://news.example/story?a=1&b=2',
  imageUrl: 'https://news.example/a.jpg',
  status: 'done',
  phase: 'finished',
  caption: 'Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.',
  claims: [
    { text: 'Two cats sit on a sofa.', start: 0, end: 23, hedged: false, verdict: { reasoning: 'Two cats are visible.', label: true, error_type: [] }, confidence: 0.93 },
    { text: 'A dog sleeps under the table.', start: 24, end: 53, hedged: false, verdict: { reasoning: 'No dog, "none".', label: false, error_type: ['Object'] } },
  ],
  setAside: [{ text: 'It feels cozy.', start: 54, end: 68, reason: 'mood or atmosphere' }],
  notes: [],
  model: 'gpt-4o-mini',
  imagePath: 'fetch',
  imageBytes: 100,
  startedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  finishedAt: Date.UTC(2025, 0, 2, 3, 4, 7),
  usage: { promptTokens: 900, completionTokens: 80 },
  error: null,
};

const context: ReportContext = {
  imageDataUrl: 'data:image/jpeg;base64,AAAA',
  imageKind: 'sent',
  pageTitle: 'A story',
  endpointHost: 'api.openai.com',
  promptVersion: 'seed-000_00d95705263f0412',
  extensionVersion: '0.1.0',
  savedAt: Date.UTC(2025, 0, 3, 10, 20, 0),
};

describe('evidence report', () => {
  it('holds the image, the marked caption, every verdict and where it came from', () => {
    const html = reportHtml(job, context);
    expect(html).toContain('<img src="data:image/jpeg;base64,AAAA"');
    expect(html).toContain('<mark class="claim true" title="Claim 1">Two cats sit on a sofa.</mark>');
    expect(html).toContain('<mark class="claim false" title="Claim 2">A dog sleeps under the table.</mark>');
    expect(html).toContain('<mark class="set-aside" title="Not checked">It feels cozy.</mark>');
    expect(html).toContain('<td class="verdict">✗ Not supported</td><td>Object</td><td></td><td dir="auto">No dog, &quot;none&quot;.</td>');
    expect(html).toContain('<td class="verdict">✓ Supported</td><td></td><td>93%</td>');
    expect(html).toContain('<bdi>It feels cozy.</bdi> — <em>mood or atmosphere</em>');
    expect(html).toContain('<a href="https://news.example/story?a=1&amp;b=2">');
    for (const fact of ['2025-01-02 03:04:05 UTC', '2025-01-03 10:20:00 UTC', 'gpt-4o-mini', 'api.openai.com', 'seed-000_00d95705263f0412', 'A story']) {
      expect(html).toContain(fact);
    }
  });

  it.each([
    [{ requests: 1 }, '<dt>Cost</dt><dd>1 request · 980 tokens</dd>'],
    [{ requests: 6 }, '<dt>Cost</dt><dd>6 requests · 980 tokens</dd>'],
    [{ usage: null }, null],
    [{}, '<dt>Cost</dt><dd>980 tokens</dd>'],
  ])('says what the check cost (%j)', (extra, row) => {
    const html = reportHtml({ ...job, ...extra }, context);
    if (row) expect(html).toContain(row);
    else expect(html).not.toContain('<dt>Cost</dt>');
  });

  it('runs nothing and loads nothing, whatever the page and the model wrote', () => {
    const hostile: CheckJob = {
      ...job,
      caption: '<script>alert(1)</script> <img src=x onerror=alert(2)>',
      claims: [{ text: '<script>alert(1)</script>', start: 0, end: 25, hedged: false, verdict: { reasoning: '</td><script>x</script>', label: true, error_type: [] } }],
      setAside: [],
      model: '"><script>m</script>',
      pageUrl: 'javascript:alert(3)',
      imageUrl: 'https://x.example/a.jpg" onerror="alert(4)',
    };
    const html = reportHtml(hostile, { ...context, pageTitle: '</title><script>t</script>', imageDataUrl: 'javascript:alert(5)' });
    expect(html).not.toMatch(/<script/i);
    // Markup from the page stays text; a quote cannot end an attribute early.
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<a href="https://x.example/a.jpg&quot; onerror=&quot;alert(4)">');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('img-src data:');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('The image is not embedded');
  });

  it('says which verdicts a calibration leaves unsure', () => {
    const calibrated: CheckJob = {
      ...job,
      calibration: { alpha: 0.1, delta: 0.1, thresholds: { supported: 0.9, not_supported: 0.8 } },
      claims: [{ ...job.claims[0]!, score: 0.95, decided: true }, { ...job.claims[1]!, score: 0.6, decided: false }],
    };
    const html = reportHtml(calibrated, context);
    expect(html).toContain('<p data-report="calibration">1 of 2 claims decided at ≤ 10% error · 1 unsure (calibrated thresholds).</p>');
    expect(html).toContain('✗ Not supported <span class="unsure">⚠ Unsure — look yourself</span></td><td>Object</td><td>60%</td>');
    expect(html).toContain('✓ Supported</td><td></td><td>95%</td>');
    expect(reportHtml(job, context)).not.toContain('data-report="calibration"');
  });

  it('skips spans that overlap or fall outside the caption instead of garbling it', () => {
    const odd: CheckJob = { ...job, claims: [job.claims[0]!, { ...job.claims[1]!, start: 10, end: 500 }], setAside: [] };
    const html = reportHtml(odd, context);
    expect(html).toContain('<mark class="claim true" title="Claim 1">Two cats sit on a sofa.</mark> A dog sleeps under the table. It feels cozy.');
  });

  it.each([
    ['https://a.example/x.jpg', 'https://a.example/x.jpg'],
    [`data:image/png;base64,${'A'.repeat(5000)}`, 'data:image/png (embedded, 5,022 characters)'],
    [`https://a.example/${'p'.repeat(400)}`, `https://a.example/${'p'.repeat(282)}…`],
  ])('shows URLs briefly: %#', (url, shown) => {
    expect(displayUrl(url)).toBe(shown);
  });

  it('shows the credit under the caption, escaped, and only when the page gave one', () => {
    const credited = reportHtml({ ...job, credit: 'Jane <Doe> / Reuters' }, context);
    expect(credited).toContain('</blockquote>\n<p data-report="credit">Credit: Jane &lt;Doe&gt; / Reuters</p>');
    // The credit is never a claim: the claims table is as before.
    expect(credited.match(/<tr><td>/g)?.length).toBe(reportHtml(job, context).match(/<tr><td>/g)?.length);
    expect(reportHtml(job, context)).not.toContain('data-report="credit"');
    expect(citationText({ ...job, credit: 'Jane Doe / Reuters' }, context).split('\n')[1]).toBe(
      'Caption: “Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.” (Credit: Jane Doe / Reuters)',
    );
  });

  it('escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('cites a check in a few plain lines', () => {
    expect(citationText(job, context)).toBe(
      [
        'Caption Check, 2025-01-02 03:04:05 UTC: 1 of 2 claims not supported — Object.',
        'Caption: “Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.”',
        'Model: gpt-4o-mini (api.openai.com)',
        'Image: https://news.example/a.jpg',
        'Page: https://news.example/story?a=1&b=2',
      ].join('\n'),
    );
    expect(reportFileName(context.savedAt)).toBe('caption-check-report-20250103-1020.html');
  });
});

describe('report of several checks', () => {
  it('puts each check in its own numbered section, in order, with one document head and no script', () => {
    const other: CheckJob = { ...job, id: 'j2', caption: '<b>A kite</b> flies.', claims: [{ ...job.claims[0]!, text: '<b>A kite</b> flies.', start: 0, end: 19 }], setAside: [] };
    const html = reportsHtml([
      { job, context },
      { job: other, context: { ...context, imageDataUrl: null } },
    ]);
    expect(html.match(/<section class="check" data-report="check">/g)).toHaveLength(2);
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.indexOf('Check 1 of 2')).toBeLessThan(html.indexOf('Check 2 of 2'));
    expect(html.indexOf('Two cats sit on a sofa.')).toBeLessThan(html.indexOf('&lt;b&gt;A kite&lt;/b&gt; flies.'));
    expect(html).not.toContain('<b>A kite</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('The image is not embedded');
  });
});
