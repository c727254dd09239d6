import { storage } from 'wxt/utils/storage';
import { checkJobSchema, type CheckJob } from '../check';
import { DEFAULT_SETTINGS, readSettings, type Settings } from '../settings';
import type { OutputMode } from '../verify/verify';

/** The user's settings; version 1. Read through readSettings so a malformed field never breaks a check. */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Reads settings validated field by field. */
export async function loadSettings(): Promise<Settings> {
  return readSettings(await settingsItem.getValue());
}

/** Output mode that worked last, per endpoint and model, so the ladder is walked once. */
export const outputModesItem = storage.defineItem<Record<string, OutputMode>>('local:outputModes', { fallback: {} });

/** Storage key of a tab's latest check (session storage: gone with the browser session). */
export function jobKey(tabId: number): `session:check:${number}` {
  return `session:check:${tabId}`;
}

/** The latest check of a tab, validated; null when there is none or it does not parse. */
export async function loadJob(tabId: number): Promise<CheckJob | null> {
  const parsed = checkJobSchema.safeParse(await storage.getItem(jobKey(tabId)));
  return parsed.success ? parsed.data : null;
}

/** Persists a tab's check. */
export async function saveJob(job: CheckJob): Promise<void> {
  await storage.setItem(jobKey(job.tabId), job);
}

/** Calls back with the tab's check each time it changes. Returns the unsubscribe function. */
export function watchJob(tabId: number, onChange: (job: CheckJob | null) => void): () => void {
  return storage.watch(jobKey(tabId), (value) => {
    const parsed = checkJobSchema.safeParse(value);
    onChange(parsed.success ? parsed.data : null);
  });
}
