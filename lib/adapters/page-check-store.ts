import type { PageCheck } from '../page-check-state';
import { loadTabData, removeTabValue, saveTabData, watchTabData } from './storage';

/** A tab's page check, validated; null when there is none or it does not parse. */
export function loadPageCheck(tabId: number): Promise<PageCheck | null> {
  return loadTabData('pageCheck', tabId);
}

/** Persists a tab's page check. */
export function savePageCheck(check: PageCheck): Promise<void> {
  return saveTabData('pageCheck', check.tabId, check);
}

/** Forgets a tab's page check (the user closed its summary). */
export function removePageCheck(tabId: number): Promise<void> {
  return removeTabValue('pageCheck', tabId);
}

/** Calls back with the tab's page check each time it changes. Returns the unsubscribe function. */
export function watchPageCheck(tabId: number, onChange: (check: PageCheck | null) => void): () => void {
  return watchTabData('pageCheck', tabId, onChange);
}
