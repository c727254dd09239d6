import { describe, expect, it } from 'vitest';
import type { CheckJob } from '@/lib/job-record';
import { addToHistory, entryBytes, historyEntryFrom, readHistory, searchHistory, type HistoryEntry } from '@/lib/history';

function job(id: string, overrides: Partial<CheckJob> = {}): CheckJob {
  return {
    id,
    tabId: 1,
    pageUrl: 'https://news.example/story',
    imageUrl: 'https://news.example/a.jpg',
    status: 'done',
    phase: 'finished',
    caption: `Caption ${id}: two cats on a sofa.`,
    claims: [{ text: 'two cats on a sofa.', start: 12, end: 31, hedged: false, verdict: { reasoning: 'ok', label: true, error_type: [] } }],
    setAside: [],
    notes: [],
    model: 'gpt-4o-mini',
    imagePath: 'fetch',
    imageBytes: 100,
    startedAt: 0,
    finishedAt: 10,
    usage: null,
    error: null,
    ...overrides,
  };
}
const entry = (id: string, savedAt = 0, overrides: Partial<CheckJob> = {}): HistoryEntry => historyEntryFrom(job(id, overrides), savedAt);

describe('history', () => {
  it('puts the newest first and replaces an entry with the same id in place of a duplicate', () => {
    let list: HistoryEntry[] = [];
    for (const id of ['a', 'b', 'c']) list = addToHistory(list, entry(id), { limit: 10, maxBytes: 1e9 });
    expect(list.map((e) => e.id)).toEqual(['c', 'b', 'a']);
    list = addToHistory(list, entry('a', 5, { model: 'other' }), { limit: 10, maxBytes: 1e9 });
    expect(list.map((e) => e.id)).toEqual(['a', 'c', 'b']);
    expect(list[0]!.job.model).toBe('other');
  });

  it.each([
    [3, ['e', 'd', 'c']],
    [1, ['e']],
    [0, []],
  ])('keeps at most %i entries, evicting the oldest first', (limit, kept) => {
    let list: HistoryEntry[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) list = addToHistory(list, entry(id), { limit, maxBytes: 1e9 });
    expect(list.map((e) => e.id)).toEqual(kept);
  });

  it('evicts the oldest entries until the list fits the byte budget', () => {
    const big = (id: string) => entry(id, 0, { thumbnail: `data:image/jpeg;base64,${'A'.repeat(5000)}` });
    const one = entryBytes(big('x'));
    let list: HistoryEntry[] = [];
    for (const id of ['a', 'b', 'c', 'd']) list = addToHistory(list, big(id), { limit: 100, maxBytes: one * 2.5 });
    expect(list.map((e) => e.id)).toEqual(['d', 'c']);
    expect(list.reduce((sum, e) => sum + entryBytes(e), 0)).toBeLessThanOrEqual(one * 2.5);
  });

  it('refuses one entry larger than the whole budget instead of evicting every other entry', () => {
    let list: HistoryEntry[] = [];
    for (let i = 0; i < 200; i++) list = addToHistory(list, entry(`e${i}`), { limit: 200, maxBytes: 1e9 });
    const budget = list.reduce((sum, e) => sum + entryBytes(e), 0) + 10_000;
    const huge = entry('huge', 0, { caption: 'x'.repeat(budget) });
    const after = addToHistory(list, huge, { limit: 200, maxBytes: budget });
    expect(after).toHaveLength(200);
    expect(after.map((e) => e.id)).toEqual(list.map((e) => e.id));
  });

  it('stores a data: image URL as a short description, never its megabytes', () => {
    const dataUrl = `data:image/png;base64,${'A'.repeat(2_000_000)}`;
    const stored = entry('d', 0, { imageUrl: dataUrl });
    expect(stored.job.imageUrl).toBe('data:image/png (inline image, 1.5 MB, not kept)');
    expect(entryBytes(stored)).toBeLessThan(2_000);
  });

  it('reads stored history entry by entry, dropping what does not parse', () => {
    const good = entry('a');
    expect(readHistory([good, { id: 'broken' }, 42, null])).toEqual([good]);
    expect(readHistory('nonsense')).toEqual([]);
  });

  it.each([
    ['', ['a', 'b']],
    ['CATS', ['a', 'b']],
    ['caption b', ['b']],
    ['news.example other', ['b']],
    ['dog', []],
    ['reuters', ['b']],
  ])('search %j matches every word in caption, credit, claims, model or page', (query, ids) => {
    const list = [entry('a'), entry('b', 0, { model: 'other-vlm', credit: 'Jane Doe/Reuters' })];
    expect(searchHistory(list, query).map((e) => e.id)).toEqual(ids);
  });
});
