import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ClaimRow } from '@/components/claim-row';
import { HistoryView } from '@/components/history-view';
import { claimState, markLabelOf, type ClaimResult } from '@/lib/job-record';
import { badgeFor, verdictSummary } from '@/lib/check/account';
import { jobToMarkdown, summaryLine } from '@/lib/export';
import { marksPayload } from '@/lib/features/marks';
import { historyEntryFrom } from '@/lib/history';
import { createTranslate, plural } from '@/lib/i18n';
import { planSplit } from '@/lib/check-lifecycle';
import { itemFromJob, type PageCheckItem } from '@/lib/page-check-state';

// React writes an apostrophe as &#x27;; compare the text a person reads.
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replaceAll('&#x27;', "'");
import { claimOf, jobOf } from './check/fixture';

const t = createTranslate();
const claim = claimOf;
const CANNOT = 'This is a figure label, not a description of the image; it cannot be assessed.';
const label = claim('Sample 2.', true, CANNOT);
const cats = claim('Two cats sit on a sofa.', true, 'Two cats are visible.');
const dog = claim('A dog sleeps.', false, 'There is no dog.', ['Object']);

describe('a verdict whose reasoning says it cannot be told from the image', () => {
  const job = jobOf([label, cats]);

  it('is "unknown", never Supported, in every view that reads a claim', () => {
    expect(claimState(label, job)).toBe('unknown');
    expect(markLabelOf(label, job)).toBe('unknown');
    expect(html(<ClaimRow claim={label} state={claimState(label, job)} index={0} t={t} />)).toContain("Can't tell from the image");
    expect(jobToMarkdown(job)).toContain("**Can't tell from the image** — Sample 2.");
    // On the page it reads "Can't tell from the image" as in the popup ("Unsure" is the calibrated verdict), with no leaning.
    expect(marksPayload(job, t).claims[0]).not.toHaveProperty('leaning');
  });

  it('is not counted as supported: headline, history, page-check tables, badge', () => {
    expect(verdictSummary(job, t)).toBe("1 of 2 claims supported · can't tell from the image: 1");
    expect(summaryLine(job)).toBe("1 of 2 claims supported · can't tell from the image: 1.");
    const row: PageCheckItem = { id: 'i', imageUrl: job.imageUrl, caption: job.caption, truncated: false, source: 'alt', selected: true, state: 'running', jobId: null, thumbnail: null, claims: 0, supported: 0, unsupported: 0, setAside: 0, errorTypes: [], errorTypeCounts: {}, error: null };
    expect(itemFromJob(row, job)).toMatchObject({ claims: 2, supported: 1, unsupported: 0 });
    // One claim could not be told: no tick, a neutral badge that says how many.
    expect(badgeFor(job)).toEqual({ text: '~1', color: '#5f6368' });
    const history = html(
      <HistoryView entries={[historyEntryFrom(job, 1)]} t={t} formatTime={() => 'now'} onOpen={() => {}} onDelete={() => {}} onClear={() => {}} onExport={() => {}} />,
    );
    expect(history).toContain("Can't tell for 1");
    expect(history).not.toContain('All supported');
  });

  it('a false verdict that names an error stays Not supported', () => {
    const withError = claim('A dog sleeps.', false, 'The breed cannot be determined, and there is no dog.', ['Object']);
    expect(claimState(withError, jobOf([withError]))).toBe('false');
  });
});

describe('the headline counts grammatically (plural rules of the messages shown)', () => {
  it.each([
    [[cats], '1 claim supported.'],
    [[cats, cats], 'All 2 claims supported.'],
    [[dog], '1 of 1 claim not supported — Object'],
    [[cats, dog], '1 of 2 claims not supported — Object'],
    [[{ ...cats, verdict: null }], '0 of 1 claim supported, 1 without a verdict.'],
    [[label], "0 of 1 claim supported · can't tell from the image: 1"],
  ])('%#', (claims, text) => {
    expect(verdictSummary(jobOf(claims), t)).toBe(text);
  });

  it('picks the form by the language the messages are in, falling back to "other" where it has no such form', () => {
    const polish: Record<string, string> = { pluralLocale: 'pl', progress_one: '$1 z $2 roszczenia', progress_few: '$1 z $2 roszczeń (few)', progress_other: '$1 z $2 (other)' };
    const tPl = createTranslate((key, subs) => (polish[key] ?? '').replace(/\$(\d)/g, (_, d: string) => subs[Number(d) - 1] ?? ''));
    expect(plural(tPl, 'progress', 1, 0, 1)).toBe('0 z 1 roszczenia');
    expect(plural(tPl, 'progress', 3, 1, 3)).toBe('1 z 3 roszczeń (few)');
    expect(plural(tPl, 'progress', 5, 1, 5)).toBe('1 z 5 (other)');
    // English has no "few": a lookup without that form falls back to "_other", never to a blank.
    expect(plural(t, 'progress', 3, 1, 3)).toBe('Checking… 1 of 3 claims have a verdict');
    expect(plural(t, 'progress', 1, 0, 1)).toBe('Checking… 0 of 1 claim has a verdict');
  });
});

describe('a caption where nothing describes the image', () => {
  const aside = { text: 'Even posh hotels might not wash a blanket in between stays', start: 0, end: 58, reason: 'speculation' };

  it('is planned as checked anyway, and the headline says so first', () => {
    const planned = planSplit({ claims: [], setAside: [aside] }, [], { maxClaims: 10, checkAllWhenAllSetAside: true });
    expect(planned.checkedAnyway).toBe(true);
    const job = jobOf([claim(aside.text, true, 'A blanket is on the bed.')], { checkedAnyway: planned.checkedAnyway });
    expect(verdictSummary(job, t)).toBe('Nothing in this caption describes the image; checked anyway: 1 claim supported.');
    expect(summaryLine(job)).toBe('Nothing in this caption describes the image; checked anyway: 1 claim supported.');
  });

  it('is not said when something was kept', () => {
    expect(planSplit({ claims: [{ ...aside, hedged: false }], setAside: [] }, [], { maxClaims: 10, checkAllWhenAllSetAside: true })).not.toHaveProperty('checkedAnyway');
  });
});
