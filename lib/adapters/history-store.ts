import type { CheckJob } from '../job-record';
import { addToHistory, entryBytes, historyEntryFrom, historyReader, HISTORY_BYTE_BUDGET, type HistoryEntry } from '../history';

import { serial } from '../pool';
import { historyItem, storedHistoryItem } from './storage';
import { localBytesInUse } from './storage-area';

export { historyItem };

// storage.local without `unlimitedStorage`; Firefox reports no quota, so the same figure is assumed.
const LOCAL_QUOTA_BYTES = 10 * 1024 * 1024;
const HEADROOM_BYTES = 512 * 1024;

/** The stored history, validated (entry by entry, once: historyItem reads through lib/storage-schema.ts). */
export function loadHistory(): Promise<HistoryEntry[]> {
  return historyItem.getValue();
}

/** Bytes the history may use now: the fixed budget, shrunk when other data leaves less room in storage. */
async function byteBudget(current: readonly HistoryEntry[]): Promise<number> {
  try {
    const inUse = await localBytesInUse();
    if (inUse === null) return HISTORY_BYTE_BUDGET;
    const others = Math.max(0, inUse - current.reduce((sum, e) => sum + entryBytes(e), 0));
    return Math.max(0, Math.min(HISTORY_BYTE_BUDGET, LOCAL_QUOTA_BYTES - HEADROOM_BYTES - others));
  } catch {
    return HISTORY_BYTE_BUDGET;
  }
}

// Every change is a read, then a write of the whole list: two at once (a page check finishes pairs
// concurrently) would each write the list without the other's entry. Changes run one after another.
const oneAtATime = serial();

/**
 * Records a finished check (or updates it by id), evicting the oldest entries first. Returns false when
 * the check alone is larger than the history may take: it is not kept, and nothing else is dropped.
 */
export function recordHistory(job: CheckJob, limit: number, now: number = Date.now()): Promise<boolean> {
  return oneAtATime(() => record(job, limit, now));
}

async function record(job: CheckJob, limit: number, now: number): Promise<boolean> {
  if (job.status !== 'done' || limit <= 0) return false;
  const current = await loadHistory();
  const maxBytes = await byteBudget(current);
  const entry = historyEntryFrom(job, now);
  if (entryBytes(entry) > maxBytes) {
    console.warn(`Caption Check: a check of ${entryBytes(entry)} bytes is larger than the history's ${maxBytes}-byte budget; not kept.`);
    return false;
  }
  await historyItem.setValue(addToHistory(current, entry, { limit, maxBytes }));
  return true;
}

/** Deletes one entry. */
export function deleteHistoryEntry(id: string): Promise<void> {
  return oneAtATime(async () => historyItem.setValue((await loadHistory()).filter((e) => e.id !== id)));
}

/** Deletes every entry. */
export function clearHistory(): Promise<void> {
  return oneAtATime(() => historyItem.setValue([]));
}

/**
 * The history read now and each time it changes, for a view that shows it live (the count on its History tab):
 * both through one historyReader, so a change (a check's new entry, one deleted) reads through the schema only the
 * entries stored otherwise than at the last read, not the whole history again. Each read gives what loadHistory would.
 */
export function liveHistory(): { load(): Promise<HistoryEntry[]>; watch(onChange: (entries: HistoryEntry[]) => void): () => void } {
  const read = historyReader();
  return {
    load: async () => read(await storedHistoryItem.getValue()),
    watch: (onChange) => storedHistoryItem.watch((stored) => onChange(read(stored))),
  };
}
