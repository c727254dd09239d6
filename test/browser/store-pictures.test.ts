// The store listings' pictures, taken from real runs of the built extension (Chrome asks for 1280×800):
// the popup with a mixed result, the side panel beside the page, the marks on the caption, the alt-text
// audit, the evidence report, and the 440×280 small promo tile rendered from store/promo/small-tile.html.
// Every picture is composed in memory on each run and checked for its size; it is written to
// store/screenshots/ only when pictures are asked for (npm run docs:pictures).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { readMarks } from './marks-driver';
import type { PageServer } from './page-server';
import { checkWithSelection, openGranted, popupAt, saveDownload } from './results-flow';
import { finishedJob, useEndpoint } from './run-check';
import { storePicture } from './screenshots';

const WIDTH = 1280;
const HEIGHT = 800;
const MODEL = 'qwen2.5vl:7b';
const CAPTION = 'A green car drives along a grey road. A red bicycle is parked beside it. The weather looks perfect for a drive.';

/** A news-style article, long enough to scroll, with the picture and its caption a little way down. */
function article(title: string, figures: string): string {
  const para = (text: string) => `<p>${text}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>
  body { margin: 0; font: 17px/1.6 Georgia, "DejaVu Serif", serif; color: #222; background: #fff; }
  header.site { background: #1f2937; color: #fff; padding: 14px 32px; font: bold 20px "DejaVu Sans", Arial, sans-serif; }
  header.site span { font-weight: normal; opacity: .7; font-size: 15px; margin-left: 18px; }
  main { max-width: 720px; margin: 0 0 0 48px; padding: 8px 24px 400px; }
  h1 { font-size: 32px; line-height: 1.25; margin: 24px 0 8px; }
  .byline { color: #666; font: 14px "DejaVu Sans", Arial, sans-serif; margin-bottom: 18px; }
  figure { margin: 22px 0; }
  figure img { width: 100%; height: auto; display: block; border-radius: 4px; }
  figcaption { font: 15px/1.5 "DejaVu Sans", Arial, sans-serif; color: #444; margin-top: 8px; }
  .grid { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 12px; }
  .grid img { width: 100%; height: auto; display: block; }
</style></head><body>
<header class="site">The Weekly Street<span>Cities · Transport · Weekend</span></header>
<main>
<h1>${title}</h1>
<div class="byline">By the city desk · 4 min read</div>
${para('The quiet roads east of the river have become a favourite for weekend drivers since the new speed limits came in last spring. Residents say the traffic is calmer, and the verges are greener than they have been in years.')}
${figures}
${para('Local councillors will review the scheme in the autumn. Until then, the road stays open to cars, cyclists and walkers alike, with the new crossing near the school finished ahead of schedule.')}
${para('Readers sent in their own pictures of the route over the summer; a selection appears in our gallery, with captions written by an AI assistant and checked by our editors.')}
</main></body></html>`;
}

/** Fits a PNG inside `width`×`height` (never enlarging), on a white ground. */
async function fit(png: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(png).resize({ width, height, fit: 'contain', position: 'top', background: '#ffffff', withoutEnlargement: true }).extend({ right: 0 }).png().toBuffer();
}

/** A window laid over a page screenshot, as a popup opens under the toolbar: a 1 px frame, top right. */
async function overlay(pageShot: Buffer, popupShot: Buffer): Promise<Buffer> {
  const framed = await sharp(popupShot).extend({ top: 1, bottom: 1, left: 1, right: 1, background: '#9aa0a6' }).png().toBuffer();
  const { width = 0 } = await sharp(framed).metadata();
  return sharp(pageShot).composite([{ input: framed, left: WIDTH - width - 24, top: 8 }]).png().toBuffer();
}

/** Two shots side by side as one WIDTH×HEIGHT picture (left: the page, right: the panel). */
async function besides(left: Buffer, right: Buffer): Promise<Buffer> {
  const { width: leftWidth = 0 } = await sharp(left).metadata();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: leftWidth, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** Checks the picture's size and writes it when pictures are asked for. */
async function keep(picture: Buffer, name: string, size = { width: WIDTH, height: HEIGHT }): Promise<void> {
  const meta = await sharp(picture).metadata();
  expect({ width: meta.width, height: meta.height }).toEqual(size);
  const path = storePicture(name);
  if (path) await sharp(picture).toFile(path);
}

describe('store pictures', () => {
  const suite = browserSuite();
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  let tabId: number;
  let page: Page;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    for (const name of ['car', 'apples', 'ducks']) pages.route(`/${name}.png`, { type: 'image/png', body: await readFile(`public/welcome/${name}.png`) });
    pages.route(
      '/road.html',
      { type: 'text/html; charset=utf-8', body: article('Slow roads: a summer on the river route', `<figure><img src="/car.png" alt="" width="640" height="420"><figcaption>${CAPTION}</figcaption></figure>`) },
    );
    pages.route('/gallery.html', {
      type: 'text/html; charset=utf-8',
      body: article(
        'Readers’ pictures of the river route',
        `<div class="grid">
          <img src="/car.png" alt="A green car on a grey road." width="640" height="420">
          <img src="/apples.png" alt="A basket of pears on a wooden table." width="640" height="420">
          <img src="/ducks.png" alt="Ducks swimming on a pond." width="640" height="420">
        </div>`,
      ),
    });
    // A local model by a real name, answering with logprobs, so the verdicts carry scores as they would.
    model.set({ models: [MODEL] });
    await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: '', model: MODEL });
    model.set({
      logprobs: true,
      labelProbability: (claim) => (/bicycle|pears/i.test(claim) ? 0.94 : 0.98),
      falseWhen: [
        { match: /bicycle/i, error_type: ['Object'], reasoning: 'There is no bicycle anywhere in the image; only the car and the road are visible.' },
        { match: /pears/i, error_type: ['Object'], reasoning: 'The fruit in the image are apples, not pears.' },
      ],
    });
    ({ page, tabId } = await openGranted(ext, `${pages.origin}/road.html`));
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await checkWithSelection(ext, page, tabId, `${pages.origin}/car.png`);
    // The selection is the caption until the check has read it; then it goes, so the pictures show the marks.
    expect((await finishedJob(ext, tabId)).status).toBe('done');
    await page.evaluate(() => getSelection()?.removeAllRanges());
  });

  it('the popup with a mixed result, over the page', async () => {
    const popup = await popupAt(ext, tabId, 'done');
    await expect.poll(() => popup.getByTestId('check-status').innerText()).toBe('1 of 2 claims not supported — Object');
    await expect.poll(() => popup.getByTestId('claim').nth(1).innerText()).toContain('There is no bicycle');
    await popup.setViewportSize({ width: 400, height: HEIGHT - 40 });
    await page.evaluate(() => document.querySelector('figure')!.scrollIntoView({ block: 'center' }));
    await keep(await overlay(await page.screenshot(), await popup.screenshot()), '1-popup-mixed-result.png');
    await popup.close();
  });

  it('the side panel beside the page, and the marks on the caption', async () => {
    await expect.poll(async () => (await readMarks(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector('figure')!.scrollIntoView({ block: 'center' }));
    await keep(await page.screenshot(), '3-marks-on-the-caption.png');

    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    // The page follows tab switches once it has mounted and read its first tab (its own), which the
    // pick-image button proves; switched before, it stays on its own tab.
    await panel.locator('button.pick-image').waitFor();
    await page.bringToFront();
    await expect.poll(() => panel.getByTestId('claim').count(), { timeout: 15_000 }).toBe(2);
    await Promise.all([panel.setViewportSize({ width: 400, height: HEIGHT }), page.setViewportSize({ width: WIDTH - 400, height: HEIGHT })]);
    await page.evaluate(() => document.querySelector('figure')!.scrollIntoView({ block: 'center' }));
    await expect.poll(() => panel.getByTestId('check-status').innerText()).toBe('1 of 2 claims not supported — Object');
    await keep(await besides(await page.screenshot(), await panel.screenshot()), '2-side-panel.png');
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await panel.close();
  });

  it('the evidence report', async () => {
    const popup = await popupAt(ext, tabId, 'done');
    const download = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Save report' }).click();
    const saved = await download;
    const path = await saveDownload(saved);
    const report = await ext.context.newPage();
    await report.setViewportSize({ width: WIDTH, height: HEIGHT });
    await report.goto(pathToFileURL(path).href);
    await expect.poll(() => report.locator('[data-report="summary"]').textContent()).toBe('1 of 2 claims not supported — Object.');
    // From the image as sent down to the whole verdict table (the summary line above it is the popup's too).
    await report.evaluate(() => document.querySelector('figure')!.scrollIntoView({ block: 'start' }));
    await expect.poll(() => report.locator('[data-report="claims"]').evaluate((table) => table.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await keep(await report.screenshot(), '5-evidence-report.png');
    await Promise.all([report.close(), popup.close()]);
  });

  it('the alt-text audit of a page, in the side panel', async () => {
    const gallery = await openGranted(ext, `${pages.origin}/gallery.html`);
    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor(); // mounted, so it follows the switch (as above)
    await gallery.page.bringToFront();
    await Promise.all([gallery.page.setViewportSize({ width: WIDTH - 560, height: HEIGHT }), panel.setViewportSize({ width: 560, height: HEIGHT })]);
    await panel.getByRole('button', { name: 'Check alt text on this page' }).click();
    await panel.locator('[data-testid="page-check"][data-kind="alt"][data-status="choosing"]').waitFor();
    await panel.getByRole('button', { name: 'Check 3 selected' }).click();
    const table = panel.locator('[data-testid="page-check"][data-kind="alt"][data-status="done"]');
    await table.waitFor({ timeout: 30_000 });
    await expect.poll(() => table.getByTestId('page-check-item').filter({ hasText: 'pears' }).getAttribute('data-unsupported')).toBe('1');
    await keep(await besides(await gallery.page.screenshot(), await panel.screenshot()), '4-alt-text-audit.png');
    await Promise.all([panel.close(), gallery.page.close()]);
  });

  it('the small promo tile, 440×280', async () => {
    const tile = await ext.context.newPage();
    await tile.setViewportSize({ width: 440, height: 280 });
    await tile.goto(pathToFileURL(resolve('store/promo/small-tile.html')).href);
    await expect.poll(() => tile.locator('header img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
    await keep(await tile.screenshot(), '../promo-small-tile.png', { width: 440, height: 280 });
    await tile.close();
  });
});
