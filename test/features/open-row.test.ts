import { describe, expect, it } from 'vitest';
import { openPageCheckRow } from '@/lib/features/open-row';
import { listedMarks, markPageCheck } from '@/lib/features/page-marks';
import { newPageCheck, type PageCheck } from '@/lib/page-check-state';
import { pageCheckSummary } from '@/lib/page-check-summary';
import { recheck } from '@/lib/features/recheck';
import { checkImage } from '@/lib/features/check-image';
import type { ListedMark } from '@/lib/page/listed-marks';
import { fakePlatform, finishedJob } from './fake-platform';

const pair = (id: string) => ({ id, imageUrl: `https://news.test/${id}.jpg`, caption: `Picture ${id}.`, truncated: false, source: 'figcaption' as const });

/** A finished page check on tab 8: row a checked (1 of 2 claims unsupported, job "job-a"), row b failed, row c not ticked. */
function finished(): PageCheck {
  const listed = newPageCheck(8, 'https://news.test/', [pair('a'), pair('b'), pair('c')], 1, {
    kind: 'alt',
    findings: [{ id: 'f', imageUrl: 'https://news.test/f.jpg', kind: 'placeholder-alt', alt: 'Image 1', reason: 'numbered' }],
  });
  return {
    ...listed,
    status: 'done',
    items: [
      { ...listed.items[0]!, state: 'done', jobId: 'job-a', claims: 2, supported: 1, unsupported: 1 },
      { ...listed.items[1]!, state: 'error', error: 'The model did not answer.' },
      { ...listed.items[2]!, selected: false },
    ],
  };
}

const job = finishedJob(3, 'Picture a.', [{ text: 'Picture a.', start: 0, end: 10, hedged: false, verdict: { label: true, error_type: [], reasoning: 'seen' } }], { id: 'job-a' });

describe('opening a page-check row', () => {
  it("makes the row's check the tab's check, with its picture read again from the listed element", async () => {
    const fake = fakePlatform({ page: { selectCaptioned: (_f: number, id: string) => `https://news.test/${id}.jpg`, showMarks: () => ({ located: 1, badge: true }) } });
    fake.pageChecks.set(8, finished());
    await openPageCheckRow(fake.platform, 8, 'a', async (id) => (id === 'job-a' ? job : null));
    expect(fake.jobs.get(8)).toMatchObject({ id: 'job-a', tabId: 8, frameId: 0, caption: 'Picture a.' });
    expect(fake.images.get(8)).toBe('data:image/jpeg;base64,AAAA');
    expect(fake.pageCalls.map((c) => c.method)).toEqual(['selectCaptioned', 'showMarks']);
  });

  it("keeps no earlier picture when this one cannot be read: Edit claims must not re-check another image", async () => {
    const fake = fakePlatform({ page: { selectCaptioned: () => null } });
    fake.images.set(8, 'data:image/jpeg;base64,EARLIER');
    fake.pageChecks.set(8, finished());
    await openPageCheckRow(fake.platform, 8, 'a', async () => job);
    expect(fake.jobs.get(8)?.id).toBe('job-a');
    expect(fake.images.get(8)).toBe('');
  });

  it('says what to do for a row that has not finished, or whose check is gone from history', async () => {
    const fake = fakePlatform();
    fake.pageChecks.set(8, finished());
    await expect(openPageCheckRow(fake.platform, 8, 'b', async () => job)).rejects.toMatchObject({ message: expect.stringMatching(/not finished/) });
    await expect(openPageCheckRow(fake.platform, 8, 'a', async () => null)).rejects.toMatchObject({ message: expect.stringMatching(/not kept in history/) });
    expect(fake.jobs.size).toBe(0);
  });
});

describe('page-check marks', () => {
  it('one per ended, ticked row and one per finding, each with its label', () => {
    const fake = fakePlatform();
    expect(listedMarks(finished(), fake.platform.translate)).toEqual([
      { id: 'a', tone: 'bad', label: '✗ 1 claim not supported' },
      { id: 'b', tone: 'failed', label: 'Could not be checked' },
      { id: 'f', tone: 'finding', label: 'Placeholder alt text' },
    ]);
  });

  it('Show on page answers whether the picture asked for was found', async () => {
    const drawn: unknown[][] = [];
    const fake = fakePlatform({ page: { markListed: (_f: number, marks: unknown, focus: unknown) => (drawn.push([marks, focus]), { drawn: 3, focused: focus === 'a' }) } });
    fake.pageChecks.set(8, finished());
    await expect(markPageCheck(fake.platform, 8, 'a')).resolves.toBe(true);
    await expect(markPageCheck(fake.platform, 8, 'gone')).resolves.toBe(false);
    expect(drawn.map(([, focus]) => focus)).toEqual(['a', 'gone']);
  });
});

describe('a re-check, edit or re-run of an opened row (issue 41, finding 3)', () => {
  const twoClaims = finishedJob(8, 'Picture a. A dog.', [
    { text: 'Picture a.', start: 0, end: 10, hedged: false, verdict: { label: true, error_type: [], reasoning: 'seen' } },
    { text: 'A dog.', start: 11, end: 17, hedged: false, verdict: { label: false, error_type: ['Object'], reasoning: 'no dog' } },
  ], { id: 'job-a', imageUrl: 'https://news.test/a.jpg' });

  async function opened() {
    const fake = fakePlatform({
      page: {
        selectCaptioned: (_f: number, id: string) => `https://news.test/${id}.jpg`,
        showMarks: () => ({ located: 1, badge: true }),
        markListed: () => ({ drawn: 2, focused: false }),
      },
    });
    fake.pageChecks.set(8, finished());
    await openPageCheckRow(fake.platform, 8, 'a', async (id) => (id === 'job-a' ? twoClaims : null));
    expect(pageCheckSummary(fake.pageChecks.get(8)!, fake.platform.translate)).toMatch(/^1 of 1 images has unsupported claims/);
    return fake;
  }
  /** The labels the page shows last for its listed pictures. */
  const lastLabels = (fake: Awaited<ReturnType<typeof opened>>) =>
    (fake.pageCalls.filter((c) => c.method === 'markListed').at(-1)?.args[0] as ListedMark[] | undefined)?.map((m) => `${m.id} ${m.label}`);

  it('Edit claims: the row, the summary and the page label follow the re-check', async () => {
    const fake = await opened();
    await recheck(fake.platform, 8, ['Picture a.', 'A cat.']);
    const job = fake.jobs.get(8)!;
    expect(job.recheckOf).toBe('job-a');
    const row = fake.pageChecks.get(8)!.items[0]!;
    expect(row).toMatchObject({ jobId: job.id, state: 'done', claims: 2, supported: 2, unsupported: 0, errorTypes: [] });
    expect(pageCheckSummary(fake.pageChecks.get(8)!, fake.platform.translate)).toMatch(/^The 1 image checked has no unsupported claims/);
    expect(lastLabels(fake)).toEqual(['a ✓ No claim found unsupported', 'b Could not be checked', 'f Placeholder alt text']);
  });

  it('a plain Re-run: the row follows the new check too', async () => {
    const fake = await opened();
    const job = await checkImage(fake.platform, { tabId: 8, frameId: 0, srcUrl: twoClaims.imageUrl, pageUrl: twoClaims.pageUrl }, { caption: twoClaims.caption, fresh: true, recheckOf: 'job-a' });
    expect(job?.status).toBe('done');
    expect(fake.pageChecks.get(8)!.items[0]).toMatchObject({ jobId: job!.id, unsupported: 0 });
    expect(lastLabels(fake)?.[0]).toBe('a ✓ No claim found unsupported');
  });
});
