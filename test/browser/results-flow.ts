// Shared steps of the results tests (popup, marks, history): a check started the way a user who
// selected the caption starts one (a selection skips the in-page chooser).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { currentWorker, openPopup, type LoadedExtension } from './extension';
import { storedJob } from './run-check';

// Opening a granted tab, the selection-then-menu check and reading the job are run-check.ts's.
export { openGranted, storedJob, checkImage as checkWithSelection } from './run-check';

/** Opens the popup of a tab at the popup's size and waits for the check to reach `state`. */
export async function popupAt(ext: LoadedExtension, tabId: number, state: 'done' | 'error' | 'running' = 'done'): Promise<Page> {
  const popup = await openPopup(ext, tabId);
  await popup.setViewportSize({ width: 420, height: 600 });
  try {
    await popup.locator(`[data-testid="check-status"][data-state="${state}"]`).waitFor();
  } catch (error) {
    // Say where the check stood, so a failure here tells what went wrong rather than only that it did.
    const job = await storedJob(ext, tabId).catch(() => undefined);
    const where = job ? `${job.status}/${job.phase ?? '-'}${job.error ? ` (${job.error.kind}: ${job.error.message})` : ''}` : 'no check stored';
    throw new Error(`the popup of tab ${tabId} never showed a ${state} check; the stored check is ${where}`, { cause: error });
  }
  return popup;
}

/**
 * Saves a download under the name the browser suggests (a browser reads a file as HTML by its extension), in a
 * folder of its own that is removed when the test ends; returns the file's path.
 */
export async function saveDownload(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'caption-check-download-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Writes settings straight into storage (for fields the test is not about). */
export async function patchSettings(ext: LoadedExtension, patch: Record<string, unknown>): Promise<void> {
  const worker = await currentWorker(ext);
  await worker.evaluate(async (p) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object), ...p } });
  }, patch);
}

let served = 0;
/**
 * A new article with its own picture (a colour no other test uses), so the worker's verdict cache
 * (same image + claims + model) never answers one test with another's verdicts.
 */
export async function freshArticle(pages: PageServer, caption: string, extra = ''): Promise<{ article: string; photo: string }> {
  served += 1;
  const color = { r: (40 + served * 37) % 256, g: (90 + served * 53) % 256, b: (150 + served * 71) % 256 };
  pages.route(`/photo-${served}.jpg`, { type: 'image/jpeg', body: await makeJpeg(1600, 1200, color) });
  pages.route(`/article-${served}.html`, figurePage(`/photo-${served}.jpg`, caption, extra));
  return { article: `${pages.origin}/article-${served}.html`, photo: `${pages.origin}/photo-${served}.jpg` };
}
