// Session storage under attack: a page can make checks with huge image URLs in many tabs. Closed
// tabs' data goes, URLs are capped, and a save that cannot fit ends the check as an error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CheckJob } from '@/lib/job-record';
import { loadJob, saveJob, saveSessionImage, storageFullMessage, watchJobChanges } from '@/lib/adapters/storage';
import { tabSchemas } from '@/lib/storage-schema';
import type { StoredChange } from '@/lib/storage-keys';
import { forgetClosedTabs, forgetTab } from '@/lib/adapters/tab-session';
import background from '@/entrypoints/background';

function job(tabId: number, overrides: Partial<CheckJob> = {}): CheckJob {
  return {
    id: `job-${tabId}`,
    tabId,
    pageUrl: 'https://news.example/story',
    imageUrl: 'https://news.example/a.jpg',
    status: 'running',
    phase: 'verifying',
    caption: 'Two cats sit on a sofa.',
    claims: [{ text: 'Two cats sit on a sofa.', start: 0, end: 23, hedged: false, verdict: null }],
    setAside: [],
    notes: [],
    model: 'test-vlm',
    imagePath: 'fetch',
    imageBytes: 100,
    startedAt: 0,
    finishedAt: null,
    usage: null,
    error: null,
    ...overrides,
  };
}

const session = fakeBrowser.storage.session;
const realSet = session.set.bind(session);

/** Gives the fake session area a byte quota, as Chrome's (10 MB) has: a set that would pass it fails. */
function limitSessionTo(bytes: number): void {
  vi.spyOn(session, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    const all: Record<string, unknown> = { ...(await session.get(null)), ...items };
    const size = Object.entries(all).reduce((sum, [key, value]) => sum + key.length + JSON.stringify(value).length, 0);
    if (size > bytes) throw new Error('Session storage quota bytes exceeded.');
    return realSet(items);
  });
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('per-tab session data', () => {
  it('is removed when the tab closes, by the listener the worker registers at start', async () => {
    // Not what this test is about, and not in the fake browser: the menu and command listeners.
    vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => undefined);
    vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(() => undefined);
    background.main();
    await saveJob(job(5));
    await saveSessionImage(5, 'data:image/jpeg;base64,AAAA');
    await saveJob(job(6));
    await fakeBrowser.tabs.onRemoved.trigger(5, { windowId: 1, isWindowClosing: false });
    await expect.poll(async () => Object.keys(await session.get(null)).sort()).toEqual(['check:6']);
  });

  it('forgetTab removes exactly that tab\'s check, image and page check', async () => {
    await realSet({ 'check:1': {}, 'image:1': 'x', 'pageCheck:1': {}, 'check:12': {}, apiKey: 'k' });
    await forgetTab(1);
    expect(Object.keys(await session.get(null)).sort()).toEqual(['apiKey', 'check:12']);
  });

  it('forgetClosedTabs removes the data of tabs no longer open, and keeps the open ones\'', async () => {
    const open = await fakeBrowser.tabs.create({ url: 'https://news.example/' });
    await realSet({ [`check:${open.id}`]: {}, [`image:${open.id}`]: 'x', 'check:9991': {}, 'image:9991': 'x', 'pageCheck:9992': {}, apiKey: 'k' });
    await expect(forgetClosedTabs()).resolves.toBe(3);
    expect(Object.keys(await session.get(null)).sort()).toEqual(['apiKey', `check:${open.id}`, `image:${open.id}`].sort());
  });
});

describe('saveJob', () => {
  it('stores a data: image URL as a short description', async () => {
    await saveJob(job(3, { imageUrl: `data:image/png;base64,${'A'.repeat(2_000_000)}` }));
    expect((await loadJob(3))?.imageUrl).toBe('data:image/png (inline image, 1.5 MB, not kept)');
  });

  it('frees closed tabs\' leftovers when storage is full, and saves', async () => {
    await realSet({ 'image:9991': 'x'.repeat(50_000) });
    limitSessionTo(20_000);
    await saveJob(job(4));
    expect((await loadJob(4))?.status).toBe('running');
    expect(await session.get('image:9991')).toEqual({});
  });

  it('throws a storage error and leaves the check failed, not running, when nothing frees enough room', async () => {
    const open = await fakeBrowser.tabs.create({ url: 'https://news.example/' });
    await saveJob(job(open.id!));
    limitSessionTo(3_000);
    const grown = job(open.id!, { caption: 'x'.repeat(4_000) });
    await expect(saveJob(grown)).rejects.toMatchObject({ name: 'CheckError', kind: 'storage', message: storageFullMessage() });
    // Stored as failed with the reason (as much of it as fits), never left saying "running".
    const stored = await loadJob(open.id!);
    expect(stored?.status).toBe('error');
    expect(stored?.error?.kind).toBe('storage');
  });
});

describe('watchJobChanges (an open view watching its tab check)', () => {
  it('hands each change as stored, and reads it through the schema only when asked, once', async () => {
    const parse = vi.spyOn(tabSchemas.check, 'safeParse');
    const changes: StoredChange<CheckJob>[] = [];
    const stop = watchJobChanges(7, (change) => changes.push(change));
    await saveJob(job(7));
    await expect.poll(() => changes.length).toBe(1);
    // The view decides from the record as stored whether it may draw it later; nothing is parsed on arrival.
    expect(changes[0]!.stored).toMatchObject({ id: 'job-7', status: 'running', claims: [{ verdict: null }] });
    expect(parse).not.toHaveBeenCalled();
    const read = changes[0]!.read();
    expect(read).toMatchObject({ id: 'job-7', tabId: 7, status: 'running', caption: 'Two cats sit on a sofa.' });
    expect(changes[0]!.read()).toBe(read);
    expect(parse).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads a record its schema refuses as null, as watchJob gives it', async () => {
    const changes: StoredChange<CheckJob>[] = [];
    const stop = watchJobChanges(8, (change) => changes.push(change));
    await realSet({ 'check:8': { id: 8, status: 'running', claims: [{ verdict: null }] } });
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]!.read()).toBeNull();
    stop();
  });
});
