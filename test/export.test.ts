import { describe, expect, it } from 'vitest';
import type { CheckJob } from '@/lib/job-record';
import { csvCell, historyToCsv, historyToJson, jobToJson, jobToMarkdown, summaryLine } from '@/lib/export';
import { historyEntryFrom } from '@/lib/history';

const job: CheckJob = {
  id: 'j1',
  tabId: 1,
  pageUrl: 'https://news.example/story',
  imageUrl: 'https://news.example/a.jpg',
  status: 'done',
  phase: 'finished',
  caption: 'Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.',
  claims: [
    { text: 'Two cats sit on a sofa.', start: 0, end: 23, hedged: false, verdict: { reasoning: 'Two cats are visible.', label: true, error_type: [] } },
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
  thumbnail: 'data:image/jpeg;base64,AAAA',
};

describe('export', () => {
  it.each([
    [job, '1 of 2 claims not supported — Object.'],
    [{ ...job, claims: [job.claims[0]!] }, '1 claim supported.'],
    [{ ...job, claims: [job.claims[0]!, { ...job.claims[1]!, verdict: null }] }, '1 of 2 claims supported, 1 without a verdict.'],
  ])('says the result in one line', (input, line) => {
    expect(summaryLine(input)).toBe(line);
  });

  it('writes Markdown with icon + word per claim, error types, reasoning and the set-aside text', () => {
    expect(jobToMarkdown(job)).toMatchInlineSnapshot(`
      "## Caption check — 1 of 2 claims not supported — Object.

      > Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.

      - ✓ **Supported** — Two cats sit on a sofa.
        - Two cats are visible.
      - ✗ **Not supported** — A dog sleeps under the table. _(Object)_
        - No dog, "none".

      Not checked:
      - It feels cozy. — mood or atmosphere

      Model: gpt-4o-mini · Image: <https://news.example/a.jpg> · Page: <https://news.example/story>"
    `);
  });

  it('escapes page text that Markdown would read as formatting', () => {
    const md = jobToMarkdown({ ...job, caption: 'A *bold* [link](x) <b>' });
    expect(md).toContain('> A \\*bold\\* \\[link\\](x) \\<b\\>');
  });

  it.each([
    ['a data: URL that closes the autolink', 'data:image/svg+xml,<svg>x</svg> [click](https://evil.example)', 'Image: data:image/svg+xml,\\<svg\\>x\\</svg\\> \\[click\\](https://evil.example) ·'],
    ['an http URL with > and a space', 'https://news.example/a.jpg?q=1> [x](https://evil.example)', 'Image: <https://news.example/a.jpg?q=1%3E%20[x](https://evil.example)> ·'],
    ['a javascript: URL', 'javascript:alert(1)', 'Image: javascript:alert(1) ·'],
  ])('writes the image URL so it cannot end its link or start another: %s', (_name, imageUrl, expected) => {
    const line = jobToMarkdown({ ...job, imageUrl }).split('\n').at(-1)!;
    expect(line).toContain(expected);
    // One autolink at most (the page's), and nothing outside it that Markdown reads as a link.
    expect(line.replace(/<https?:[^<>\s]*>/g, '')).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/);
  });

  it('carries the credit beside the caption in Markdown and JSON, and leaves it out when there is none', () => {
    const credited = { ...job, credit: 'Photo: Jane *Doe*' };
    expect(jobToMarkdown(credited).split('\n').slice(2, 5)).toEqual(['> Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.', '', 'Credit: Photo: Jane \\*Doe\\*']);
    expect(JSON.parse(jobToJson(credited))).toMatchObject({ caption: job.caption, credit: 'Photo: Jane *Doe*' });
    expect(JSON.parse(historyToJson([historyEntryFrom(credited, 5)]))[0]).toMatchObject({ credit: 'Photo: Jane *Doe*' });
    expect(jobToMarkdown(job)).not.toContain('Credit:');
    expect(JSON.parse(jobToJson(job))).not.toHaveProperty('credit');
  });

  it('writes JSON without the thumbnail pixels, with ISO times', () => {
    const parsed = JSON.parse(jobToJson(job)) as Record<string, unknown>;
    expect(parsed).not.toHaveProperty('thumbnail');
    expect(parsed.startedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(parsed.summary).toBe('1 of 2 claims not supported — Object.');
    expect((parsed.claims as unknown[]).length).toBe(2);
  });

  it('writes history CSV with one row per claim, quoted where needed', () => {
    const csv = historyToCsv([historyEntryFrom(job, Date.UTC(2025, 0, 2))]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('saved_at,page_url,image_url,model,caption,claim,verdict,error_types,reasoning,score,score_kind,decided,edited_by_user');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(
      '2025-01-02T00:00:00.000Z,https://news.example/story,https://news.example/a.jpg,gpt-4o-mini,Two cats sit on a sofa. A dog sleeps under the table. It feels cozy.,A dog sleeps under the table.,Not supported,Object,"No dog, ""none"".",,,,',
    );
    expect(JSON.parse(historyToJson([historyEntryFrom(job, 0)]))).toHaveLength(1);
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    [null, ''],
    [3, '3'],
  ])('csvCell(%j) → %s (formulas made inert)', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
