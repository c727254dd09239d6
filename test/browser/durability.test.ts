// Nothing lost: a check survives its worker being stopped, the popup being closed, a second check on
// another tab, and a cancel — each driven through the built extension in Chromium.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CheckJob } from '@/lib/job-record';
import type { ModelServer } from '../server/openai-server';
import { currentWorker, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, clearVerdictCache, openGranted, storedJob as readJob } from './run-check';
import { controlWorker } from './worker-control';

const CAPTION_A = 'A red car is parked on a street. A man rides a bicycle. Two dogs run on the grass. A woman holds an umbrella. A bus waits at the corner.';
const CAPTION_B = 'A white boat floats on a lake. A bird sits on a post.';
// A check to act on in the middle: the answer stops halfway (after two of CAPTION_A's five verdicts) until
// the client leaves or the test releases it, so "mid-stream" lasts however slow the machine.
const HALFWAY = { holdAt: 0.5 };
const ALL_TRUE = ['true', 'true', 'true', 'true', 'true'];

describe('a check survives worker stops, popup reopening, other tabs and cancel', () => {
  // watchErrors: every test ends with no unhandled rejection, uncaught error or console error in the worker.
  const suite = browserSuite({ watchErrors: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1600, 1200) });
    pages.route('/boat.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 900, { r: 40, g: 90, b: 200 }) });
    pages.route('/a.html', figurePage('/photo.jpg', CAPTION_A));
    pages.route('/b.html', figurePage('/boat.jpg', CAPTION_B));
  });

  beforeEach(async () => {
    // Each test streams a fresh answer; the same image and caption would otherwise come from the cache.
    await clearVerdictCache(ext);
  });

  const openArticle = (path: string) => openGranted(ext, `${pages.origin}${path}`);
  const storedJob = (tabId: number): Promise<CheckJob | undefined> => readJob(ext, tabId);

  const labels = (popup: Page) => popup.getByTestId('claim').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-label')));

  it('marks a check whose worker was stopped as interrupted, keeps its verdicts, and Re-run checks again', async () => {
    model.reset();
    model.set(HALFWAY);
    const { page, tabId } = await openArticle('/a.html');
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const worker = await controlWorker(ext);
    let popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="claim"][data-label="true"]').first().waitFor();
    const before = await storedJob(tabId);
    expect(before?.status).toBe('running');

    await worker.stop();
    // The stopped worker took its request with it: the model server saw the connection close.
    const request = model.requests.find((r) => r.image)!;
    await expect.poll(() => request.endedAt).not.toBeNull();
    expect(model.progress.sent).toBeLessThan(model.progress.total);
    const atStop = await labels(popup);
    expect(atStop[0]).toBe('true');
    expect(atStop).toContain('pending');

    // The user reopens the popup: its first message wakes a new worker instance, which finds the orphan.
    await popup.close();
    popup = await openPopup(ext, tabId);
    await worker.waitFor('running');
    await suite.errors.rearm();
    const status = popup.locator('[data-testid="check-status"][data-state="error"]');
    await status.waitFor();
    await expect.poll(() => status.innerText()).toContain('interrupted');
    // What had arrived stays; the claims that were still waiting say "No verdict".
    await expect.poll(() => labels(popup)).toEqual(atStop.map((l) => (l === 'pending' ? 'error' : l)));
    const after = await storedJob(tabId);
    expect(after).toMatchObject({ id: before!.id, status: 'error', error: { kind: 'interrupted' } });
    expect(after!.claims[0]!.verdict).toEqual(before!.claims[0]!.verdict);
    expect(after!.owner).toBe(before!.owner);
    await expect.poll(async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId)).toBe('!');

    // One click retries it.
    model.set({ holdAt: null });
    await popup.getByRole('button', { name: 'Re-run' }).click();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => labels(popup)).toEqual(ALL_TRUE);
    const rerun = await storedJob(tabId);
    expect(rerun?.id).not.toBe(before!.id);
    expect(rerun?.owner).not.toBe(before!.owner);
    await worker.close();
    await Promise.all([popup.close(), page.close()]);
  });

  it('shows the live state in a popup closed and reopened mid-stream', async () => {
    model.reset();
    model.set(HALFWAY);
    const { page, tabId } = await openArticle('/a.html');
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const first = await openPopup(ext, tabId);
    await first.locator('[data-testid="claim"][data-label="true"]').first().waitFor();
    await first.close();

    const again = await openPopup(ext, tabId);
    await again.locator('[data-testid="check-status"][data-state="running"]').waitFor();
    const seen = await labels(again);
    expect(seen[0]).toBe('true');
    expect(seen).toContain('pending');
    model.release();
    await again.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => labels(again)).toEqual(ALL_TRUE);
    await Promise.all([again.close(), page.close()]);
  });

  it('keeps two checks on two tabs at once separate', async () => {
    model.reset();
    // Each answer stops halfway until both requests have arrived: the two are in flight together however slow the
    // machine (at a fixed pace, a loaded machine could send the second after the first had ended).
    model.set({ pace: { tokensPerSecond: 40, firstTokenMs: 300 }, holdAt: 0.5, falseWhen: [{ match: /bird/, error_type: ['Object'] }] });
    const a = await openArticle('/a.html');
    const b = await openArticle('/b.html');
    await checkImage(ext, a.page, a.tabId, `${pages.origin}/photo.jpg`);
    await checkImage(ext, b.page, b.tabId, `${pages.origin}/boat.jpg`);
    await expect.poll(() => model.requests.filter((r) => r.image).length, { timeout: 30_000 }).toBe(2);
    model.release();
    const [popupA, popupB] = await Promise.all([openPopup(ext, a.tabId), openPopup(ext, b.tabId)]);
    await Promise.all([
      popupA.locator('[data-testid="check-status"][data-state="done"]').waitFor(),
      popupB.locator('[data-testid="check-status"][data-state="done"]').waitFor(),
    ]);
    await expect.poll(() => popupA.getByTestId('claim').allInnerTexts()).toEqual([
      expect.stringContaining('A red car is parked on a street.'),
      expect.stringContaining('A man rides a bicycle.'),
      expect.stringContaining('Two dogs run on the grass.'),
      expect.stringContaining('A woman holds an umbrella.'),
      expect.stringContaining('A bus waits at the corner.'),
    ]);
    await expect.poll(() => labels(popupA)).toEqual(ALL_TRUE);
    await expect.poll(() => labels(popupB)).toEqual(['true', 'false']);
    await expect.poll(() => popupB.getByTestId('claim').nth(1).innerText()).toContain('A bird sits on a post.');
    // Both were in flight together, each with its own image.
    const verifications = model.requests.filter((r) => r.image);
    expect(verifications).toHaveLength(2);
    expect(model.maxInFlight).toBe(2);
    const [jobA, jobB] = await Promise.all([storedJob(a.tabId), storedJob(b.tabId)]);
    expect(jobA!.id).not.toBe(jobB!.id);
    expect(jobA!.imageUrl).toBe(`${pages.origin}/photo.jpg`);
    expect(jobB!.imageUrl).toBe(`${pages.origin}/boat.jpg`);
    await Promise.all([popupA.close(), popupB.close(), a.page.close(), b.page.close()]);
  });

  it('cancel closes the model request and keeps the verdicts that arrived', async () => {
    model.reset();
    model.set(HALFWAY);
    const { page, tabId } = await openArticle('/a.html');
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="claim"][data-label="true"]').first().waitFor();
    const request = model.requests.find((r) => r.image)!;
    expect(request.endedAt).toBeNull();
    await popup.getByRole('button', { name: 'Cancel' }).click();

    const status = popup.locator('[data-testid="check-status"][data-state="error"]');
    await status.waitFor();
    await expect.poll(() => status.innerText()).toContain('cancelled');
    // The server saw the client go away while the rest of its answer was still held back.
    await expect.poll(() => request.endedAt).not.toBeNull();
    expect(model.progress.sent).toBeLessThan(model.progress.total);
    const kept = await labels(popup);
    expect(kept[0]).toBe('true');
    expect(kept).toContain('error');
    expect(kept).not.toContain('pending');
    await expect.poll(() => popup.getByRole('button', { name: 'Re-run' }).isVisible()).toBe(true);
    expect((await storedJob(tabId))?.error?.kind).toBe('aborted');
    await Promise.all([popup.close(), page.close()]);
  });
});
