// Per-tab data in session storage (a tab's check, its image as sent, its page check) lives as long as
// the tab. Light on purpose: the worker registers the tab-closed listener before the engine loads.
import { browser } from 'wxt/browser';
import { removeTabData, removeTabDataExcept } from './storage-area';

/** Removes a closed tab's check, image and page check from session storage. */
export async function forgetTab(tabId: number): Promise<void> {
  await removeTabData(tabId);
}

/**
 * Removes the per-tab data of every tab that is no longer open (left behind when the worker slept
 * through a tab closing); returns how many keys went. Used when session storage is full.
 */
export async function forgetClosedTabs(): Promise<number> {
  const open = new Set((await browser.tabs.query({})).map((tab) => tab.id));
  return removeTabDataExcept(open);
}
