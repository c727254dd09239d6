import { browser } from 'wxt/browser';
import type { CheckJob } from '../check';
import { runCheck } from '../jobs';
import { showBadge } from './badge';
import { gatherFromFrame, type CheckTarget } from './gather';
import { fetchImage } from './image';
import { afterSweep, WORKER_INSTANCE } from './resume';
import { loadSettings, saveJob } from './storage';
import { assertConfigured, endpointSplitter, endpointVerifier } from './verifier';

const running = new Map<number, AbortController>();

/** Keeps the worker alive while a request is in flight: an extension API call resets Chrome's idle timer. */
function keepAlive(): () => void {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  return () => clearInterval(timer);
}

/** Starts a check for the image the user chose; its progress lands in session storage and the badge. */
export async function startCheck(target: CheckTarget, now: () => number = Date.now): Promise<CheckJob> {
  running.get(target.tabId)?.abort();
  const controller = new AbortController();
  running.set(target.tabId, controller);
  // The start-up sweep must not read this tab's old job after we wrote the new one.
  await afterSweep();
  const settings = await loadSettings();
  const stop = keepAlive();
  try {
    return await runCheck(
      {
        id: crypto.randomUUID(),
        tabId: target.tabId,
        model: settings.model,
        maxClaims: settings.maxClaims,
        pageUrl: target.pageUrl,
        imageUrl: target.srcUrl,
      },
      {
        now,
        save: async (job) => {
          // The owner tells a restarted worker that this job's runner is gone (lib/platform/resume.ts).
          await saveJob({ ...job, owner: WORKER_INSTANCE });
          await showBadge(job);
        },
        gather: async () => {
          assertConfigured(settings);
          return gatherFromFrame(target);
        },
        acquireImage: (url) => fetchImage(url, settings.maxImageEdge, controller.signal),
        verify: endpointVerifier(settings, controller.signal),
        split: endpointSplitter(settings, controller.signal),
      },
    );
  } finally {
    stop();
    if (running.get(target.tabId) === controller) running.delete(target.tabId);
  }
}

/** Cancels the tab's running check; verdicts that arrived stay. */
export function cancelCheck(tabId: number): boolean {
  const controller = running.get(tabId);
  controller?.abort();
  return Boolean(controller);
}
