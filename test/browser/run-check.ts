// Starts a check the way a user who selected the caption does (a selection skips the in-page chooser),
// and reads the tab's job from session storage.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CheckJob } from '@/lib/job-record';
import { clickMenu, currentWorker, grantActiveTab, tabIdOf, type LoadedExtension } from './extension';

/** Selects the text of `selector` in the page, as a user dragging over the caption would. */
export async function selectText(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const node = document.querySelector(sel);
    if (!node) throw new Error(`nothing matches ${sel}`);
    const range = document.createRange();
    range.selectNodeContents(node);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  }, selector);
}

/** Opens a page in a new tab and grants activeTab on it; returns the page and its tab id. */
export async function openGranted(ext: LoadedExtension, url: string): Promise<{ page: Page; tabId: number }> {
  const page = await ext.context.newPage();
  await page.goto(url);
  const tabId = await tabIdOf(ext, page);
  await grantActiveTab(ext, page);
  return { page, tabId };
}

/** Right-click → "Check caption claims" on `srcUrl` with the text of `captionSelector` selected. */
export async function checkImage(ext: LoadedExtension, page: Page, tabId: number, srcUrl: string, captionSelector = 'figcaption'): Promise<void> {
  await selectText(page, captionSelector);
  await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl, pageUrl: page.url() });
}

/** The tab's job as the worker stored it in session storage. */
export async function storedJob(ext: LoadedExtension, tabId: number): Promise<CheckJob | undefined> {
  const worker = await currentWorker(ext);
  return worker.evaluate(async (id) => (await chrome.storage.session.get(`check:${id}`))[`check:${id}`] as CheckJob | undefined, tabId);
}

/** Resolves with the tab's job once a job other than `previousId` has finished (done or error). */
export async function finishedJob(ext: LoadedExtension, tabId: number, previousId?: string, timeoutMs = 30_000): Promise<CheckJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await storedJob(ext, tabId);
    if (job && job.id !== previousId && job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`no finished check on tab ${tabId} (last: ${job?.status ?? 'none'})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Empties the verdict cache, so the next check asks the model even for an image and caption seen before. */
export async function clearVerdictCache(ext: LoadedExtension): Promise<void> {
  const worker = await currentWorker(ext);
  await worker.evaluate(() => chrome.storage.local.remove('verdictCache'));
}

/**
 * Saves the endpoint in the extension's settings as Options stores them (the Options form itself is
 * tested by its own suite; these suites only need a configured endpoint).
 */
export async function useEndpoint(
  ext: LoadedExtension,
  endpoint: { baseUrl: string; apiKey: string; model: string; samplesPerClaim?: number },
): Promise<void> {
  const worker = await currentWorker(ext);
  // No agreement sampling unless asked (as configureEndpoint): these suites count their requests.
  await worker.evaluate(async (fields) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object | undefined), ...fields } });
  }, { samplesPerClaim: 1, ...endpoint });
}

/**
 * Puts a mark on the tab's badge while a caption chooser is open. A check cancelled in the chooser ends
 * by clearing the badge (its last step), so the mark's disappearance (`cancelHandled`) is the event that
 * proves the worker handled the cancel, before a test asserts that nothing was sent.
 */
export async function markBadge(ext: LoadedExtension, tabId: number): Promise<void> {
  const worker = await currentWorker(ext);
  await worker.evaluate((id) => chrome.action.setBadgeText({ tabId: id, text: 'wait' }), tabId);
}

/** Resolves once the worker has cleared the mark `markBadge` set: it has finished handling a cancel. */
export async function cancelHandled(ext: LoadedExtension, tabId: number): Promise<void> {
  const badge = async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
  await expect.poll(badge, { message: 'the worker did not finish the cancelled check (badge not cleared)' }).toBe('');
}

declare global {
  // What the product's page script answered the worker, recorded by recordPageAnswers.
  var __captionCheckPageAnswers: unknown[] | undefined;
}

/**
 * Records, in the current worker, every answer the product's page script returns to it
 * (`scripting.executeScript` results), so a test can wait for "the page answered" — e.g. a picker
 * cancelled with Esc — before asserting that nothing followed. `answers()` reads the record.
 */
export async function recordPageAnswers(ext: LoadedExtension): Promise<{ answers(): Promise<unknown[]> }> {
  const worker = await currentWorker(ext);
  await worker.evaluate(() => {
    if (globalThis.__captionCheckPageAnswers) return;
    const answers: unknown[] = [];
    globalThis.__captionCheckPageAnswers = answers;
    type Inject = (injection: { func?: unknown }) => Promise<{ result?: unknown }[]>;
    const scripting = chrome.scripting as unknown as { executeScript: Inject };
    const original = scripting.executeScript.bind(scripting);
    // The product calls `browser.scripting`, which the polyfill passes through to `chrome.scripting` on each call.
    scripting.executeScript = async (injection) => {
      const results = await original(injection);
      if (injection.func) answers.push(results[0]?.result ?? null);
      return results;
    };
  });
  return { answers: async () => (await currentWorker(ext)).evaluate(() => [...(globalThis.__captionCheckPageAnswers ?? [])]) };
}
