import { browser } from 'wxt/browser';
import type { CheckJob } from '../job-record';
import { badgeFor } from '../check/account';

/** Shows a job's state on the toolbar button of its tab. */
export async function showBadge(job: CheckJob): Promise<void> {
  const badge = badgeFor(job);
  await Promise.all([
    browser.action.setBadgeText({ tabId: job.tabId, text: badge.text }),
    browser.action.setBadgeBackgroundColor({ tabId: job.tabId, color: badge.color }),
  ]);
}

/** Clears a tab's badge (the user cancelled before a check began). */
export async function clearBadge(tabId: number): Promise<void> {
  await browser.action.setBadgeText({ tabId, text: '' });
}
