// What an open popup or side panel reads from storage: nothing at all as its modules load, and on each change of the
// history only the entries stored otherwise than before (a full history is 200 checks; a check adds one). The work a
// view does there runs in the extension's process beside the worker's check.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CheckJob } from '@/lib/job-record';
import { historyEntryFrom, historyEntrySchema, readHistory, sameStored, type HistoryEntry } from '@/lib/history';
import { popupHost } from '@/entrypoints/popup/host';

function entry(id: string, caption: string, savedAt = 5): HistoryEntry {
  const job: CheckJob = {
    id, tabId: 1, pageUrl: 'https://news.example/story', imageUrl: 'https://news.example/a.jpg', status: 'done', phase: 'finished',
    caption, claims: [{ text: caption, start: 0, end: caption.length, hedged: false, verdict: null }], setAside: [], notes: [], model: 'm',
    imagePath: 'fetch', imageBytes: 100, startedAt: 0, finishedAt: 10, usage: null, error: null, thumbnail: `data:image/jpeg;base64,${id}`,
  };
  return historyEntryFrom(job, savedAt);
}

/** A stored entry no schema reads (its job is not a check). */
const damaged = { id: 'damaged', savedAt: 3, job: { caption: 'half written' } };

describe('storage as a view reads it', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  it('loading the storage adapters reads nothing: each key is read when asked for', async () => {
    await fakeBrowser.storage.local.set({ history: [entry('a', 'One cat.')], verdictCache: [], calibrations: {}, settings: { version: 3 } });
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    vi.resetModules();
    const { loadHistory } = await import('@/lib/adapters/history-store');
    await import('@/lib/adapters/storage');
    await import('@/lib/adapters/verdict-cache');
    await import('@/lib/adapters/calibration-store');
    // The first read asked for: before it ends, any read a module started as it loaded has been sent.
    await expect(loadHistory()).resolves.toHaveLength(1);
    expect(local.mock.calls).toEqual([['history']]);
    expect(session.mock.calls).toEqual([]);
  });

  it('the open view’s history: each change reads only the entries that changed, and counts what loadHistory counts', async () => {
    await fakeBrowser.storage.local.set({ history: [entry('b', 'Two dogs.'), damaged, entry('a', 'One cat.')] });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Caption Check', version: '1.0.0' });
    const host = popupHost(false);
    const parse = vi.spyOn(historyEntrySchema, 'safeParse');
    const loaded = await host.loadHistory();
    expect(loaded.map((e) => e.id)).toEqual(['b', 'a']);
    expect(parse).toHaveBeenCalledTimes(3);

    const seen: HistoryEntry[][] = [];
    const unwatch = host.watchHistory((entries) => seen.push(entries));
    const store = async (list: unknown[]) => {
      const before = seen.length;
      parse.mockClear();
      await fakeBrowser.storage.local.set({ history: list });
      await expect.poll(() => seen.length).toBe(before + 1);
      const read = parse.mock.calls.length;
      expect(seen.at(-1)).toEqual(readHistory(list));
      return read;
    };
    // A check's entry comes first; the others are stored as they were (new objects, as each change brings them).
    const c = entry('c', 'Three boats.');
    expect(await store([c, entry('b', 'Two dogs.'), damaged, entry('a', 'One cat.')])).toBe(1);
    expect(seen.at(-1)!.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    // The damaged entry, stored now as a check, counts; an entry whose check is updated in place is read again.
    expect(await store([entry('c', 'Three boats.', 9), entry('b', 'Two dogs.'), entry('damaged', 'Repaired.'), entry('a', 'One cat.')])).toBe(2);
    expect(seen.at(-1)!.map((e) => e.id)).toEqual(['c', 'b', 'damaged', 'a']);
    expect(seen.at(-1)![0]!.savedAt).toBe(9);
    // An entry damaged in place drops out of the count; one deleted goes with no entry read.
    expect(await store([entry('c', 'Three boats.', 9), { ...entry('b', 'Two dogs.'), savedAt: 'yesterday' }, entry('damaged', 'Repaired.'), entry('a', 'One cat.')])).toBe(1);
    expect(seen.at(-1)!.map((e) => e.id)).toEqual(['c', 'damaged', 'a']);
    expect(await store([entry('c', 'Three boats.', 9), entry('a', 'One cat.')])).toBe(0);
    expect(seen.at(-1)!.map((e) => e.id)).toEqual(['c', 'a']);
    expect(await store([])).toBe(0);
    expect(seen.at(-1)).toEqual([]);
    unwatch();
  });

  it.each([
    [{ a: [1, 'x', null, { b: true }] }, { a: [1, 'x', null, { b: true }] }, true],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: [1, 2] }, { a: [1, 2, 3] }, false],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: { b: 'x' } }, { a: { b: 'y' } }, false],
    [[], {}, false],
    [{ a: null }, { a: {} }, false],
    ['5', 5, false],
  ])('sameStored(%j, %j) is %s', (a, b, same) => {
    expect(sameStored(a, b)).toBe(same);
    expect(sameStored(b, a)).toBe(same);
  });
});
