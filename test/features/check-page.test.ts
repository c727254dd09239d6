import { describe, expect, it } from 'vitest';
import { cancelPageCheck, listPageCheck, pageCheckRunning, runPageCheck } from '@/lib/features/check-page';
import type { ModelStep } from '@/lib/check-lifecycle';
import { allSupported, fakePlatform } from './fake-platform';

const items = ['a', 'b', 'c'].map((id) => ({
  id,
  imageUrl: `https://news.test/${id}.jpg`,
  caption: `Picture ${id} shows a red car.`,
  truncated: false,
  source: 'figcaption' as const,
}));
const page = {
  listCaptioned: () => ({ pageUrl: 'https://news.test/', items }),
  listAltTexts: () => ({ pageUrl: 'https://news.test/', items: items.slice(0, 1), findings: [{ id: 'f', imageUrl: 'https://news.test/x.jpg', kind: 'missing-alt' as const, alt: null }] }),
  selectCaptioned: (_frame: number, id: string) => `https://news.test/${id}.jpg`,
};

describe('listPageCheck', () => {
  it('stores what the page lists, all ticked', async () => {
    const fake = fakePlatform({ page });
    const listed = await listPageCheck(fake.platform, 8);
    expect(listed).toMatchObject({ status: 'choosing', kind: 'captions' });
    expect(listed.items.map((i) => [i.id, i.selected])).toEqual([['a', true], ['b', true], ['c', true]]);
    expect(fake.pageChecks.get(8)).toEqual(listed);
  });

  it('lists alt texts with the findings', async () => {
    const fake = fakePlatform({ page });
    const listed = await listPageCheck(fake.platform, 8, 'alt');
    expect(listed.findings).toHaveLength(1);
  });

  it('refuses an answer it cannot use, saying what to do', async () => {
    const fake = fakePlatform({ page: { ...page, listCaptioned: () => ({ pageUrl: 'x', items: [{ id: 1 }] }) as never } });
    await expect(listPageCheck(fake.platform, 8)).rejects.toMatchObject({ kind: 'page', message: expect.stringMatching(/Reload/) });
    expect(fake.pageChecks.size).toBe(0);
  });
});

describe('runPageCheck', () => {
  it('checks only the ticked pairs, each with its own image, into history', async () => {
    const images: string[] = [];
    const fake = fakePlatform({ page, verify: async (claims, image, onVerdict) => (images.push(image), allSupported(claims, image, onVerdict)) });
    const listed = await listPageCheck(fake.platform, 8);
    const done = await runPageCheck(fake.platform, 8, ['a', 'c']);
    expect(done.status).toBe('done');
    expect(done.items.map((i) => [i.id, i.selected, i.state])).toEqual([
      ['a', true, 'done'],
      ['b', false, listed.items[1]!.state],
      ['c', true, 'done'],
    ]);
    expect(fake.history.map((h) => h.imageUrl).sort()).toEqual(['https://news.test/a.jpg', 'https://news.test/c.jpg']);
    expect(pageCheckRunning(fake.platform, 8)).toBe(false);
  });

  it('cancel marks the pairs not yet started as cancelled and keeps the finished ones', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ModelStep = async (claims, image, onVerdict) => {
      await gate;
      return allSupported(claims, image, onVerdict);
    };
    const fake = fakePlatform({ page, verify: slow, settings: { concurrency: 1 } });
    await listPageCheck(fake.platform, 8);
    const running = runPageCheck(fake.platform, 8, ['a', 'b', 'c']);
    await expect.poll(() => pageCheckRunning(fake.platform, 8)).toBe(true);
    await expect(listPageCheck(fake.platform, 8)).rejects.toMatchObject({ kind: 'interrupted' });
    expect(cancelPageCheck(fake.platform, 8)).toBe(true);
    release();
    const ended = await running;
    expect(ended.items.map((i) => i.state)).toEqual(['done', 'error', 'error']);
    expect(ended.items[1]?.error).toBe('The check was cancelled.');
  });
});
