// The raw side of the extension's storage: the only module besides storage.ts (the items, read through
// their schemas) that calls browser.storage. Zod-free and light on purpose: the background script uses it
// at start-up, before the engine loads. Keys are those of lib/storage-keys.ts, without their area prefix.
import { browser } from 'wxt/browser';
import { areaKey, tabKeyPattern, tabSessionKeys, type TabKeyKind } from '../storage-keys';

type SessionArea = typeof browser.storage.session & { getKeys?: () => Promise<string[]> };
const session = () => browser.storage.session as SessionArea;

/** Every key in session storage (getKeys: Chrome 130+; elsewhere everything is read for its keys). */
async function sessionKeys(): Promise<string[]> {
  const area = session();
  return typeof area.getKeys === 'function' ? area.getKeys() : Object.keys(await area.get(null));
}

/**
 * The per-tab values of these kinds, by key ('check:12'), read by key where the browser can list keys:
 * session storage also holds each tab's image as sent (~100 KB apiece), which reading everything would copy too.
 */
export async function storedTabData(kinds: readonly TabKeyKind[]): Promise<Record<string, unknown>> {
  const pattern = tabKeyPattern(kinds);
  const area = session();
  if (typeof area.getKeys !== 'function') {
    const all = await area.get(null);
    return Object.fromEntries(Object.entries(all).filter(([key]) => pattern.test(key)));
  }
  const keys = (await area.getKeys()).filter((key) => pattern.test(key));
  return keys.length ? area.get(keys) : {};
}

/** Overwrites one per-tab value by its key as storedTabData gave it ('check:12'). */
export async function replaceTabData(key: string, value: unknown): Promise<void> {
  await session().set({ [key]: value });
}

/** Removes a tab's check, image, page check and waiting record. */
export async function removeTabData(tabId: number): Promise<void> {
  await session().remove(tabSessionKeys(tabId));
}

/** Removes the per-tab data of every tab not in `open`; returns how many keys went. */
export async function removeTabDataExcept(open: ReadonlySet<number | undefined>): Promise<number> {
  const pattern = tabKeyPattern();
  const stale = (await sessionKeys()).filter((key) => {
    const match = pattern.exec(key);
    return match !== null && !open.has(Number(match[1]));
  });
  if (stale.length) await session().remove(stale);
  return stale.length;
}

/** Bytes in use in local storage, or null where the browser does not report it (Firefox). */
export async function localBytesInUse(): Promise<number | null> {
  const local = browser.storage.local;
  const getBytesInUse = local.getBytesInUse as ((keys?: null) => Promise<number>) | undefined;
  return typeof getBytesInUse === 'function' ? getBytesInUse.call(local, null) : null;
}

/** The settings fields the light start-up path needs, read without zod (lib/settings.ts parses the rest in the engine). */
export interface StartUpSettings {
  /** The saved endpoint's base URL as stored ('' when none). */
  baseUrl: string;
  toolbarOpens: 'auto' | 'panel' | 'popup';
}

/** Reads the settings' start-up fields as stored, each falling back alone when missing or malformed. */
export async function startUpSettings(): Promise<StartUpSettings> {
  const { [areaKey('settings')]: stored } = await browser.storage.local.get(areaKey('settings'));
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const toolbarOpens = fields.toolbarOpens === 'panel' || fields.toolbarOpens === 'popup' ? fields.toolbarOpens : 'auto';
  return { baseUrl: typeof fields.baseUrl === 'string' ? fields.baseUrl : '', toolbarOpens };
}

/** Calls back whenever the settings change in storage. */
export function onSettingsChanged(listener: () => void): void {
  browser.storage.local.onChanged.addListener((changes) => areaKey('settings') in changes && listener());
}
