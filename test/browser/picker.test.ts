import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { readChooser, statusText, waitForChooser } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, openPopup, pickFromPopup, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { makeJpeg, type PageServer } from './page-server';
import { recordPageAnswers, selectText } from './run-check';

// A gallery that blocks right-click and lays a transparent overlay over a CSS background picture:
// the context menu cannot name the image, the picker can. The caption is a sentence of prose by the picture
// (a page heading is not offered as a caption).
const GUARDED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guarded</title><style>
  #frame { position: relative; width: 600px; height: 400px; }
  #bg { position: absolute; inset: 0; background: url(/bg.jpg) center / cover no-repeat; }
  #shield { position: absolute; inset: 0; background: transparent; }
</style></head><body>
<p id="title">Three sheep graze on a hill.</p>
<div id="frame"><div id="bg"></div><div id="shield"></div></div>
<p id="credit">A wooden fence runs behind the sheep.</p>
<script>
  window.pageClicks = 0;
  document.addEventListener('contextmenu', (e) => e.preventDefault());
  document.addEventListener('click', () => window.pageClicks++);
</script></body></html>`;

// Two photos for the keyboard: Tab and the arrows move between them, Enter picks.
const GALLERY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery</title></head><body>
<p id="caption">A lighthouse stands on a rocky point.</p>
<img id="first" src="/first.jpg" alt="A lighthouse at dusk" width="350" height="250">
<img id="second" src="/second.jpg" alt="Boats in the harbour" width="450" height="300">
</body></html>`;

describe('the image picker', () => {
  const suite = browserSuite({ endpoint: 'options', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/bg.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800, { r: 40, g: 160, b: 60 }) });
    pages.route('/guarded.html', { type: 'text/html; charset=utf-8', body: GUARDED });
    pages.route('/first.jpg', { type: 'image/jpeg', body: await makeJpeg(700, 500, { r: 200, g: 150, b: 40 }) });
    pages.route('/second.jpg', { type: 'image/jpeg', body: await makeJpeg(900, 600, { r: 30, g: 60, b: 140 }) });
    pages.route('/gallery.html', { type: 'text/html; charset=utf-8', body: GALLERY });
  });

  async function open(path = '/guarded.html'): Promise<{ page: Page; tabId: number }> {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}${path}`);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    return { page, tabId };
  }

  /** Points at the middle of the guarded picture and clicks, as a user picking it does. */
  async function pickPicture(page: Page): Promise<void> {
    await page.bringToFront();
    const box = (await page.locator('#shield').boundingBox())!;
    // The picker's overlay appears once the page script is injected; moving until it highlights is what a user does.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  async function verification(): Promise<{ claims: string[]; width: number; height: number }> {
    await expect.poll(() => model.requests.filter((r) => r.image && r.status !== null).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const request = model.requests.find((r) => r.image)!;
    return { claims: request.claims, width: request.image!.width, height: request.image!.height };
  }

  /** Selects the text of `selector`, then "Check selection…" from the menu: the picker asks for the image. */
  async function selectThenCheck(page: Page, tabId: number, selector: string): Promise<void> {
    await selectText(page, selector);
    await clickMenu(ext, tabId, { menuItemId: 'check-selection', pageUrl: page.url(), mediaType: undefined, selectionText: 'ignored' });
    await pickerOpen(page);
  }

  async function pickerOpen(page: Page): Promise<void> {
    // The overlay is a closed shadow root on <div data-caption-check="picker">: its presence is all the page can see.
    await page.locator('[data-caption-check="picker"]').waitFor({ state: 'attached' });
  }

  it('from the popup: picks a CSS background under a transparent overlay on a page that blocks right-click', async () => {
    model.reset();
    const { page, tabId } = await open();
    const popup = await openPopup(ext, tabId);
    await pickFromPopup(popup);
    await pickerOpen(page);
    await pickPicture(page);
    await expect.poll(() => page.locator('[data-caption-check="picker"]').count()).toBe(0);
    // No text was selected: the chooser asks, with the page's text near the picture. The dialog can be in the
    // accessibility tree a moment before its suggestions are, so the suggestion is polled for.
    await waitForChooser(page);
    await expect.poll(async () => (await readChooser(page))?.candidates ?? []).toContain('Nearby text: Three sheep graze on a hill.');
    const view = (await readChooser(page))!;
    // Nearby prose is offered, not put in the box (no evidence it is the caption): the box holds the suggestion
    // below only once the keys have picked it.
    expect(view.caption).toBe('');
    // The click that picked never reached the page's own handlers (read once the pick has been handled).
    expect(await page.evaluate(() => (window as unknown as { pageClicks: number }).pageClicks)).toBe(0);
    await page.keyboard.press('Tab');
    const index = view.candidates.indexOf('Nearby text: Three sheep graze on a hill.');
    for (let i = 0; i < index; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('Three sheep graze on a hill.');
    await page.keyboard.press('Enter');
    const sent = await verification();
    expect(sent.claims).toEqual(['Three sheep graze on a hill.']);
    // The background picture itself (1200×800, decoded at 6/8: within the 1024 px policy) reached the model.
    expect([sent.width, sent.height]).toEqual([900, 600]);
    if (!popup.isClosed()) await popup.close();
  });

  it('from the keyboard command: Esc leaves the picker and nothing is sent', async () => {
    model.reset();
    const { page, tabId } = await open();
    const pageAnswers = await recordPageAnswers(ext);
    await (await currentWorker(ext)).evaluate(async (id) => {
      const tab = await chrome.tabs.get(id);
      (chrome.commands.onCommand as unknown as { dispatch(c: string, t: unknown): void }).dispatch('pick-image', tab);
    }, tabId);
    await pickerOpen(page);
    await page.keyboard.press('Escape');
    await page.locator('[data-caption-check="picker"]').waitFor({ state: 'detached' });
    // The worker has the page's answer to the picker (cancelled), the last thing before it would go on.
    await expect.poll(async () => (await pageAnswers.answers()).some((a) => JSON.stringify(a) === '{"cancelled":true}')).toBe(true);
    expect(await readChooser(page)).toBeNull();
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('text selected first, image picked second: the selection is the caption, no chooser', async () => {
    model.reset();
    const { page, tabId } = await open();
    await selectThenCheck(page, tabId, '#credit');
    await pickPicture(page);
    // (A caption other than the first case's: identical checks are answered from a cache without a request.)
    const sent = await verification();
    expect(sent.claims).toEqual(['A wooden fence runs behind the sheep.']);
    expect(await readChooser(page)).toBeNull();
  });

  it('by keyboard: Tab and the arrows move between the images, Enter picks; keys the page forges do nothing', async () => {
    model.reset();
    const { page, tabId } = await open('/gallery.html');
    await selectThenCheck(page, tabId, '#caption');
    await page.bringToFront();
    await expect.poll(() => statusText(page)).toBe('Caption Check: click the image to check, or press Tab to move between images and Enter to pick. Esc leaves.');

    // The page's own keys are not the user's: events run synchronously, so the picker is still open right after.
    const stillOpen = await page.evaluate(() => {
      for (const key of ['Tab', 'ArrowRight', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      return document.querySelector('[data-caption-check="picker"]') !== null;
    });
    expect(stillOpen).toBe(true);
    expect(await statusText(page)).toMatch(/^Caption Check: click the image/);

    // The first Tab starts at the image nearest the middle of the view (the second, larger one here).
    await page.keyboard.press('Tab');
    await expect.poll(() => statusText(page)).toMatch(/^Caption Check: image 2 of 2 “Boats in the harbour”/);
    await page.keyboard.press('Tab');
    await expect.poll(() => statusText(page)).toBe('Caption Check: image 1 of 2 “A lighthouse at dusk”. Enter checks it, Tab moves on, Esc leaves.');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => statusText(page)).toMatch(/^Caption Check: image 2 of 2/);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => statusText(page)).toMatch(/^Caption Check: image 1 of 2/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => statusText(page)).toMatch(/^Caption Check: image 2 of 2/);
    await page.keyboard.press('Enter');
    await page.locator('[data-caption-check="picker"]').waitFor({ state: 'detached' });
    // The second photo (900 px wide) was checked against the selected caption.
    const sent = await verification();
    expect(sent).toEqual({ claims: ['A lighthouse stands on a rocky point.'], width: 900, height: 600 });
  });
});
