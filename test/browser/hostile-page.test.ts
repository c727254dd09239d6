// A page under check may be hostile. Each case here is an attack a page's own scripts can make on the
// extension, run against the built extension in Chromium through the entry points a user triggers.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { readChooser, waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu, grantActiveTab, openPopup, pickFromPopup, tabIdOf, type LoadedExtension } from './extension';
import { CAPTION, clobberPage, contextmenuSelectionPage, forgeryPage, highlightReaderPage, HOSTILE, srcsetSwapPage, takeoverPage } from './hostile-pages';
import { browserSuite } from './fixture';
import { makeSolid, type PageServer } from './page-server';
import { expectColor, receivedColor } from './received-image';
import { clearVerdictCache, finishedJob, selectText } from './run-check';

/** Each served picture's own colour, far enough from the others' that no two encode alike (the verdict cache keys on the bytes). */
const colourOf = (n: number) => ({ r: 240, g: (20 + n * 29) % 230, b: 30 });
const PURPLE = { r: 130, g: 40, b: 170 };

/** Another origin on this machine (an admin page, a router): records who asked for what. */
async function startRecorder(image: Buffer): Promise<{ origin: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ ...req.headers, path: req.url });
    // A real picture without CORS headers: the page can show it but not read it.
    res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Elements we add to a page: marked hosts, the badge's right after its image (next in the tab order), the others under <html>. */
function ourHosts(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('[data-caption-check]').length);
}

describe('a hostile page', () => {
  const suite = browserSuite({ closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let served = 0;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    recorder = await makeSolid(500, 400, PURPLE).then(startRecorder);
  });

  afterAll(async () => {
    await recorder?.close();
  });

  /** Serves an attack page with a picture of its own (the verdict cache never answers one case with another's). */
  async function serve(make: (src: string) => { body: string | Buffer; type: string }): Promise<{ url: string; photo: string }> {
    served += 1;
    const photo = `/photo-${served}.jpg`;
    pages.route(photo, { type: 'image/jpeg', body: await makeSolid(800, 600, colourOf(served)) });
    pages.route(`/attack-${served}.html`, make(photo));
    return { url: `${pages.origin}/attack-${served}.html`, photo: `${pages.origin}${photo}` };
  }

  async function open(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await ext.context.newPage();
    await page.goto(url);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    return { page, tabId };
  }

  const chatRequests = () => model.requests.filter((r) => r.method === 'POST' && r.image);

  it('defining our element names first gives it neither the chooser nor the badge', async () => {
    model.reset();
    const { url, photo } = await serve(takeoverPage);
    const { page, tabId } = await open(url);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    // The chooser opens with the page's caption, untouched by the page's script.
    const view = await waitForChooser(page);
    expect(view.caption).toBe(CAPTION);
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);
    const job = await finishedJob(ext, tabId);
    expect(job.status).toBe('done');
    expect(chatRequests().map((r) => r.claims)).toEqual([[CAPTION]]);
    // Badge and marks are up, and the page learnt nothing from them.
    await expect.poll(() => ourHosts(page), { timeout: 15_000 }).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { stolen: string[] }).stolen)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { upgraded: number }).upgraded)).toBe(0);
  });

  it('a forged Enter with its own text selected does not confirm the chooser', async () => {
    model.reset();
    const { url, photo } = await serve((src) => forgeryPage(src, src));
    const { page, tabId } = await open(url);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    await waitForChooser(page);
    // The forged key went out (the page's focus and selection were in place when it did).
    expect(await page.evaluate(() => (window as unknown as { forgeEnter(): Promise<boolean> }).forgeEnter())).toBe(true);
    // Still open, waiting for the user; the text the page selected is in plain view in the caption box.
    await expect.poll(async () => (await readChooser(page))?.caption).toBe(HOSTILE);
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a forged click on another image does not pick it', async () => {
    model.reset();
    const { url } = await serve((src) => forgeryPage(src, src));
    const { page, tabId } = await open(url);
    const popup = await openPopup(ext, tabId);
    await pickFromPopup(popup);
    await expect.poll(() => ourHosts(page), { timeout: 15_000 }).toBe(1);
    await page.evaluate(() => (window as unknown as { forgeClick(): void }).forgeClick());
    // The forged events were dispatched synchronously: the picker saw them and is still waiting.
    expect(await ourHosts(page)).toBe(1);
    await page.bringToFront();
    await page.keyboard.press('Escape');
    await expect.poll(() => ourHosts(page), { timeout: 15_000 }).toBe(0);
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    if (!popup.isClosed()) await popup.close();
  });

  it('swapping srcset at the right-click does not make the worker fetch another origin', async () => {
    model.reset();
    recorder.seen.length = 0;
    const target = `${recorder.origin}/admin/delete?id=42`;
    const { url, photo } = await serve((src) => srcsetSwapPage(src, target));
    const { page, tabId } = await open(url);
    await selectText(page, '#cap');
    await page.click('#photo', { button: 'right' });
    // The page's own <img> now loads the other URL (the page may do that); wait until it has.
    await expect.poll(() => recorder.seen.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    const job = await finishedJob(ext, tabId);
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    // Nothing with the extension's origin reached the other host: no worker fetch, no cookies of ours.
    expect(recorder.seen.filter((h) => String(h.origin ?? '').startsWith('chrome-extension://'))).toEqual([]);
    // The picture the menu named is what was checked, and what the result names.
    expectColor(await receivedColor(chatRequests()[0]?.body), colourOf(served));
    expect(job.imageUrl).toBe(photo);
  });

  it('swapping in another picture of its own at the right-click does not change the image checked', async () => {
    model.reset();
    pages.route('/decoy.jpg', { type: 'image/jpeg', body: await makeSolid(800, 600, PURPLE) });
    const { url, photo } = await serve((src) => srcsetSwapPage(src, '/decoy.jpg'));
    const { page, tabId } = await open(url);
    await selectText(page, '#cap');
    await page.click('#photo', { button: 'right' });
    // The page now shows its decoy.
    await expect.poll(() => page.evaluate(() => (document.getElementById('photo') as HTMLImageElement).currentSrc), { timeout: 15_000 }).toMatch(/decoy/);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    const job = await finishedJob(ext, tabId);
    expect(job.status, JSON.stringify(job.error)).toBe('done');
    expectColor(await receivedColor(chatRequests()[0]?.body), colourOf(served));
    expect(job.imageUrl).toBe(photo);
  });

  it('a selection it makes at the right-click is checked unasked, and the result shows exactly that text and image', async () => {
    model.reset();
    const { url, photo } = await serve(contextmenuSelectionPage);
    const { page, tabId } = await open(url);
    await page.click('#photo', { button: 'right' });
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    const job = await finishedJob(ext, tabId);
    expect(chatRequests().map((r) => r.claims)).toEqual([[HOSTILE]]);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    // The caption the popup shows is the text that was sent, whole; the thumbnail is the picture that was sent.
    await expect.poll(() => popup.getByRole('blockquote').innerText()).toBe(HOSTILE);
    const thumbnail = popup.getByRole('img', { name: 'The checked image' });
    await thumbnail.waitFor();
    const sent = await receivedColor(chatRequests()[0]?.body);
    expectColor(await receivedColor({ url: await thumbnail.getAttribute('src') }), sent, 8);
    expect(job.imageUrl).toBe(photo);
    await popup.close();
  });

  it('elements named like our globals do not switch the extension off', async () => {
    model.reset();
    const { url, photo } = await serve(clobberPage);
    const { page, tabId } = await open(url);
    await selectText(page, '#cap');
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    const job = await finishedJob(ext, tabId);
    expect(job.error).toBeNull();
    expect(job.claims.map((c) => c.verdict?.label)).toEqual([true]);
  });

  it('cannot read the verdicts from the shared highlight registry', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /cats/i, error_type: ['Object'], reasoning: 'No cats.' }] });
    await clearVerdictCache(ext);
    const { url, photo } = await serve(highlightReaderPage);
    const { page, tabId } = await open(url);
    await selectText(page, '#cap');
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: url });
    const job = await finishedJob(ext, tabId);
    expect(job.claims.map((c) => c.verdict?.label)).toEqual([false]);
    // Badge and marks are on the page.
    await expect.poll(() => ourHosts(page), { timeout: 15_000 }).toBe(2);
    // The shared highlight registry holds nothing (its entries' ranges and ::highlight() styles are readable
    // by any script), and no verdict word or reasoning is anywhere the page's scripts can read.
    const read = await page.evaluate(() => (window as unknown as { readHighlights(): { byName: object; names: string[] } }).readHighlights());
    expect(read).toEqual({ byName: {}, names: [] });
    const visible = await page.evaluate(() => `${document.documentElement.outerHTML}\n${document.documentElement.innerText}`);
    expect(visible).toContain(CAPTION);
    expect(visible).not.toMatch(/No cats|Not supported|Object/);
  });
});
