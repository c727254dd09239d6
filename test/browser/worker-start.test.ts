// A light service worker: it starts with the listeners only and loads the check engine (engine.js:
// zod, the openai SDK, the whole check pipeline) on the first event that needs it, via the script the
// browser kept when the worker installed. Driven through the built extension in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CheckJob } from '@/lib/job-record';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { currentWorker, EXTENSION_DIR, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, finishedJob, openGranted, storedJob } from './run-check';
import { controlWorker, quietHostPage, type WorkerControl } from './worker-control';

/** Resolves once the current worker instance has finished its start-up work (the product's `caption-check:settled` mark). */
const startUpSettled = (ext: LoadedExtension) =>
  expect.poll(async () => (await currentWorker(ext)).evaluate(() => performance.getEntriesByName('caption-check:settled').length)).toBe(1);

const engineLoaded = async (ext: LoadedExtension) =>
  (await currentWorker(ext)).evaluate(() => typeof (globalThis as Record<string, unknown>).captionCheckEngine === 'object');

describe('service worker start-up', () => {
  const suite = browserSuite({ watchErrors: true, ownBrowser: 'reads the menus its own install registered' });
  let ext: LoadedExtension;
  let pages: PageServer;
  let host: Page;
  let control: WorkerControl;

  beforeAll(async () => {
    ({ ext, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600) });
    pages.route('/a.html', figurePage('/photo.jpg', 'A small orange square sits on a white table.'));
    // A host that sends nothing of its own: any message would wake the worker and load the engine.
    host = await quietHostPage(ext);
    control = await controlWorker(ext, host);
  });

  afterAll(async () => {
    await control?.close();
  });

  it('registers the menu items on install (through the engine), under their stable ids', async () => {
    const worker = await currentWorker(ext);
    // update() rejects for an id that was never created: it proves each item exists without a click.
    const exists = (id: string) =>
      worker.evaluate(
        (menuId) =>
          chrome.contextMenus.update(menuId, {}).then(
            () => true,
            () => false,
          ),
        id,
      );
    for (const id of ['check-image', 'pick-image', 'check-selection', 'check-alt-text']) await expect.poll(() => exists(id), { message: id }).toBe(true);
    await expect.poll(() => exists('no-such-item')).toBe(false);
  });

  it('starts without the engine and loads it for the first message, which it answers', async () => {
    await control.stop();
    await control.start();
    const worker = await currentWorker(ext);
    await expect.poll(() => worker.evaluate(() => performance.getEntriesByName('caption-check:ready').length)).toBe(1);
    await startUpSettled(ext);
    expect(await engineLoaded(ext)).toBe(false);
    // Nothing runs on tab -1, so there is nothing to cancel: the router's answer, not a shim's.
    const answer = await host.evaluate(() => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: -1 }));
    expect(answer).toEqual({ ok: false });
    const unknown = await host.evaluate(() => chrome.runtime.sendMessage({ type: 'no-such-message' }));
    expect(unknown).toEqual({ ok: false, error: 'Unknown message.', kind: 'bad-message' });
    await expect.poll(() => engineLoaded(ext)).toBe(true);
  });

  it('restores the local endpoint rule at start when it is missing, and leaves a present one alone', async () => {
    // The endpoint (the model server on 127.0.0.1) is local; the rule is gone, as after a browser restart.
    const rules = () => host.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
    await host.evaluate(() => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [4401] }));
    await control.stop();
    await control.start();
    await startUpSettled(ext);
    expect(await rules()).toEqual([expect.objectContaining({ id: 4401, condition: expect.objectContaining({ requestDomains: ['127.0.0.1'] }) })]);
    expect(await engineLoaded(ext)).toBe(false);
    // A rule already in place for the endpoint is not rewritten at the next start.
    const present = (await rules())[0]!;
    await host.evaluate((rule) => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [4401], addRules: [{ ...rule, priority: 2 }] }), present);
    await control.stop();
    await control.start();
    await startUpSettled(ext);
    expect(await rules()).toEqual([expect.objectContaining({ id: 4401, priority: 2 })]);
  });

  it('a click that wakes the worker has the page read the image before the engine loads; a click on a running engine does not', async () => {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/a.html`);
    await control.stop();
    await control.start();
    await startUpSettled(ext);
    expect(await engineLoaded(ext)).toBe(false);
    /** The worker's step marks (lib/step-marks.ts) by name, in order. */
    const workerMarks = async () =>
      (await currentWorker(ext)).evaluate(() => ((globalThis as unknown as Record<symbol, [string, number][]>)[Symbol.for('caption-check:step-marks')] ?? []).map(([name]) => name));
    /** The page's step marks, from its isolated world (where the read runs). */
    const pageMarks = async () =>
      (await currentWorker(ext)).evaluate(async (id) => {
        const [frame] = await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [0] },
          func: () => ((globalThis as unknown as Record<symbol, [string, number][]>)[Symbol.for('caption-check:step-marks')] ?? []).map(([name]) => name),
        });
        return (frame?.result ?? []) as string[];
      }, tabId);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const first = await finishedJob(ext, tabId);
    expect(first.status).toBe('done');
    // The read went to the page at the click, before the engine began to load, and the page started it; the check's read followed.
    const cold = await workerMarks();
    expect(cold.filter((name) => name === 'early-read')).toHaveLength(1);
    expect(cold.indexOf('early-read')).toBeLessThan(cold.indexOf('engine-load'));
    expect(cold.indexOf('engine-load')).toBeGreaterThan(cold.indexOf('click'));
    // Nothing was left running when this instance started (background.js read that at start): the engine's sweep
    // read the stored checks no second time before the check's image read went out.
    expect(cold).not.toContain('sweep-read');
    // The early read marks its response's head and its whole body as they come (the bench's steps), before the check's read takes them.
    await expect.poll(pageMarks).toEqual(expect.arrayContaining(['page:early-read', 'page:early-read:response', 'page:early-read:bytes', 'page:read', 'page:bytes']));
    const read = await pageMarks();
    expect(read.indexOf('page:early-read')).toBeLessThan(read.indexOf('page:early-read:response'));
    expect(read.indexOf('page:early-read:response')).toBeLessThan(read.indexOf('page:early-read:bytes'));
    expect(read.indexOf('page:early-read:bytes')).toBeLessThan(read.indexOf('page:bytes'));
    // With the engine loaded, the check's own call starts the read: no second early read.
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    await expect.poll(async () => (await workerMarks()).filter((name) => name === 'click').length).toBe(cold.filter((name) => name === 'click').length + 1);
    const warm = await finishedJob(ext, tabId, first.id);
    expect(warm.status).toBe('done');
    const after = await workerMarks();
    expect(after.filter((name) => name === 'early-read')).toHaveLength(1);
    expect(after.filter((name) => name === 'engine-load')).toHaveLength(1);
    expect((await pageMarks()).filter((name) => name === 'page:early-read')).toHaveLength(1);
    await page.close();
  });

  it('a check on a running engine, in a page it has not read from: the page starts on the bytes before the read script arrives, and the check takes them', async () => {
    // A message loads the engine (if the worker slept since), so the click finds it running.
    await host.evaluate(() => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: -1 }));
    await expect.poll(() => engineLoaded(ext)).toBe(true);
    const { page, tabId } = await openGranted(ext, `${pages.origin}/a.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    expect((await finishedJob(ext, tabId)).status).toBe('done');
    /** The page's step marks and whether a read is left in the prefetch slot, from its isolated world. */
    const inPage = async () =>
      (await currentWorker(ext)).evaluate(async (id) => {
        const [frame] = await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [0] },
          func: () => {
            const slots = globalThis as unknown as Record<symbol, unknown>;
            const marks = ((slots[Symbol.for('caption-check:step-marks')] ?? []) as [string, number][]).map(([name]) => name);
            return { marks, left: Symbol.for('caption-check:prefetch') in slots };
          },
        });
        return frame?.result as { marks: string[]; left: boolean };
      }, tabId);
    await expect.poll(async () => (await inPage()).marks).toEqual(expect.arrayContaining(['page:prefetch', 'page:read-script', 'page:read', 'page:bytes']));
    const { marks, left } = await inPage();
    expect(marks.indexOf('page:prefetch')).toBeLessThan(marks.indexOf('page:read-script'));
    expect(marks).not.toContain('page:early-read');
    expect(left).toBe(false);
    await page.close();
  });

  it('loads the engine at start only to end a check that a stopped instance left running', async () => {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/a.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    expect((await finishedJob(ext, tabId)).status).toBe('done');
    // The running instance is done with the job once the check is in the history (its step after the job's last
    // write): a thumbnail made after the answer is saved into the job after 'done', and on a loaded machine that
    // write came after the record below and put 'done' back.
    const history = () => host.evaluate(async () => ((await chrome.storage.local.get('history')).history ?? []) as { id: string }[]);
    const finished = (await storedJob(ext, tabId))!;
    await expect.poll(async () => (await history()).some((entry) => entry.id === finished.id)).toBe(true);
    const done = (await storedJob(ext, tabId))!;
    expect(done.status).toBe('done');
    // The job as a stopped instance leaves it: still running, its owner gone.
    const left: CheckJob = { ...done, status: 'running', phase: 'verifying', owner: 'a-stopped-instance' };
    await host.evaluate(([key, job]) => chrome.storage.session.set({ [key]: job }), [`check:${tabId}`, left] as const);
    await control.stop();
    // No event, no message: only the start-up check can find it.
    await control.start();
    await expect.poll(async () => (await storedJob(ext, tabId))?.status).toBe('error');
    const job = await storedJob(ext, tabId);
    expect(job?.error?.kind).toBe('interrupted');
    expect(job?.claims.map((c) => c.verdict?.label)).toEqual(done.claims.map((c) => c.verdict?.label));
    await expect.poll(() => engineLoaded(ext)).toBe(true);
    // Here the engine's sweep did read them, once.
    const marks = await (await currentWorker(ext)).evaluate(() => ((globalThis as unknown as Record<symbol, [string, number][]>)[Symbol.for('caption-check:step-marks')] ?? []).map(([name]) => name));
    expect(marks.filter((name) => name === 'sweep-read')).toHaveLength(1);
    await page.close();
  });

  it('the worker\'s scripts and the page\'s read script are plain ASCII, which the browser reads as one-byte text', async () => {
    // A single character past ASCII made the browser decode engine.js (~600 kB) into two-byte text at every wake:
    // ~1.2 ms of the worker's thread per woken check (scripts/profile-click.ts --cold --no-js).
    for (const file of ['background.js', 'engine.js', 'read.js']) {
      const text = await readFile(resolve(EXTENSION_DIR, file), 'utf8');
      expect([...new Set(text.match(/[^\x00-\x7f]/g) ?? [])], file).toEqual([]);
    }
  });

  it('engine.js, which a woken worker loads before its check, carries no zod-to-JSON-schema conversion: under 520 kB', async () => {
    // The verdict and atomic-claims formats are written out (lib/verify/schema.ts, lib/claims/atomic.ts), so openai's
    // zod helper, the zod 3 it supports and its JSON schema converter (~100 kB) stay out: 606 -> 507 kB, and loading
    // its cached code 5.0-5.5 -> 3.7-4.2 ms a wake (scripts/profile-click.ts --cold --no-js, one core).
    const bytes = (await readFile(resolve(EXTENSION_DIR, 'engine.js'))).byteLength;
    expect(bytes).toBeLessThan(520_000);
  });
});
