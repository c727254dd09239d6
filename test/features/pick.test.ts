import { describe, expect, it } from 'vitest';
import { checkSelection, pickAndCheck } from '@/lib/features/pick';
import { fakePlatform } from './fake-platform';

const picked = { srcUrl: 'https://demo.test/bg.png', pageUrl: 'https://demo.test/', kind: 'background' as const };

describe('pickAndCheck', () => {
  it('checks the image the user clicked, in the frame the picker ran in', async () => {
    const fake = fakePlatform({ page: { pick: () => picked } });
    await pickAndCheck(fake.platform, { tabId: 2, frameId: 3 });
    expect(fake.pageCalls[0]).toMatchObject({ method: 'pick', frameId: 3 });
    expect(fake.jobs.get(2)).toMatchObject({ status: 'done', imageUrl: picked.srcUrl, frameId: 3 });
    expect(fake.platform.tasks.size()).toBe(0);
  });

  it('Esc in the picker ends it quietly: no check', async () => {
    const fake = fakePlatform({ page: { pick: () => ({ cancelled: true }) } });
    await pickAndCheck(fake.platform, { tabId: 2, frameId: 0 });
    expect(fake.saved).toEqual([]);
  });

  it('a page we may not script ends with a console line, not a thrown error', async () => {
    const fake = fakePlatform({ page: {} });
    await expect(pickAndCheck(fake.platform, { tabId: 2, frameId: 0 })).resolves.toBeUndefined();
    expect(fake.saved).toEqual([]);
  });

  it('keeps the worker alive while the picker waits for the click', async () => {
    let click!: () => void;
    const clicked = new Promise<typeof picked>((resolve) => (click = () => resolve(picked)));
    const fake = fakePlatform({ page: { pick: () => clicked } });
    const running = pickAndCheck(fake.platform, { tabId: 2, frameId: 0 });
    await expect.poll(() => fake.platform.tasks.running('pick', 2)).toBe(true);
    click();
    await running;
    expect(fake.platform.tasks.running('pick', 2)).toBe(false);
  });
});

describe('checkSelection', () => {
  it('the text selected first is the caption: no chooser', async () => {
    const fake = fakePlatform({
      page: { readSelection: () => 'Four yellow ducks.', pick: () => picked },
      caption: async () => Promise.reject(new Error('the chooser must not open')),
    });
    await checkSelection(fake.platform, { tabId: 5, frameId: 0 });
    // The "checking" badge, then the result.
    expect(fake.pageCalls.map((c) => c.method)).toEqual(['readSelection', 'pick', 'showMarks', 'showMarks']);
    expect(fake.jobs.get(5)).toMatchObject({ status: 'done', caption: 'Four yellow ducks.' });
  });

  it('sets the credit inside the selection apart, as the chooser does: shown with the result, never a claim', async () => {
    const fake = fakePlatform({ page: { readSelection: () => 'Four yellow ducks swim in a pond. (Jane Doe / AP)', pick: () => picked } });
    await checkSelection(fake.platform, { tabId: 5, frameId: 0 });
    const job = fake.jobs.get(5);
    expect(job).toMatchObject({ status: 'done', caption: 'Four yellow ducks swim in a pond.', credit: 'Jane Doe / AP' });
    expect(job?.claims.map((c) => c.text)).toEqual(['Four yellow ducks swim in a pond.']);
  });

  it('with nothing selected, the chooser asks after the pick', async () => {
    const fake = fakePlatform({ page: { readSelection: () => '', pick: () => picked } });
    await checkSelection(fake.platform, { tabId: 5, frameId: 0 });
    expect(fake.jobs.get(5)).toMatchObject({ status: 'done', caption: 'A red car on a road.' });
  });
});
