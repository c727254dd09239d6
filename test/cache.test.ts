import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storageVerdictCache, verdictCacheItem } from '@/lib/adapters/verdict-cache';
import {
  cacheNote,
  cachedVerification,
  MemoryVerdictCache,
  verdictCacheKey,
  type CacheKeyParts,
  type CachedResult,
  type VerdictCache,
} from '@/lib/verify/cache';
import { PROMPT_VERSION } from '@/lib/verify/prompt';
import type { Verdict } from '@/lib/verify/schema';

const yes: Verdict = { reasoning: 'ok', label: true, error_type: [] };
const no: Verdict = { reasoning: 'no dog', label: false, error_type: ['Object'] };
const result = (verdicts: Verdict[] = [yes, no]): CachedResult => ({ verdicts, usage: { promptTokens: 10, completionTokens: 5 }, notes: [] });

const base: CacheKeyParts = {
  imageDataUrl: 'data:image/jpeg;base64,/9j/AAAA',
  claims: ['A cat sits.', 'A dog sleeps.'],
  model: 'gpt-4o-mini',
  baseUrl: 'https://api.openai.com/v1',
};

describe('verdictCacheKey', () => {
  it('is a SHA-256 hex digest, the same for the same parts', async () => {
    const key = await verdictCacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await expect(verdictCacheKey({ ...base, claims: [...base.claims] })).resolves.toBe(key);
    await expect(verdictCacheKey({ ...base, promptVersion: PROMPT_VERSION })).resolves.toBe(key);
    // A trailing slash is the same endpoint.
    await expect(verdictCacheKey({ ...base, baseUrl: 'https://api.openai.com/v1/' })).resolves.toBe(key);
  });

  it.each<[string, Partial<CacheKeyParts>]>([
    ['another image', { imageDataUrl: 'data:image/jpeg;base64,/9j/AAAB' }],
    ['the same bytes as another type', { imageDataUrl: 'data:image/webp;base64,/9j/AAAA' }],
    ['another claim', { claims: ['A cat sits.', 'A dog runs.'] }],
    ['the claims in another order', { claims: ['A dog sleeps.', 'A cat sits.'] }],
    ['one claim fewer', { claims: ['A cat sits.'] }],
    ['claims joined differently', { claims: ['A cat sits. A dog sleeps.'] }],
    ['another model', { model: 'gpt-4o' }],
    ['another endpoint', { baseUrl: 'http://localhost:11434/v1' }],
    ['another prompt version', { promptVersion: 'seed-next' }],
    ['a way of scoring (samples asked)', { scoring: 'auto/5' }],
  ])('changes with %s', async (_name, change) => {
    await expect(verdictCacheKey({ ...base, ...change })).resolves.not.toBe(await verdictCacheKey(base));
  });

  it('tells one way of scoring from another', async () => {
    await expect(verdictCacheKey({ ...base, scoring: 'auto/5' })).resolves.not.toBe(await verdictCacheKey({ ...base, scoring: 'auto/3' }));
    await expect(verdictCacheKey({ ...base, scoring: 'auto/5' })).resolves.not.toBe(await verdictCacheKey({ ...base, scoring: 'agreement/5' }));
  });
});

describe('MemoryVerdictCache', () => {
  it('keeps at most maxEntries, evicting the least recently used', async () => {
    const cache = new MemoryVerdictCache(2);
    await cache.set('a', result([yes]));
    await cache.set('b', result([no]));
    await cache.get('a'); // a is now more recent than b
    await cache.set('c', result([yes, yes]));
    expect(cache.size).toBe(2);
    await expect(cache.get('b')).resolves.toBeUndefined();
    await expect(cache.get('a')).resolves.toEqual(result([yes]));
    await expect(cache.get('c')).resolves.toEqual(result([yes, yes]));
  });

  it('hands out copies, so a caller cannot change what is stored', async () => {
    const cache = new MemoryVerdictCache();
    await cache.set('k', result());
    const first = await cache.get('k');
    first!.verdicts[0]!.label = false;
    first!.notes.push('changed');
    await expect(cache.get('k')).resolves.toEqual(result());
  });
});

describe('cachedVerification', () => {
  function counting(answer: CachedResult | (Verdict | null)[]) {
    const run = { calls: 0 };
    const fn = async () => {
      run.calls++;
      return Array.isArray(answer) ? { verdicts: answer, usage: { promptTokens: 1, completionTokens: 1 }, notes: [] } : answer;
    };
    return { run, fn };
  }

  it('runs on a miss and stores; on a hit returns every verdict at once with a note, and never runs', async () => {
    const cache = new MemoryVerdictCache();
    const first = counting(result());
    const reported: [number, Verdict][] = [];
    const miss = await cachedVerification(cache, 'k', first.fn);
    expect(miss).toMatchObject({ cached: false, verdicts: [yes, no] });
    expect(first.run.calls).toBe(1);

    const second = counting(result([no, no]));
    const hit = await cachedVerification(cache, 'k', async () => {
      reported.push([0, yes]);
      return second.fn();
    });
    expect(second.run.calls).toBe(0);
    expect(hit).toMatchObject({ cached: true, verdicts: [yes, no], usage: { promptTokens: 10, completionTokens: 5 } });
    expect(hit.notes).toEqual([cacheNote()]);
    // Nothing ran, so nothing streamed: the verdicts come back as one result.
    expect(reported).toEqual([]);
  });

  it('asks afresh when told to (an explicit Re-run), and stores the new answer', async () => {
    const cache = new MemoryVerdictCache();
    await cachedVerification(cache, 'k', counting(result()).fn);
    const rerun = counting(result([no, no]));
    await expect(cachedVerification(cache, 'k', rerun.fn, { fresh: true })).resolves.toMatchObject({ cached: false, verdicts: [no, no] });
    expect(rerun.run.calls).toBe(1);
    await expect(cache.get('k')).resolves.toEqual({ ...result([no, no]), checkedAt: expect.any(Number) });
  });

  it('does not store an incomplete answer (its scores failed), so the next check asks again', async () => {
    const cache = new MemoryVerdictCache();
    const unscored = counting({ ...result(), incomplete: true } as CachedResult);
    await expect(cachedVerification(cache, 'k', unscored.fn)).resolves.toMatchObject({ cached: false, verdicts: [yes, no] });
    expect(cache.size).toBe(0);
    const again = counting(result());
    await expect(cachedVerification(cache, 'k', again.fn)).resolves.toMatchObject({ cached: false });
    expect(again.run.calls).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('does not store a result with a claim left without a verdict, so the next check asks again', async () => {
    const cache = new MemoryVerdictCache();
    await cachedVerification(cache, 'k', counting([yes, null]).fn);
    expect(cache.size).toBe(0);
    const again = counting([yes, no]);
    await cachedVerification(cache, 'k', again.fn);
    expect(again.run.calls).toBe(1);
  });

  it('lets the error of a failed verification through and stores nothing', async () => {
    const cache = new MemoryVerdictCache();
    await expect(cachedVerification(cache, 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
  });

  it('checks as usual when the cache itself fails to read or write', async () => {
    const broken: VerdictCache = { get: () => Promise.reject(new Error('read')), set: () => Promise.reject(new Error('write')) };
    const run = counting(result());
    await expect(cachedVerification(broken, 'k', run.fn)).resolves.toMatchObject({ cached: false, verdicts: [yes, no] });
    expect(run.run.calls).toBe(1);
  });
});

describe('storageVerdictCache (storage.local)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('stores and reads back a result', async () => {
    const cache = storageVerdictCache();
    await cache.set('k', result());
    await expect(storageVerdictCache().get('k')).resolves.toEqual(result());
    await expect(cache.get('other')).resolves.toBeUndefined();
  });

  it('is bounded, evicting the oldest entry first', async () => {
    let clock = 0;
    const cache = storageVerdictCache(3, () => ++clock);
    for (const key of ['a', 'b', 'c', 'd']) await cache.set(key, result());
    await expect(cache.get('a')).resolves.toBeUndefined();
    const stored = (await verdictCacheItem.getValue()) as { key: string; at: number }[];
    expect(stored.map((e) => e.key)).toEqual(['b', 'c', 'd']);
    // Setting a key again makes it the newest.
    await cache.set('b', result([no]));
    await cache.set('e', result());
    expect(((await verdictCacheItem.getValue()) as { key: string }[]).map((e) => e.key)).toEqual(['d', 'b', 'e']);
  });

  it('keeps both entries when two checks finish at once', async () => {
    const cache = storageVerdictCache();
    await Promise.all([cache.set('a', result()), cache.set('b', result([yes]))]);
    await expect(cache.get('a')).resolves.toEqual(result());
    await expect(cache.get('b')).resolves.toEqual(result([yes]));
  });

  it('follows changes other contexts make to the stored cache after its first read', async () => {
    const cache = storageVerdictCache();
    await cache.set('k', result());
    await expect(cache.get('k')).resolves.toEqual(result());
    // Another page of the extension empties the cache (as the tests' clearVerdictCache does).
    await fakeBrowser.storage.local.remove('verdictCache');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(cache.get('k')).resolves.toBeUndefined();
    // ...and another worker instance's cache wrote an entry.
    await storageVerdictCache().set('later', result([yes]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(cache.get('later')).resolves.toEqual(result([yes]));
  });

  it('skips a malformed stored entry instead of failing', async () => {
    await verdictCacheItem.setValue([{ key: 'bad', at: 1, value: { verdicts: 'nope' } }, { key: 'good', at: 2, value: result() }]);
    const cache = storageVerdictCache();
    await expect(cache.get('bad')).resolves.toBeUndefined();
    await expect(cache.get('good')).resolves.toEqual(result());
  });
});
