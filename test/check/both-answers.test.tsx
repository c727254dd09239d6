// "Check both": two answers to one picture (an arena's Model A and Model B) checked against the image read once, in
// one model request, and told apart in every view of the record — never shown as one caption verified.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CheckView } from '@/components/check-view';
import { HistoryView } from '@/components/history-view';
import { answersOf, badgeFor, betterAnswer, historyResult, standingOf, verdictSummary } from '@/lib/check/account';
import { runCheck, type CheckDeps } from '@/lib/check-lifecycle';
import { historyToCsv, jobToJson, jobToMarkdown } from '@/lib/export';
import { marksPayload } from '@/lib/features/marks';
import { gatheredFrom } from '@/lib/gather-reply';
import { historyEntryFrom } from '@/lib/history';
import { createTranslate } from '@/lib/i18n';
import { checkJobSchema, type CheckJob } from '@/lib/job-record';
import { recheckClaims } from '@/lib/recheck-lifecycle';
import { citationText, reportHtml } from '@/lib/report';
import type { Verdict } from '@/lib/verify/schema';

const t = createTranslate();
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replaceAll('&#x27;', "'");
const noop = () => {};
const input = { id: 'both-1', tabId: 7, model: 'm', maxClaims: 25, pageUrl: 'https://arena.test/', imageUrl: 'https://arena.test/a.jpg' };
const yes = (reasoning: string): Verdict => ({ reasoning, label: true, error_type: [] });
const no = (reasoning: string, type: Verdict['error_type'][number]): Verdict => ({ reasoning, label: false, error_type: [type] });
const A = 'Two cats sit on a sofa. A lamp stands by the window.';
const B = 'Three cats sit on a sofa. A parrot perches on the lamp.';
const context = { imageDataUrl: null, imageKind: 'sent' as const, pageTitle: null, endpointHost: null, promptVersion: 'p', extensionVersion: 'v', savedAt: 2 };

/** Runs "Check both" with a model that finds Model A right and Model B wrong twice; counts requests and image reads. */
async function checkBoth(): Promise<{ job: CheckJob; asked: string[][]; reads: number; saved: CheckJob[] }> {
  const asked: string[][] = [];
  const saved: CheckJob[] = [];
  let reads = 0;
  let clock = 1000;
  const deps: CheckDeps = {
    now: () => (clock += 10),
    save: async (job) => void saved.push(structuredClone(job)),
    gather: async () => ({ caption: A, label: 'Model A', second: { caption: B, label: 'Model B' }, pageUrl: input.pageUrl, imageUrl: input.imageUrl }),
    acquireImage: async () => {
      reads++;
      return { dataUrl: 'data:image/jpeg;base64,AAAA', path: 'fetch', byteLength: 3 };
    },
    verify: async (claims, _image, onVerdict) => {
      asked.push(claims);
      const verdicts = claims.map((c) => (/Three/.test(c) ? no('Two cats.', 'Quantitative') : /parrot/.test(c) ? no('No bird.', 'Object') : yes('Seen.')));
      verdicts.forEach((v, i) => onVerdict(i, v));
      return { verdicts, usage: { promptTokens: 10, completionTokens: 5 }, requests: 1, notes: [] };
    },
  };
  const job = await runCheck(input, deps);
  return { job, asked, reads, saved };
}

describe('Check both: the lifecycle', () => {
  it('reads the image once and asks about both answers in one request; each verdict lands in its own answer', async () => {
    const { job, asked, reads, saved } = await checkBoth();
    expect(reads).toBe(1);
    expect(asked).toEqual([['Two cats sit on a sofa.', 'A lamp stands by the window.', 'Three cats sit on a sofa.', 'A parrot perches on the lamp.']]);
    expect(job.requests).toBe(1);
    expect(job.status).toBe('done');
    expect(job.caption).toBe(A);
    expect(job.claims.map((c) => c.verdict?.label)).toEqual([true, true]);
    expect(job.secondAnswer).toMatchObject({ labels: ['Model A', 'Model B'], caption: B });
    expect(job.secondAnswer?.claims.map((c) => [c.text, c.verdict?.label, c.verdict?.error_type])).toEqual([
      ['Three cats sit on a sofa.', false, ['Quantitative']],
      ['A parrot perches on the lamp.', false, ['Object']],
    ]);
    // Spans are the second answer's own, so its caption is marked where its claims stand.
    expect(job.secondAnswer?.claims.map((c) => B.slice(c.start, c.end))).toEqual(['Three cats sit on a sofa.', 'A parrot perches on the lamp.']);
    // Streamed: the third verdict of the one list was saved into the second answer's first claim, not the first answer's.
    const streamed = saved.find((j) => j.secondAnswer?.claims[0]?.verdict && !j.secondAnswer.claims[1]?.verdict);
    expect(streamed?.claims.every((c) => c.verdict?.label === true)).toBe(true);
    // The stored record keeps the pair (the popup, History and reports all read it).
    expect(checkJobSchema.parse(JSON.parse(JSON.stringify(job)))).toEqual(job);
  });

  it('takes the page script’s "Check both" answer through the reply schema: names and second answer kept', () => {
    const reply = { caption: A, source: 'chooser', pageUrl: input.pageUrl, imageUrl: input.imageUrl, label: ' Model  A ', second: { caption: B, label: 'Model B', credit: '' } };
    expect(gatheredFrom(reply, input.imageUrl)).toMatchObject({ caption: A, label: 'Model A', second: { caption: B, label: 'Model B' } });
    expect(() => gatheredFrom({ ...reply, second: { caption: B } }, input.imageUrl)).toThrow();
  });

  it('a re-check of edited claims is one caption again, never the pair with old verdicts', async () => {
    const { job } = await checkBoth();
    const rechecked = await recheckClaims(job, ['Two cats sit on a sofa.'], 'data:image/jpeg;base64,AAAA', 'r', {
      verify: async () => ({ verdicts: [yes('Seen.')], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] }),
      save: async () => {},
      now: () => 5,
    });
    expect(rechecked.secondAnswer).toBeUndefined();
  });
});

describe('Check both: the account every view reads', () => {
  it('says which answer held up better by the counts of claims not supported, each answer with its own counts', async () => {
    const { job } = await checkBoth();
    expect(betterAnswer(job)).toBe(0);
    expect(verdictSummary(job, t)).toBe('Model A held up better — Model A: 2 of 2 claims supported, 0 not supported · Model B: 0 of 2 claims supported, 2 not supported');
    // The standing and badges count every claim asked: two are not supported on this image.
    expect(standingOf(job)).toBe('not-supported');
    expect(badgeFor(job).text).toBe('2');
    expect(historyResult(job, t).text).toBe('Two answers on one image · Model A held up better · Model A: 0 of 2 not supported · Model B: 2 of 2 not supported');
  });

  it('as many claims not supported in each: neither held up better; an unnamed answer is "Answer 2"', async () => {
    const { job } = await checkBoth();
    const even: CheckJob = { ...job, claims: job.secondAnswer!.claims, secondAnswer: { ...job.secondAnswer!, labels: ['Model A', ''] } };
    expect(betterAnswer(even)).toBeNull();
    expect(verdictSummary(even, t)).toMatch(/^Neither answer held up better — Model A: .* · Answer 2: 0 of 2 claims supported, 2 not supported$/);
    expect(answersOf(even, t).map((a) => a.label)).toEqual(['Model A', 'Answer 2']);
  });

  it('the popup and side panel show the two answers compared, without the one-caption actions', async () => {
    const { job } = await checkBoth();
    const out = html(
      <CheckView
        job={{ ...job, otherLanguage: true, notes: ['A note.'] }}
        t={t}
        endpointOrigin={null}
        models={[]}
        onCancel={noop}
        onRerun={noop}
        onSplitWithModel={noop}
        onFix={noop}
        onCopy={noop}
        onRecheck={noop}
        onCompare={noop}
      />,
    );
    expect(out).toContain('Two answers on one image');
    expect(out.match(/data-testid="answer"/g)).toHaveLength(2);
    expect(out).toMatch(/<h3 id="answer-0"[^>]*><bdi dir="auto">Model A<\/bdi> <span class="answer__better">held up better<\/span><\/h3>/);
    expect(out).toContain('<p class="answer__counts" data-testid="answer-counts">2 of 2 claims not supported — Object, Quantitative</p>');
    expect(out).toContain('A parrot perches on the lamp.');
    expect(out).toContain('aria-label="Claims of Model B"');
    // Editing claims, comparing models, re-running and splitting again with the model are for one caption.
    expect(out).not.toContain('data-testid="split-offer"');
    expect(out).not.toContain('>Edit claims<');
    expect(out).not.toContain('>Re-run<');
    expect(out).not.toContain('>Compare with another model<');
  });

  it('History, copies, the report, the citation and the page badge describe a comparison of two captions', async () => {
    const { job } = await checkBoth();
    const entry = historyEntryFrom(job, 2);
    const row = html(<HistoryView entries={[entry]} t={t} formatTime={() => 'now'} onOpen={noop} onDelete={noop} onClear={noop} onExport={noop} />);
    expect(row).toContain('Two answers on one image · Model A held up better');
    // The row holds the pair: each answer under its name, in what it shows and in what it says to a screen reader.
    expect(row.match(/data-testid="history-answer"/g)).toHaveLength(2);
    expect(row).toContain(`<bdi>Model B</bdi>: <bdi>${B}</bdi>`);
    expect(row).toContain(`aria-label="${t('historyOpen', `Model A: ${A} · Model B: ${B}`)}"`);
    const markdown = jobToMarkdown(job);
    expect(markdown).toContain('### Model A');
    expect(markdown).toContain('### Model B');
    expect(markdown).toMatch(/✗ \*\*Not supported\*\* — A parrot perches on the lamp\. _\(Object\)_/);
    const json = JSON.parse(jobToJson(job)) as { summary: string; secondAnswer: { labels: string[]; caption: string; claims: unknown[] } };
    expect(json.summary).toMatch(/^Model A held up better/);
    expect(json.secondAnswer).toMatchObject({ labels: ['Model A', 'Model B'], caption: B });
    expect(json.secondAnswer.claims).toHaveLength(2);
    const csv = historyToCsv([entry]).trim().split('\r\n');
    expect(csv).toHaveLength(5);
    expect(csv[3]).toContain(`${B},Three cats sit on a sofa.,Not supported`);
    const report = reportHtml(job, context);
    expect(report.match(/data-report="answer"/g)).toHaveLength(2);
    expect(report).toContain('<h2 data-report="answer">Model B</h2>');
    expect(report.match(/data-report="claims"/g)).toHaveLength(2);
    expect(citationText(job, context)).toContain(`Model B — Caption: “${B}”`);
    // The page badge says the pair's headline; no one answer's marks stand for the check.
    const page = marksPayload(job, t);
    expect(page.summary).toMatch(/^Model A held up better/);
    expect(page.claims).toEqual([]);
  });
});
