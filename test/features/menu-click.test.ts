import { describe, expect, it } from 'vitest';
import { handleCommand, handleMenuClick, MENU_IDS } from '@/lib/features/menu-click';
import { fakePlatform } from './fake-platform';

const tab = { id: 11, url: 'https://news.test/story' };

describe('handleMenuClick', () => {
  it('keeps the menu ids other tests and docs name', () => {
    expect(MENU_IDS).toEqual({ checkImage: 'check-image', pickImage: 'pick-image', checkSelection: 'check-selection', checkAltText: 'check-alt-text' });
  });

  it('"Check caption claims" checks the clicked image in its frame, with the frame URL for a foreign frame', async () => {
    const fake = fakePlatform();
    handleMenuClick(fake.platform, { menuItemId: 'check-image', srcUrl: 'https://cdn.test/a.jpg', frameId: 4, frameUrl: 'https://other.test/f' }, tab);
    await expect.poll(() => fake.jobs.get(11)?.status).toBe('done');
    expect(fake.jobs.get(11)).toMatchObject({ imageUrl: 'https://cdn.test/a.jpg', pageUrl: 'https://news.test/story', frameId: 4 });
  });

  it('a welcome sample is checked with its own caption', async () => {
    const fake = fakePlatform({ caption: async () => Promise.reject(new Error('no chooser')) });
    handleMenuClick(fake.platform, { menuItemId: 'check-image', srcUrl: 'chrome-extension://test-id/welcome/car.png' }, tab);
    await expect.poll(() => fake.jobs.get(11)?.status).toBe('done');
    expect(fake.jobs.get(11)?.caption).toMatch(/^A red car is parked/);
  });

  it('"Check alt text on this page" opens the results view first, then lists the alt texts', async () => {
    const fake = fakePlatform({ page: { listAltTexts: () => ({ pageUrl: tab.url, items: [], findings: [] }) } });
    handleMenuClick(fake.platform, { menuItemId: 'check-alt-text' }, tab);
    expect(fake.events).toEqual(['showResults:11']);
    await expect.poll(() => fake.pageChecks.get(11)?.kind).toBe('alt');
  });

  it('"Check alt text on this page" on a page it cannot read says why in the view, not only in the console', async () => {
    // No listAltTexts on this fake page: the page call fails the way a browser page or the web store does.
    const fake = fakePlatform();
    handleMenuClick(fake.platform, { menuItemId: 'check-alt-text' }, tab);
    await expect.poll(() => fake.pageChecks.get(11)?.listError).toMatch(/cannot read this page/);
    expect(fake.pageChecks.get(11)).toMatchObject({ kind: 'alt', status: 'choosing', items: [], pageUrl: tab.url });
  });

  it('the picker items start the picker in the clicked frame', async () => {
    const fake = fakePlatform({ page: { pick: () => ({ cancelled: true }), readSelection: () => '' } });
    handleMenuClick(fake.platform, { menuItemId: 'pick-image', frameId: 2 }, tab);
    handleMenuClick(fake.platform, { menuItemId: 'check-selection', frameId: 3 }, { id: 12 });
    await expect.poll(() => fake.pageCalls.map((c) => `${c.method}@${c.frameId}`).sort()).toEqual(['pick@2', 'pick@3', 'readSelection@3']);
  });

  it('does nothing without a tab', () => {
    const fake = fakePlatform();
    handleMenuClick(fake.platform, { menuItemId: 'check-image', srcUrl: 'https://cdn.test/a.jpg' }, undefined);
    expect(fake.platform.tasks.size()).toBe(0);
  });
});

describe('handleCommand', () => {
  it('the keyboard command opens the picker in the top frame', async () => {
    const fake = fakePlatform({ page: { pick: () => ({ cancelled: true }) } });
    handleCommand(fake.platform, 'pick-image', { id: 3 });
    handleCommand(fake.platform, 'something-else', { id: 3 });
    await expect.poll(() => fake.pageCalls).toEqual([{ method: 'pick', frameId: 0, args: [] }]);
  });
});
