// The one account of a check (lib/check/account.ts), as every view shows it: a tick only when something was
// supported and nothing was not supported or left untold.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HistoryView } from '@/components/history-view';
import { CheckView } from '@/components/check-view';
import { badgeFor, standingOf } from '@/lib/check/account';
import { marksPayload } from '@/lib/features/marks';
import { listedMarks } from '@/lib/features/page-marks';
import { historyEntryFrom } from '@/lib/history';
import { createTranslate } from '@/lib/i18n';
import { itemFromJob, newPageCheck } from '@/lib/page-check-state';
import { reportHtml } from '@/lib/report';
import { verdictLine } from '@/lib/page/marks';
import type { CheckJob } from '@/lib/job-record';
import { claimOf, jobOf } from './fixture';

const t = createTranslate();
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replaceAll('&#x27;', "'");
const CANNOT = 'The image does not show whether this is so; it cannot be determined from the image.';
const cannotTell = claimOf('The man is the mayor.', true, CANNOT);
const cats = claimOf('Two cats sit on a sofa.', true, 'Two cats are visible.');
const dog = claimOf('A dog sleeps.', false, 'There is no dog.', ['Object']);
const noop = () => {};
const context = { imageDataUrl: null, imageKind: 'sent' as const, pageTitle: null, endpointHost: null, promptVersion: 'p', extensionVersion: 'v', savedAt: 2 };

/** Every glanceable sign of one check: toolbar badge, page badge, History row, report, popup, page-check label. */
function signs(job: CheckJob) {
  const history = html(<HistoryView entries={[historyEntryFrom(job, 1)]} t={t} formatTime={() => 'now'} onOpen={noop} onDelete={noop} onClear={noop} onExport={noop} />);
  const popup = html(<CheckView job={job} t={t} endpointOrigin={null} models={[]} readOnly onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />);
  const pageCheck = newPageCheck(1, job.pageUrl, [{ id: 'p1', imageUrl: job.imageUrl, caption: job.caption, truncated: false, source: 'figcaption' }], 0);
  pageCheck.items = pageCheck.items.map((item) => itemFromJob(item, job));
  const payload = marksPayload(job, t);
  return {
    toolbar: badgeFor(job),
    page: `${payload.tone} ${payload.sign} ${payload.summary}`,
    history: /history__result[^"]*" data-standing="([^"]+)"><span aria-hidden="true">(.) <\/span>([^<]*)/.exec(history)!.slice(1).join(' '),
    report: /data-standing="([^"]+)"/.exec(reportHtml(job, context))![1],
    popup: /data-standing="([^"]+)"/.exec(popup)![1],
    pageLabel: listedMarks(pageCheck, t).map((m) => `${m.tone} ${m.label}`),
  };
}

describe('the tick (✓, green) only when at least one claim is supported and none is not supported or untold', () => {
  it('an all-can\'t-tell check is neutral everywhere and says how many could not be told', () => {
    expect(signs(jobOf([cannotTell]))).toEqual({
      toolbar: { text: '~1', color: '#5f6368' },
      page: "unsettled ~ 0 of 1 claim supported · can't tell from the image: 1.",
      history: "unsettled ~ Can't tell for 1",
      report: 'unsettled',
      popup: 'unsettled',
      pageLabel: ["unsettled ~ Can't tell for 1 claim"],
    });
  });

  it('a check set aside entirely and checked anyway, with nothing supported, gets no tick', () => {
    const job = jobOf([cannotTell], { checkedAnyway: true });
    expect(signs(job).page).toBe("unsettled ~ Nothing in this caption describes the image; checked anyway: 0 of 1 claim supported · can't tell from the image: 1.");
    expect(signs(job).toolbar.text).toBe('~1');
  });

  it('supported with one can\'t-tell is neutral; supported and nothing else ticks; one unsupported is red', () => {
    expect(standingOf(jobOf([cats, cannotTell]))).toBe('unsettled');
    expect(signs(jobOf([cats, cannotTell])).toolbar).toEqual({ text: '~1', color: '#5f6368' });
    expect(signs(jobOf([cats]))).toEqual({
      toolbar: { text: '✓', color: '#1e7d32' },
      page: 'ok ✓ 1 claim supported.',
      history: 'supported ✓ All supported',
      report: 'supported',
      popup: 'supported',
      pageLabel: ['good ✓ No claim found unsupported'],
    });
    expect(signs(jobOf([cats, dog]))).toMatchObject({ toolbar: { text: '1', color: '#b3261e' }, page: 'bad ✗ 1 of 2 claims not supported — Object.', history: 'not-supported ✗ 1 of 2 not supported' });
  });

  it('a claim without a verdict keeps the tick away too', () => {
    expect(signs(jobOf([cats, { ...cats, verdict: null }])).toolbar).toEqual({ text: '~1', color: '#5f6368' });
  });
});

describe('"Can\'t tell from the image" is one name for one thing, with no confidence figure (finding 5)', () => {
  const sure = { ...cannotTell, confidence: 1, score: 1 };
  const job = jobOf([sure, cats]);

  it('shows no confidence figure beside a can\'t-tell verdict, in the popup or the report', () => {
    const popup = html(<CheckView job={job} t={t} endpointOrigin={null} models={[]} readOnly onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />);
    expect(popup.match(/Confidence|Agreement/g) ?? []).toEqual([]);
    const withConfidence = html(<CheckView job={jobOf([{ ...cats, confidence: 0.9 }])} t={t} endpointOrigin={null} models={[]} readOnly onCancel={noop} onRerun={noop} onFix={noop} onCopy={noop} onRecheck={noop} onCompare={noop} />);
    expect(withConfidence).toContain('Confidence 90%');
    const row = /<tr class="unknown">.*?<\/tr>/.exec(reportHtml(job, context))![0];
    expect(row).not.toContain('100%');
  });

  it.each(readdirSync('locales'))('%s: the page badge\'s panel names it as the popup does, never "Unsure" (the calibrated verdict)', (lang) => {
    const messages = JSON.parse(readFileSync(join('locales', lang, 'messages.json'), 'utf8')) as Record<string, { message: string }>;
    const tLang = createTranslate((key, subs) => (messages[key]?.message ?? '').replace(/\$(\d)/g, (_, d: string) => subs[Number(d) - 1] ?? ''));
    const payload = marksPayload(job, tLang);
    const label = payload.claims[0]!.label;
    expect(verdictLine(payload.claims[0]!, payload.words)).toBe(`~ ${messages.verdictCannotTell!.message} — ${sure.text}`);
    expect(payload.words[label]).not.toBe(messages.verdictUnsure!.message);
  });
});
