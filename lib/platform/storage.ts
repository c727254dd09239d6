import { storage } from 'wxt/utils/storage';
import { checkJobSchema, type CheckJob } from '../check';
import { CheckError } from '../errors';
import { storableJob } from '../stored-url';
import { DEFAULT_SETTINGS, migrateSettingsV2, readSettings, type Settings } from '../settings';
import type { OutputMode } from '../verify/verify';
import { forgetClosedTabs } from './tab-session';

/** The user's settings; version 2. Read through readSettings so a malformed field never breaks a check. */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  migrations: { 2: migrateSettingsV2 },
});

/** The API key when the user keeps it for this browser session only (settings.keyStorage === 'session'). */
export const sessionKeyItem = storage.defineItem<string>('session:apiKey', { fallback: '' });

/** Reads settings validated field by field; a session-only key is read from session storage. */
export async function loadSettings(): Promise<Settings> {
  const settings = readSettings(await settingsItem.getValue());
  return settings.keyStorage === 'session' ? { ...settings, apiKey: await sessionKeyItem.getValue() } : settings;
}

/** Saves settings, putting the key where the user chose and removing it from the other place. */
export async function saveSettings(settings: Settings): Promise<void> {
  const session = settings.keyStorage === 'session';
  await Promise.all([
    settingsItem.setValue(session ? { ...settings, apiKey: '' } : settings),
    session ? sessionKeyItem.setValue(settings.apiKey) : sessionKeyItem.removeValue(),
  ]);
}

/** Storage key of the image last sent to the model for a tab, so a re-check needs no page access. */
export function imageKey(tabId: number): `session:image:${number}` {
  return `session:image:${tabId}`;
}

/** Keeps the sized image of a tab's check for re-checks and comparisons. */
export async function saveSessionImage(tabId: number, dataUrl: string): Promise<void> {
  await storage.setItem(imageKey(tabId), dataUrl);
}

/** The sized image of a tab's last check, or null. */
export async function loadSessionImage(tabId: number): Promise<string | null> {
  const value = await storage.getItem(imageKey(tabId));
  return typeof value === 'string' && value.startsWith('data:image/') ? value : null;
}

/** Output mode that worked last, per endpoint and model, so the ladder is walked once. */
export const outputModesItem = storage.defineItem<Record<string, OutputMode>>('local:outputModes', { fallback: {} });

/** Endpoints (base URL and model) that rejected the logprobs request, so it is not sent again. */
export const noLogprobsItem = storage.defineItem<Record<string, true>>('local:noLogprobs', { fallback: {} });

/** Storage key of a tab's latest check (session storage: gone with the browser session). */
export function jobKey(tabId: number): `session:check:${number}` {
  return `session:check:${tabId}`;
}

/** The latest check of a tab, validated; null when there is none or it does not parse. */
export async function loadJob(tabId: number): Promise<CheckJob | null> {
  const parsed = checkJobSchema.safeParse(await storage.getItem(jobKey(tabId)));
  return parsed.success ? parsed.data : null;
}

/** What a check says when even a freed-up session storage cannot take it. */
export const STORAGE_FULL_MESSAGE =
  "The browser's session storage for Caption Check is full, so this check could not be saved. Close tabs you checked earlier, then retry.";

async function trySet(key: `session:${string}`, value: unknown): Promise<boolean> {
  try {
    await storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Persists a tab's check, its URLs capped (a `data:` image URL is stored as a description). When session storage is full, closed tabs' leftovers go first, then this
 * tab's kept image; if the check still does not fit, it is stored as failed where it can be and a
 * CheckError('storage') is thrown, so it never stays "running" with nobody saving it.
 */
export async function saveJob(unbounded: CheckJob): Promise<void> {
  const job = storableJob(unbounded);
  const key = jobKey(job.tabId);
  if (await trySet(key, job)) return;
  await forgetClosedTabs().catch(() => 0);
  if (await trySet(key, job)) return;
  await storage.removeItem(imageKey(job.tabId)).catch(() => undefined);
  if (await trySet(key, job)) return;
  const failed: CheckJob = {
    ...job,
    status: 'error',
    phase: 'finished',
    finishedAt: job.finishedAt ?? Date.now(),
    error: { kind: 'storage', message: STORAGE_FULL_MESSAGE, retryAfterMs: null },
  };
  // Smaller and smaller failed records: a check must never stay stored as "running" with nobody saving it.
  const { thumbnail: _thumbnail, ...withoutThumbnail } = failed;
  const minimal: CheckJob = { ...withoutThumbnail, caption: '', claims: [], setAside: [], notes: [], comparison: undefined };
  if (!(await trySet(key, failed)) && !(await trySet(key, withoutThumbnail)) && !(await trySet(key, minimal)))
    await storage.removeItem(key).catch(() => undefined);
  throw new CheckError('storage', STORAGE_FULL_MESSAGE);
}

/** Calls back with the tab's check each time it changes. Returns the unsubscribe function. */
export function watchJob(tabId: number, onChange: (job: CheckJob | null) => void): () => void {
  return storage.watch(jobKey(tabId), (value) => {
    const parsed = checkJobSchema.safeParse(value);
    onChange(parsed.success ? parsed.data : null);
  });
}
