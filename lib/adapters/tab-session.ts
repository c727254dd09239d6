// Per-tab data in session storage (a tab's check, its image as sent, its page check) lives as long as
// the tab. Light on purpose: the worker registers the tab-closed listener before the engine loads.
import { browser } from 'wxt/browser';
import { tabKeyPattern, tabSessionKeys } from '../storage-keys';


const TAB_KEY = tabKeyPattern();

/** Removes a closed tab's check, image and page check from session storage. */
export async function forgetTab(tabId: number): Promise<void> {
  await browser.storage.session.remove(tabSessionKeys(tabId));
}

/**
 * Removes the per-tab data of every tab that is no longer open (left behind when the worker slept
 * through a tab closing); returns how many keys went. Used when session storage is full.
 */
export async function forgetClosedTabs(): Promise<number> {
  const area = browser.storage.session as typeof browser.storage.session & { getKeys?: () => Promise<string[]> };
  const keys = typeof area.getKeys === 'function' ? await area.getKeys() : Object.keys(await area.get(null));
  const open = new Set((await browser.tabs.query({})).map((tab) => tab.id));
  const stale = keys.filter((key) => {
    const match = TAB_KEY.exec(key);
    return match !== null && !open.has(Number(match[1]));
  });
  if (stale.length) await area.remove(stale);
  return stale.length;
}
