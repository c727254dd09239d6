// Issue 41, finding 6: where a result came from — reused from an earlier check, compared with another model —
// is said in every view, and nothing is copied from a check that still runs.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CheckView } from '@/components/check-view';
import { HistoryView } from '@/components/history-view';
import { CompareView } from '@/components/compare-view';
import { historyResult, verdictSummary } from '@/lib/check/account';
import { jobToJson, jobToMarkdown } from '@/lib/export';
import { historyEntryFrom, searchHistory } from '@/lib/history';
import { createTranslate, formatDateTime } from '@/lib/i18n';
import type { CheckJob } from '@/lib/job-record';
import { citationText, reportHtml } from '@/lib/report';
import { cachedVerification, MemoryVerdictCache } from '@/lib/verify/cache';
import type { Verdict } from '@/lib/verify/schema';
import { claimOf, jobOf } from './fixture';

const t = createTranslate();
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replaceAll('&#x27;', "'");
const noop = () => {};
const yes: Verdict = { reasoning: 'Seen.', label: true, error_type: [] };
const no: Verdict = { reasoning: 'No dog.', label: false, error_type: ['Object'] };
const context = { imageDataUrl: null, imageKind: 'sent' as const, pageTitle: null, endpointHost: null, promptVersion: 'p', extensionVersion: 'v', savedAt: 2 };
const FIRST = Date.UTC(2026, 11, 3, 9, 15);

describe('a result reused from an earlier check', () => {
  it('the cache keeps when the check that asked ran, and a hit says so', async () => {
    const cache = new MemoryVerdictCache();
    const ask = async () => ({ verdicts: [yes], usage: { promptTokens: 1, completionTokens: 1 }, notes: [] });
    expect(await cachedVerification(cache, 'k', ask, { now: () => FIRST })).toMatchObject({ cached: false });
    expect(await cachedVerification(cache, 'k', ask, { now: () => FIRST + 60_000 })).toMatchObject({ cached: true, requests: 0, reusedFrom: FIRST });
  });

  it('says "from your check of <time>, no new request" in the popup, History, report, citation, Markdown and JSON', () => {
    const job = jobOf([claimOf('Two cats sit on a sofa.', true, 'Seen.')], { requests: 0, reusedFrom: FIRST });
    const said = `from your check of ${formatDateTime(FIRST, t)}, no new request`;
    expect(verdictSummary(job, t)).toBe(`1 claim supported · ${said}`);
    expect(html(<CheckView job={job} t={t} endpointOrigin={null} models={[]} readOnly onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />)).toContain(said);
    expect(historyResult(job, t).text).toBe(`All supported · ${said}`);
    expect(reportHtml(job, context).replaceAll('&#39;', "'")).toContain(`<p class="summary supported" data-report="summary" data-standing="supported">1 claim supported · ${said}.</p>`);
    expect(citationText(job, context)).toContain(said);
    expect(jobToMarkdown(job)).toContain(said);
    expect(JSON.parse(jobToJson(job))).toMatchObject({ reusedFrom: new Date(FIRST).toISOString(), summary: `1 claim supported · ${said}.` });
  });

  it('a fresh check says nothing of the kind', () => {
    expect(verdictSummary(jobOf([claimOf('Two cats sit on a sofa.', true, 'Seen.')], { requests: 1 }), t)).toBe('1 claim supported.');
  });
});

describe('a check compared with another model', () => {
  const compared: CheckJob = jobOf([claimOf('Two cats sit.', true, 'Seen.'), claimOf('A dog sleeps.', true, 'A dog.')], {
    model: 'model-a',
    comparison: { model: 'model-b', baseUrl: null, status: 'done', verdicts: [yes, no], startedAt: 3, finishedAt: 4, usage: null, error: null },
  });

  it('is found again by the other model in History, which names it', () => {
    const entries = [historyEntryFrom(compared, 1), historyEntryFrom(jobOf([claimOf('A bird.', true, 'Seen.')], { id: 'other' }), 2)];
    expect(searchHistory(entries, 'model-b').map((e) => e.id)).toEqual(['j']);
    expect(html(<HistoryView entries={entries} t={t} formatTime={() => 'now'} onOpen={noop} onDelete={noop} onClear={noop} onExport={noop} />)).toContain('compared with model-b');
  });

  it('names a can\'t-tell verdict of either model as such in the popup\'s comparison, never "Supported"', () => {
    const cannot: Verdict = { reasoning: 'It cannot be determined from the image.', label: true, error_type: [] };
    const job = { ...compared, claims: [{ ...compared.claims[0]!, verdict: cannot }], comparison: { ...compared.comparison!, verdicts: [cannot] } };
    const view = html(<CompareView job={job} t={t} />);
    expect(view.match(/Can't tell from the image/g)).toHaveLength(2);
    expect(view).not.toContain('Supported');
  });

  it('is in the saved report: the agreement line and both verdicts per claim', () => {
    const report = reportHtml(compared, context);
    expect(report).toContain('<p data-report="comparison">The models disagree on 1 of 2 claims.</p>');
    expect(report).toContain('<th>model-a</th><th>model-b</th>');
    expect(report).toContain('<tr class="disagree"><td dir="auto">A dog sleeps.</td><td>✓ Supported</td><td>✗ Not supported</td></tr>');
  });
});

describe('while a check still runs', () => {
  it('Copy Markdown and Copy JSON are disabled: nothing is filed before the verdicts are in', () => {
    const running = jobOf([{ ...claimOf('Two cats sit.', true, 'Seen.'), verdict: null }], { status: 'running', phase: 'verifying', finishedAt: null });
    const view = html(<CheckView job={running} t={t} endpointOrigin={null} models={[]} onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />);
    expect(view).toMatch(/<button type="button" disabled="">Copy Markdown<\/button>/);
    expect(view).toMatch(/<button type="button" disabled="">Copy JSON<\/button>/);
  });
});
