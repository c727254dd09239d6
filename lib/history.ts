import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { checkJobSchema, type CheckJob } from './job-record';
import { storableJob } from './stored-url';

/** One finished check as kept on the device. */
export const historyEntrySchema = lazySchema(() => z.object({
  id: z.string(),
  savedAt: z.number(),
  job: checkJobSchema,
}));
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * Bytes of JSON the history may take. storage.local holds 10 MB without `unlimitedStorage`; history keeps
 * well under half so settings and other data never run out of room.
 */
export const HISTORY_BYTE_BUDGET = 4_000_000;

/** Stored history, validated entry by entry: one malformed entry is dropped, not the whole list. */
export function readHistory(stored: unknown): HistoryEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => readEntry(item) ?? []);
}

/**
 * readHistory for a list read again and again (a view's live history): an entry stored exactly as at the reader's
 * last read keeps that read's result, so a check's new entry is the only one the schema reads, not every entry a
 * full history holds (a damaged one stays dropped until it is stored otherwise). Gives what readHistory gives.
 */
export function historyReader(): (stored: unknown) => HistoryEntry[] {
  let last = new Map<string, { stored: unknown; entry: HistoryEntry | null }>();
  return (stored) => {
    const next = new Map<string, { stored: unknown; entry: HistoryEntry | null }>();
    const entries: HistoryEntry[] = [];
    for (const item of Array.isArray(stored) ? stored : []) {
      const id = (item as { id?: unknown } | null)?.id;
      const known = typeof id === 'string' ? last.get(id) : undefined;
      const read = known && sameStored(known.stored, item) ? known : { stored: item, entry: readEntry(item) };
      if (typeof id === 'string' && !next.has(id)) next.set(id, read);
      if (read.entry) entries.push(read.entry);
    }
    last = next;
    return entries;
  };
}

function readEntry(item: unknown): HistoryEntry | null {
  const parsed = historyEntrySchema.safeParse(item);
  return parsed.success ? parsed.data : null;
}

/** Whether two values as storage gives them (JSON's kinds) are the same, member by member (loops, not arrays of keys: nothing is allocated). */
export function sameStored(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameStored(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    if (!Object.hasOwn(right, key) || !sameStored(left[key], right[key])) return false;
    keys++;
  }
  for (const key in right) if (Object.hasOwn(right, key)) keys--;
  return keys === 0;
}

/** The history entry for a finished job (its id is the job's, so a later comparison updates it in place); URLs capped. */
export function historyEntryFrom(job: CheckJob, now: number): HistoryEntry {
  return { id: job.id, savedAt: now, job: storableJob(job) };
}

/** Approximate bytes an entry takes in storage (its JSON length; data URLs are ASCII). */
export function entryBytes(entry: HistoryEntry): number {
  return JSON.stringify(entry).length;
}

/**
 * Adds (or replaces, by id) an entry at the front — newest first — then evicts the oldest entries
 * until the list fits both the count limit and the byte budget. An entry that alone exceeds the
 * budget is refused (the list comes back unchanged): it must not evict everything and then itself.
 */
export function addToHistory(entries: readonly HistoryEntry[], entry: HistoryEntry, limits: { limit: number; maxBytes: number }): HistoryEntry[] {
  if (entryBytes(entry) > limits.maxBytes) return [...entries];
  const next = [entry, ...entries.filter((e) => e.id !== entry.id)];
  let bytes = next.reduce((sum, e) => sum + entryBytes(e), 0);
  while (next.length > Math.max(0, limits.limit) || (next.length > 0 && bytes > limits.maxBytes)) {
    const evicted = next.pop()!;
    bytes -= entryBytes(evicted);
  }
  return next;
}

/** Entries whose caption, credit, claims, model (or the model compared with) or page URL contain every word of the query (case-insensitive). */
export function searchHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const { job } = entry;
    const haystack = [job.caption, job.credit ?? '', job.model, job.comparison?.model ?? '', job.pageUrl, job.imageUrl, ...job.claims.map((c) => c.text), ...(job.secondAnswer ? [job.secondAnswer.caption, ...job.secondAnswer.labels] : [])].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
