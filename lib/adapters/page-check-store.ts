import { storage } from 'wxt/utils/storage';
import { pageCheckKey, pageCheckSchema, type PageCheck } from '../page-check-state';

/** A tab's page check, validated; null when there is none or it does not parse. */
export async function loadPageCheck(tabId: number): Promise<PageCheck | null> {
  const parsed = pageCheckSchema.safeParse(await storage.getItem(pageCheckKey(tabId)));
  return parsed.success ? parsed.data : null;
}

/** Persists a tab's page check. */
export async function savePageCheck(check: PageCheck): Promise<void> {
  await storage.setItem(pageCheckKey(check.tabId), check);
}

/** Forgets a tab's page check (the user closed its summary). */
export async function removePageCheck(tabId: number): Promise<void> {
  await storage.removeItem(pageCheckKey(tabId));
}

/** Calls back with the tab's page check each time it changes. Returns the unsubscribe function. */
export function watchPageCheck(tabId: number, onChange: (check: PageCheck | null) => void): () => void {
  return storage.watch(pageCheckKey(tabId), (value) => {
    const parsed = pageCheckSchema.safeParse(value);
    onChange(parsed.success ? parsed.data : null);
  });
}
