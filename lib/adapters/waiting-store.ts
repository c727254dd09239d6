import { browser } from 'wxt/browser';
import type { WaitingCheck } from '../waiting-check';
import { loadTabData, removeTabValue, saveTabData, watchTabData } from './storage';

/** The badge and tooltip of a tab whose check waits for the user to choose the caption on the page. */
const WAITING_BADGE = { text: '…', color: '#0b57d0' };

// One queue per tab: the end of a replaced check reads the record and removes it only if it is still its
// own, with no write of the check that replaced it in between.
const queues = new Map<number, Promise<unknown>>();
function queued(tabId: number, step: () => Promise<unknown>): Promise<void> {
  const next = (queues.get(tabId) ?? Promise.resolve()).then(step, step);
  queues.set(tabId, next);
  void next.finally(() => queues.get(tabId) === next && queues.delete(tabId)).catch(() => undefined);
  return next.then(() => undefined);
}

/** Marks the tab's check as waiting for its caption: stored for the popup and panel, and shown on the toolbar button. */
export function showWaiting(waiting: WaitingCheck, title: string): Promise<void> {
  const { tabId } = waiting;
  return queued(tabId, () =>
    Promise.all([
      saveTabData('waiting', tabId, waiting),
      browser.action.setBadgeText({ tabId, text: WAITING_BADGE.text }),
      browser.action.setBadgeBackgroundColor({ tabId, color: WAITING_BADGE.color }),
      browser.action.setTitle({ tabId, title }),
    ]),
  );
}

/** Check `id` no longer waits (its caption was chosen, or it was cancelled): its record and tooltip go (any check's, when `id` is null). */
export function endWaiting(tabId: number, id: string | null): Promise<void> {
  return queued(tabId, async () => {
    const stored = await loadWaiting(tabId);
    if (!stored || (id !== null && stored.id !== id)) return;
    const title = browser.runtime.getManifest().action?.default_title ?? '';
    await Promise.all([removeTabValue('waiting', tabId), browser.action.setTitle({ tabId, title }).catch(() => undefined)]);
  });
}

/** A tab's waiting check, validated; null when none waits. */
export function loadWaiting(tabId: number): Promise<WaitingCheck | null> {
  return loadTabData('waiting', tabId);
}

/** Calls back with the tab's waiting check each time it changes. Returns the unsubscribe function. */
export function watchWaiting(tabId: number, onChange: (waiting: WaitingCheck | null) => void): () => void {
  return watchTabData('waiting', tabId, onChange);
}
