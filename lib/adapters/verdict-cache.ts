import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { cachedResultSchema, type CachedResult, type VerdictCache } from '../verify/cache';

const entrySchema = lazySchema(() => z.object({ key: z.string(), at: z.number(), value: cachedResultSchema }));
type Entry = z.infer<typeof entrySchema>;

import { verdictCacheItem } from './storage';

/** Cached verdicts, oldest first; survives worker restarts and browser restarts, stays on the device. */
export { verdictCacheItem };

/** Results kept; a few KB each, so the cache stays far below storage.local's quota. */
const VERDICT_CACHE_LIMIT = 200;

function readEntries(stored: unknown[]): Entry[] {
  return stored.flatMap((item) => {
    const parsed = entrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The extension's verdict cache in storage.local: bounded, the oldest entry evicted first. Writes are
 * queued so two checks finishing together do not drop each other's entry.
 */
export function storageVerdictCache(limit = VERDICT_CACHE_LIMIT, now: () => number = Date.now): VerdictCache {
  let writing: Promise<unknown> = Promise.resolve();
  // The stored list, read once per worker instance and then kept in step with storage (our own writes
  // and any other context's, such as a cleared cache): a lookup sits just before the model request.
  let mirror: Promise<unknown[]> | null = null;
  verdictCacheItem.watch((value) => {
    mirror = Promise.resolve(Array.isArray(value) ? value : []);
  });
  const stored = () => (mirror ??= verdictCacheItem.getValue());
  return {
    async get(key: string): Promise<CachedResult | undefined> {
      await writing;
      // Only the matching entry is validated: a lookup stays fast however full the cache is.
      const found = (await stored()).find((e) => typeof e === 'object' && e !== null && 'key' in e && e.key === key);
      // A miss (a new image) parses nothing.
      if (found === undefined) return undefined;
      const parsed = entrySchema.safeParse(found);
      return parsed.success ? parsed.data.value : undefined;
    },
    set(key: string, value: CachedResult): Promise<void> {
      const write = writing.then(async () => {
        const kept = readEntries(await stored()).filter((e) => e.key !== key);
        kept.push({ key, at: now(), value });
        const next = kept.slice(Math.max(0, kept.length - limit));
        await verdictCacheItem.setValue(next);
        mirror = Promise.resolve(next);
      });
      writing = write.catch(() => undefined);
      return write;
    },
  };
}
