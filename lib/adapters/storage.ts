// Every storage item of the extension, over the keys of lib/storage-keys.ts and the schemas of
// lib/storage-schema.ts: each read goes through its key's schema, so a damaged or foreign value falls
// back instead of reaching a check.
import { t } from '../i18n';
import { storage } from 'wxt/utils/storage';
import type { z } from 'zod';
import type { CheckJob } from '../job-record';
import { CheckError } from '../errors';
import { storableJob } from '../stored-url';
import { settingsFromStorage, toStoredSettings, type Settings } from '../settings';
import { areaKey, STORAGE_KEYS, tabKey, type StoredChange, type TabKeyKind } from '../storage-keys';
import { browser } from 'wxt/browser';
import { storageSchemas, tabSchemas } from '../storage-schema';
import { forgetClosedTabs } from './tab-session';

/**
 * A storage item over one key that touches storage only when called. WXT's `storage.defineItem` reads its key's whole
 * value as the item is defined, on import: every view's mount read the history (up to 4 MB) once more than it shows,
 * and the verdict cache, the calibrations and the rest it never shows; the worker read them all as its engine loaded,
 * beside the check that loaded it. Nothing here keeps WXT's item meta (`<key>$`): no item has a migration.
 */
function lazyItem<T>(key: `local:${string}` | `session:${string}`, fallback: T) {
  return {
    getValue: async (): Promise<T> => (await storage.getItem<T>(key)) ?? fallback,
    /** Stores `value`; null or undefined removes the key (as WXT's items do). */
    setValue: (value: T): Promise<void> => storage.setItem(key, value),
    removeValue: (): Promise<void> => storage.removeItem(key),
    /** Calls back with each new value (the fallback when removed); returns the unsubscribe function. */
    watch: (onChange: (value: T) => void): (() => void) => storage.watch<T>(key, (value) => onChange(value ?? fallback)),
  };
}

/**
 * A storage item whose reads (getValue and watch) go through `schema`; a value that does not pass
 * reads as `fallback`. Writes are typed by the schema's output, which is what the schema accepts back.
 */
function checkedItem<S extends z.ZodType>(key: `local:${string}` | `session:${string}`, schema: S, fallback: z.output<S>) {
  const item = lazyItem<z.output<S>>(key, fallback);
  const read = (value: unknown): z.output<S> => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    ...item,
    getValue: async () => read(await item.getValue()),
    watch: (onChange: (value: z.output<S>) => void) => item.watch((value) => onChange(read(value))),
    /** A value of this key read some other way (storage.local.get), as getValue would give it: missing → the fallback. */
    fromStored: (value: unknown): z.output<S> => read(value ?? fallback),
  };
}

/** An item as a value kept between runs (get and set), as the model code takes one. */
export function kept<T>(item: { getValue(): Promise<T>; setValue(value: T): Promise<void> }): { get(): Promise<T>; set(value: T): Promise<void> } {
  return { get: () => item.getValue(), set: (value) => item.setValue(value) };
}

/**
 * The user's settings. One version: the object's own `version` field, the stored format (v1 → v2 → v3 in
 * lib/settings.ts), migrated by loadSettings. Builds before this one also kept WXT's item meta
 * (`settings$`, at 2); it is left as it is, so those builds still read the item without a downgrade error.
 */
export const settingsItem = lazyItem<unknown>(STORAGE_KEYS.settings, null);

/** The API key when the user keeps it for this browser session only (settings.keyStorage === 'session'). */
export const sessionKeyItem = checkedItem(STORAGE_KEYS.sessionApiKey, storageSchemas.sessionApiKey, '');

/**
 * Reads settings in any stored format (field by field, so a malformed field never breaks a check); an
 * older object (v1, v2) is written back once in the current format. A session-only key is read from session storage.
 */
export async function loadSettings(): Promise<Settings> {
  return settingsFrom(await settingsItem.getValue());
}

async function settingsFrom(stored: unknown): Promise<Settings> {
  const { settings, rewrite } = settingsFromStorage(stored);
  if (rewrite) await settingsItem.setValue(toStoredSettings(settings));
  return settings.keyStorage === 'session' ? { ...settings, apiKey: await sessionKeyItem.getValue() } : settings;
}

/**
 * What a check reads from storage.local before its model request besides its settings: its model's calibration,
 * the output mode the endpoint accepted last and whether it refused logprobs. Read in the same call as the settings
 * at the click (loadSettingsForCheck), where each was one more call of the worker's, and the browser's, before the
 * request; each is taken once, by the check that read those settings (readWithSettings), and read anew after that.
 */
const READ_WITH_SETTINGS = ['calibrations', 'outputModes', 'noLogprobs'] as const;
type ReadWithSettings = (typeof READ_WITH_SETTINGS)[number];
const readWith = new WeakMap<Settings, Map<ReadWithSettings, unknown>>();

/** loadSettings, for a check: the values of READ_WITH_SETTINGS come in the same storage call, kept for readWithSettings. */
export async function loadSettingsForCheck(): Promise<Settings> {
  const stored = await browser.storage.local.get([areaKey('settings'), ...READ_WITH_SETTINGS.map(areaKey)]);
  const settings = await settingsFrom(stored[areaKey('settings')] ?? null);
  readWith.set(settings, new Map(READ_WITH_SETTINGS.map((name) => [name, stored[areaKey(name)]])));
  return settings;
}

/** The stored value of `name` as read together with `settings` (once: a second call reads it now), through `item`'s schema. */
export function readWithSettings<T>(settings: Settings | undefined, name: ReadWithSettings, item: { getValue(): Promise<T>; fromStored(value: unknown): T }): Promise<T> {
  const read = settings ? readWith.get(settings) : undefined;
  if (!read?.has(name)) return item.getValue();
  const value = read.get(name);
  read.delete(name);
  return Promise.resolve(item.fromStored(value));
}

/** Saves settings (the current format), putting the key where the user chose and removing it from the other place. */
export async function saveSettings(settings: Settings): Promise<void> {
  const session = settings.keyStorage === 'session';
  await Promise.all([
    settingsItem.setValue(toStoredSettings(session ? { ...settings, apiKey: '' } : settings)),
    session ? sessionKeyItem.setValue(settings.apiKey) : sessionKeyItem.removeValue(),
  ]);
}

/** Output mode that worked last, per endpoint and model, so the ladder is walked once. */
export const outputModesItem = checkedItem(STORAGE_KEYS.outputModes, storageSchemas.outputModes, {});

/** Endpoints (base URL and model) that rejected the logprobs request, so it is not sent again. */
export const noLogprobsItem = checkedItem(STORAGE_KEYS.noLogprobs, storageSchemas.noLogprobs, {});

/** Finished checks on this device, newest first. Entries are read one by one (a bad one is dropped). */
export const historyItem = checkedItem(STORAGE_KEYS.history, storageSchemas.history, []);

/** The history as stored, for a reader that reads its entries itself (history-store.ts, liveHistory). */
export const storedHistoryItem = lazyItem<unknown>(STORAGE_KEYS.history, []);

/** calibration.json files by model name (each parsed by calibration-store). */
export const calibrationsItem = checkedItem(STORAGE_KEYS.calibrations, storageSchemas.calibrations, {});

/** Cached verdicts, oldest first (each entry parsed by verdict-cache). */
export const verdictCacheItem = checkedItem(STORAGE_KEYS.verdictCache, storageSchemas.verdictCache, []);

/** What session storage keeps for a tab, by kind, as its schema reads it. */
type TabData<K extends TabKeyKind> = z.output<(typeof tabSchemas)[K]>;

/** A stored per-tab value through its kind's schema; null when it does not parse. Nothing stored is null at once (no kind's schema takes it), so a view with nothing to show builds no schema. */
function readTabData<K extends TabKeyKind>(kind: K, stored: unknown): TabData<K> | null {
  if (stored === null || stored === undefined) return null;
  const parsed = tabSchemas[kind].safeParse(stored);
  return parsed.success ? (parsed.data as TabData<K>) : null;
}

/** One tab's value of a kind, through its schema; null when there is none or it does not parse. */
export async function loadTabData<K extends TabKeyKind>(kind: K, tabId: number): Promise<TabData<K> | null> {
  return readTabData(kind, await storage.getItem(tabKey(kind, tabId)));
}

/** Stores one tab's value of a kind. */
export async function saveTabData<K extends TabKeyKind>(kind: K, tabId: number, value: TabData<K>): Promise<void> {
  await storage.setItem(tabKey(kind, tabId), value);
}

/** Removes one tab's value of a kind. */
export async function removeTabValue(kind: TabKeyKind, tabId: number): Promise<void> {
  await storage.removeItem(tabKey(kind, tabId));
}

/** Calls back with one tab's value of a kind (through its schema) each time it changes. Returns the unsubscribe function. */
export function watchTabData<K extends TabKeyKind>(kind: K, tabId: number, onChange: (value: TabData<K> | null) => void): () => void {
  return watchTabChanges(kind, tabId, (change) => onChange(change.read()));
}

/** watchTabData, each change read through the schema only when the listener asks for it (StoredChange). */
export function watchTabChanges<K extends TabKeyKind>(kind: K, tabId: number, onChange: (change: StoredChange<TabData<K>>) => void): () => void {
  return storage.watch(tabKey(kind, tabId), (stored) => {
    let read: { value: TabData<K> | null } | undefined;
    onChange({ stored, read: () => (read ??= { value: readTabData(kind, stored) }).value });
  });
}

/** Keeps the sized image of a tab's check for re-checks and comparisons. */
export function saveSessionImage(tabId: number, dataUrl: string): Promise<void> {
  return saveTabData('image', tabId, dataUrl);
}

/** The sized image of a tab's last check, or null. */
export function loadSessionImage(tabId: number): Promise<string | null> {
  return loadTabData('image', tabId);
}

/** The latest check of a tab (session storage: gone with the browser session), validated; null when there is none or it does not parse. */
export function loadJob(tabId: number): Promise<CheckJob | null> {
  return loadTabData('check', tabId);
}

/** What a check says when even a freed-up session storage cannot take it. */
export const storageFullMessage = (): string => t('errStorageFull');

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
  const key = tabKey('check', job.tabId);
  if (await trySet(key, job)) return;
  await forgetClosedTabs().catch(() => 0);
  if (await trySet(key, job)) return;
  await removeTabValue('image', job.tabId).catch(() => undefined);
  if (await trySet(key, job)) return;
  const failed: CheckJob = {
    ...job,
    status: 'error',
    phase: 'finished',
    finishedAt: job.finishedAt ?? Date.now(),
    error: { kind: 'storage', message: storageFullMessage(), retryAfterMs: null },
  };
  // Smaller and smaller failed records: a check must never stay stored as "running" with nobody saving it.
  const { thumbnail: _thumbnail, ...withoutThumbnail } = failed;
  const minimal: CheckJob = { ...withoutThumbnail, caption: '', claims: [], setAside: [], notes: [], comparison: undefined };
  if (!(await trySet(key, failed)) && !(await trySet(key, withoutThumbnail)) && !(await trySet(key, minimal)))
    await storage.removeItem(key).catch(() => undefined);
  throw new CheckError('storage', storageFullMessage());
}

/** Calls back with the tab's check each time it changes. Returns the unsubscribe function. */
export function watchJob(tabId: number, onChange: (job: CheckJob | null) => void): () => void {
  return watchTabData('check', tabId, onChange);
}

/** watchJob, each change parsed only when read (a view holding a starting check parses it when it draws it). */
export function watchJobChanges(tabId: number, onChange: (change: StoredChange<CheckJob>) => void): () => void {
  return watchTabChanges('check', tabId, onChange);
}
