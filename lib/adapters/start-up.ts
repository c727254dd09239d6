// What the service worker checks at start without loading the engine: only storage reads.
import { browser } from 'wxt/browser';
import { areaKey, tabKeyPattern } from '../storage-keys';

/** Session-storage keys of a tab's check and of its "check all captioned images" run. */
const JOB_KEY = tabKeyPattern(['check']);
export const PAGE_CHECK_KEY = tabKeyPattern(['pageCheck']);
const isCheckKey = (key: string) => JOB_KEY.test(key) || PAGE_CHECK_KEY.test(key);

/**
 * The stored checks and page checks, read by key: session storage also holds each tab's image as sent
 * (~100 KB apiece), which reading everything would copy and parse too.
 */
export async function storedChecks(): Promise<Record<string, unknown>> {
  const area = browser.storage.session as typeof browser.storage.session & { getKeys?: () => Promise<string[]> };
  // getKeys: Chrome 130+; elsewhere everything is read.
  if (typeof area.getKeys !== 'function') {
    const all = await area.get(null);
    return Object.fromEntries(Object.entries(all).filter(([key]) => isCheckKey(key)));
  }
  const keys = (await area.getKeys()).filter(isCheckKey);
  return keys.length ? area.get(keys) : {};
}

/**
 * Whether any check or page check is stored as running. A worker that has just started runs none
 * itself, so such a check was left by a stopped instance and the engine's sweep must end it.
 */
export async function checksLeftRunning(): Promise<boolean> {
  return Object.values(await storedChecks()).some(
    (value) => typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'running',
  );
}

/** The saved endpoint's base URL as stored, without parsing the settings ('' when none). */
export async function savedBaseUrl(): Promise<string> {
  const { [areaKey('settings')]: settings } = await browser.storage.local.get(areaKey('settings'));
  const baseUrl = (settings as { baseUrl?: unknown } | undefined)?.baseUrl;
  return typeof baseUrl === 'string' ? baseUrl : '';
}
