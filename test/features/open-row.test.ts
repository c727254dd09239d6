import { describe, expect, it } from 'vitest';
import { openPageCheckRow } from '@/lib/features/open-row';
import { listedMarks, markPageCheck } from '@/lib/features/page-marks';
import { newPageCheck, type PageCheck } from '@/lib/page-check-state';
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
