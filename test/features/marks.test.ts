import { describe, expect, it } from 'vitest';
import { clearMarks, focusClaim, marksPayload, showMarks } from '@/lib/features/marks';
import { createTranslate } from '@/lib/i18n';
import type { MarksPayload } from '@/lib/page/marks';
import { fakePlatform, finishedJob } from './fake-platform';

const job = finishedJob(
  3,
  'A red car. Two ducks.',
  [
    { text: 'A red car.', start: 0, end: 10, hedged: false, verdict: { reasoning: 'red', label: true, error_type: [] } },
    { text: 'Two ducks.', start: 11, end: 21, hedged: false, verdict: { reasoning: 'one duck', label: false, error_type: ['Quantitative'] } },
  ],
  { frameId: 2 },
);

describe('marksPayload', () => {
  it('gives each claim its span, label, error types and reasoning, and the words in the UI language', () => {
    const payload = marksPayload(job, createTranslate());
    expect(payload.claims.map((c) => [c.start, c.end, c.label, c.errorTypes, c.reasoning])).toEqual([
      [0, 10, 'true', [], 'red'],
      [11, 21, 'false', ['Quantitative'], 'one duck'],
    ]);
    expect(payload.words.true).toBe(createTranslate()('verdictSupported'));
    expect(payload.summary).toMatch(/1/);
  });
});

describe('marks on the page', () => {
  it('marks a finished check in its own frame; a running one gets only its "checking" badge', async () => {
    const shown: MarksPayload[] = [];
    const fake = fakePlatform({ page: { showMarks: (frameId, payload) => (shown.push(payload), { located: frameId, badge: true }) } });
    await expect(showMarks(fake.platform, job)).resolves.toBe(2);
    await showMarks(fake.platform, { ...job, status: 'running' });
    expect(shown.map((p) => `${p.tone} ${p.claims.length}`)).toEqual(['bad 2', 'running 0']);
  });

  it('is quiet where the page is out of reach', async () => {
    const fake = fakePlatform({ page: {} });
    await expect(showMarks(fake.platform, job)).resolves.toBeNull();
    await fake.platform.saveJob(job);
    await expect(focusClaim(fake.platform, 3, 1, true)).resolves.toBe(false);
    await expect(clearMarks(fake.platform, 3)).resolves.toBeUndefined();
  });

  it('focusing a claim draws the marks again first when Esc removed them', async () => {
    let drawn = false;
    const fake = fakePlatform({
      page: {
        focusMark: () => drawn,
        showMarks: () => ((drawn = true), { located: 2, badge: true }),
      },
    });
    await fake.platform.saveJob(job);
    await expect(focusClaim(fake.platform, 3, 1, false)).resolves.toBe(true);
    expect(fake.pageCalls.map((c) => `${c.method}@${c.frameId}`)).toEqual(['focusMark@2', 'showMarks@2', 'focusMark@2']);
  });

  it('clears the marks in the frame of the tab\'s check', async () => {
    const fake = fakePlatform({ page: { clearMarks: () => undefined } });
    await fake.platform.saveJob(job);
    await clearMarks(fake.platform, 3);
    expect(fake.pageCalls).toEqual([{ method: 'clearMarks', frameId: 2, args: [] }]);
  });
});
