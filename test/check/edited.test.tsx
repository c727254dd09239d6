// Finding 2 of issue 41: a check whose claims the user edited is recorded and shown as edited by the user —
// History row and opened entry, report, Markdown and JSON copy, CSV — never "All N supported" over the caption.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CheckView } from '@/components/check-view';
import { HistoryView } from '@/components/history-view';
import { historyToCsv, jobToJson, jobToMarkdown } from '@/lib/export';
import { historyEntryFrom } from '@/lib/history';
import { createTranslate } from '@/lib/i18n';
import { checkJobSchema, type CheckJob } from '@/lib/job-record';
import { recheckClaims } from '@/lib/recheck-lifecycle';
import { reportHtml } from '@/lib/report';
import type { Verdict } from '@/lib/verify/schema';
import { claimOf, jobOf } from './fixture';

const t = createTranslate();
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replaceAll('&#x27;', "'");
const noop = () => {};
const yes: Verdict = { reasoning: 'Seen.', label: true, error_type: [] };
const texts = ['Two cats sit.', 'The sofa is red.', 'A dog sleeps.', 'The dog is on the left.', 'A lamp is on.', 'A rug lies below.'];
const caption = texts.join(' ');
let at = 0;
const original: CheckJob = jobOf(
  texts.map((text, i) => {
    const start = caption.indexOf(text, at);
    at = start + text.length;
    return { ...claimOf(text, ![2, 3].includes(i), i === 2 ? 'No dog.' : 'Seen.', [2, 3].includes(i) ? ['Object'] : []), start, end: start + text.length };
  }),
  { caption, id: 'first' },
);

/** Re-checks `edits` of the original's claims with a model that supports every one. */
function recheck(from: CheckJob, edits: string[]): Promise<CheckJob> {
  return recheckClaims(from, edits, 'data:image/jpeg;base64,AA', 'second', {
    now: () => 5,
    save: async () => {},
    verify: async (claims) => ({ verdicts: claims.map(() => yes), usage: { promptTokens: 1, completionTokens: 1 }, notes: [] }),
  });
}

describe('an edited check', () => {
  it('is recorded as edited by you: which claims, and which check it re-checked', async () => {
    const job = await recheck(original, [texts[0]!, texts[1]!, 'A cat sleeps.', 'The cat is on the left.', texts[4]!, texts[5]!]);
    expect(checkJobSchema.parse(job)).toEqual(job);
    expect(job.claims.map((c) => c.edited ?? false)).toEqual([false, false, true, true, false, false]);
    expect(job.recheckOf).toBe('first');
    expect(job).not.toHaveProperty('removedClaims');
  });

  it('never says "All 6 claims supported" alone over the caption, in any view', async () => {
    const job = await recheck(original, [texts[0]!, texts[1]!, 'A cat sleeps.', 'The cat is on the left.', texts[4]!, texts[5]!]);
    const headline = "All 6 claims supported · 2 claims edited by you (not the caption's words)";
    const history = html(<HistoryView entries={[historyEntryFrom(job, 1)]} t={t} formatTime={() => 'now'} onOpen={noop} onDelete={noop} onClear={noop} onExport={noop} />);
    expect(history).toContain(`All supported · 2 claims edited by you (not the caption's words)`);
    const opened = html(<CheckView job={job} t={t} endpointOrigin={null} models={[]} readOnly onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />);
    expect(opened).toContain(headline);
    expect(opened.match(/\(edited by you\)/g)).toHaveLength(2);
    expect(opened).toMatch(/A cat sleeps\.<\/bdi>(<span class="claim__hedged">[^<]*<\/span>)?<span class="claim__edited"> \(edited by you\)/);
    const report = reportHtml(job, { imageDataUrl: null, imageKind: 'sent', pageTitle: null, endpointHost: null, promptVersion: 'p', extensionVersion: 'v', savedAt: 9 }).replaceAll('&#39;', "'");
    expect(report).toContain(`${headline}.`);
    expect(report).toContain('A cat sleeps. <em class="edited">(edited by you)</em>');
    expect(report).not.toContain('All 6 claims supported.');
    const markdown = jobToMarkdown(job);
    expect(markdown).toContain(`## Caption check — ${headline}.`);
    expect(markdown).toContain('— A cat sleeps. _(edited by you)_');
    expect(markdown).not.toContain('— Two cats sit. _(edited by you)_');
    const json = JSON.parse(jobToJson(job)) as { summary: string; claims: { edited?: boolean }[] };
    expect(json.summary).toBe(`${headline}.`);
    expect(json.claims.map((c) => c.edited ?? false)).toEqual([false, false, true, true, false, false]);
    const csv = historyToCsv([historyEntryFrom(job, 1)]).split('\r\n');
    expect(csv[0]).toMatch(/,edited_by_user$/);
    expect(csv.filter((row) => row.endsWith(',true'))).toHaveLength(2);
  });

  it('says which claims of the caption the user removed, and keeps that through a second edit', async () => {
    const removed = await recheck(original, [texts[0]!, texts[1]!, texts[4]!, texts[5]!]);
    expect(removed.removedClaims).toBe(2);
    const line = 'All 4 claims supported · 2 claims of the caption removed by you, not checked.';
    expect(jobToMarkdown(removed)).toContain(line);
    const again = await recheck(removed, [texts[0]!, 'A grey sofa.', texts[4]!, texts[5]!]);
    expect(again.claims.map((c) => c.edited ?? false)).toEqual([false, true, false, false]);
    expect(again.removedClaims).toBe(2);
  });

  it('a re-check of the caption\'s own claims (set-aside text checked anyway) is no edit', async () => {
    const withAside = { ...original, setAside: [{ text: 'It feels calm.', start: 0, end: 0, reason: 'mood or atmosphere' }] };
    const job = await recheck(withAside, [...texts, 'It feels calm.']);
    expect(job.claims.some((c) => c.edited)).toBe(false);
    expect(jobToMarkdown(job)).toContain('## Caption check — All 7 claims supported.');
  });
});
