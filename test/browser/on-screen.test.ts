// What a person sees after right-clicking a photo far down a long page: the caption dialog by that photo,
// on screen, and the summary badge on the photo — not somewhere at the end of the document.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { dialogBox, gapBetween, pageBoxes, shadowBox, shareInView, type Box } from './on-screen';
import { makeJpeg, type PageServer } from './page-server';
import { selectText } from './run-check';

const PARAGRAPH =
  'The council met on Tuesday evening to discuss the new harbour wall, which has been under construction since spring. ' +
  'Residents raised questions about the noise, the lorries on the coast road and the cost, which has risen twice this year. ';

/** A long article: the figure sits far below the first screen, with as much text after it. */
function article(figure: string, options: { dir?: 'rtl'; style?: string; before?: string } = {}) {
  const text = Array.from({ length: 30 }, (_, i) => `<p>${i + 1}. ${PARAGRAPH}</p>`).join('\n');
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"${options.dir ? ` dir="${options.dir}"` : ''}><head><meta charset="utf-8"><title>Harbour wall</title>
<style>body{font:18px/1.6 Georgia,serif;max-width:760px;margin:0 auto;padding:0 16px} img{display:block;max-width:100%;height:auto}${options.style ?? ''}</style></head>
<body>${options.before ?? ''}<h1>The harbour wall, a year on</h1>${text}${figure}${text}</body></html>`,
  };
}

const FIGURE = '<figure id="fig"><img id="photo" src="/harbour.jpg" alt="" width="720" height="480"><figcaption>Two cranes lift concrete blocks onto the new harbour wall.</figcaption></figure>';

describe('in-page UI on a long page, where the eye is', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, pages } = suite);
    pages.route('/harbour.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800, { r: 90, g: 120, b: 150 }) });
    pages.route('/article.html', article(FIGURE));
    pages.route('/rtl.html', article(FIGURE, { dir: 'rtl' }));
    // A transformed figure would make a fixed box inside it relative to the figure.
    pages.route('/transformed.html', article(FIGURE, { style: '#fig{transform:translateX(40px);margin-top:200px}' }));
    pages.route(
      '/scroller.html',
      article(`<div id="box" style="height:520px;overflow:auto;border:1px solid #999">${Array.from({ length: 12 }, () => `<p>${PARAGRAPH}</p>`).join('')}${FIGURE}${Array.from({ length: 12 }, () => `<p>${PARAGRAPH}</p>`).join('')}</div>`),
    );
    pages.route(
      '/header.html',
      article('', {
        style: 'header{position:fixed;top:0;left:0;right:0;height:120px;background:#fff;border-bottom:1px solid #ccc} header img{height:100px;width:auto;margin:10px} body{padding-top:130px}',
        before: '<header><img id="photo" src="/harbour.jpg" alt="" width="150" height="100"></header>',
      }),
    );
  });

  /** Opens the page, lets `scroll` bring the photo into view as a reader would, and right-clicks it → "Check caption claims" (nothing selected). */
  async function rightClickCheck(path: string, scroll: (page: Page) => Promise<void>, options: { zoom?: number; select?: string } = {}): Promise<{ page: Page; tabId: number }> {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}${path}`);
    await page.locator('#photo').evaluate((img: HTMLImageElement) => img.decode());
    const tabId = await tabIdOf(ext, page);
    if (options.zoom) {
      const worker = await currentWorker(ext);
      // Per tab, so the zoom does not stay with the origin for the next test's pages.
      await worker.evaluate(async ([id, zoom]) => {
        await chrome.tabs.setZoomSettings(id, { scope: 'per-tab' });
        await chrome.tabs.setZoom(id, zoom);
      }, [tabId, options.zoom] as const);
      await expect.poll(() => page.evaluate(() => Math.round(devicePixelRatio * 100) / 100)).toBe(options.zoom);
    }
    await scroll(page);
    await grantActiveTab(ext, page);
    if (options.select) await selectText(page, options.select);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/harbour.jpg`, pageUrl: page.url() });
    return { page, tabId };
  }

  /** The scrolled box at the top of the screen, scrolled inside until the photo is at its bottom. */
  const inBox = async (page: Page) => {
    await page.locator('#box').evaluate((box) => box.scrollIntoView({ block: 'start' }));
    await page.locator('#photo').evaluate((img) => img.scrollIntoView({ block: 'nearest' }));
  };
  const centre = (page: Page) => page.locator('#photo').evaluate((img) => img.scrollIntoView({ block: 'center' }));

  /** Polls until the dialog is on screen by the photo; returns where both are. */
  async function expectDialogByPhoto(page: Page, imageSelector = '#photo'): Promise<{ dialog: Box; image: Box }> {
    let seen = { dialog: null as Box | null, image: { left: 0, top: 0, width: 0, height: 0 }, viewport: { width: 0, height: 0 } };
    const placed = async () => {
      const dialog = await dialogBox(page);
      const { image, viewport } = await pageBoxes(page, imageSelector);
      seen = { dialog, image, viewport };
      return !!dialog && shareInView(dialog, viewport) >= 0.9 && gapBetween(dialog, image) <= 64;
    };
    try {
      await expect.poll(placed).toBe(true);
    } catch {
      throw new Error(`the dialog is not on screen by the photo (≥ 90% in view, ≤ 64 px away): ${JSON.stringify(seen)}`);
    }
    // The photo itself is still where the reader put it: the dialog did not scroll the page away from it.
    expect(shareInView(seen.image, seen.viewport)).toBeGreaterThan(0);
    return { dialog: seen.dialog!, image: seen.image };
  }

  async function cancel(page: Page): Promise<void> {
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
  }

  it('opens the caption dialog beside a photo far down the page, on screen, and follows the photo when the page scrolls', async () => {
    // The photo near the top of the screen, with room below it.
    const { page } = await rightClickCheck('/article.html', (p) => p.locator('#photo').evaluate((img) => img.scrollIntoView({ block: 'start' })));
    await waitForChooser(page);
    const { dialog, image } = await expectDialogByPhoto(page);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(3000);
    // Below the photo, lined up with it, when there is room.
    expect(dialog.top).toBeGreaterThanOrEqual(image.top + image.height);
    expect(Math.abs(dialog.left - image.left)).toBeLessThanOrEqual(1);
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 240);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expectDialogByPhoto(page);
    await cancel(page);
  });

  it('goes above a photo at the bottom of the screen', async () => {
    const { page } = await rightClickCheck('/article.html', (p) => p.locator('#photo').evaluate((img) => img.scrollIntoView({ block: 'end' })));
    await waitForChooser(page);
    const { dialog, image } = await expectDialogByPhoto(page);
    expect(dialog.top + dialog.height).toBeLessThanOrEqual(image.top);
    await cancel(page);
  });

  it('lines up with the photo on a right-to-left page', async () => {
    const { page } = await rightClickCheck('/rtl.html', centre);
    await waitForChooser(page);
    const { dialog, image } = await expectDialogByPhoto(page);
    expect(Math.abs(dialog.left + dialog.width - (image.left + image.width))).toBeLessThanOrEqual(1);
    await cancel(page);
  });

  it.each([0.5, 2])('stays by the photo at page zoom %s', async (zoom) => {
    const { page } = await rightClickCheck('/article.html', centre, { zoom });
    await waitForChooser(page);
    await expectDialogByPhoto(page);
    await cancel(page);
  });

  it('finds a photo inside a scrolled box, and follows it when the box scrolls', async () => {
    const { page } = await rightClickCheck('/scroller.html', inBox);
    await waitForChooser(page);
    await expectDialogByPhoto(page);
    await page.locator('#box').evaluate((box) => box.scrollBy(0, -150));
    await expectDialogByPhoto(page);
    await cancel(page);
  });

  it('finds a photo in a fixed header, with the page scrolled far down', async () => {
    const { page } = await rightClickCheck('/header.html', (p) => p.evaluate(() => scrollTo(0, document.body.scrollHeight / 2)));
    await waitForChooser(page);
    await expectDialogByPhoto(page);
    await cancel(page);
  });

  /** Whether the badge's button is wholly on screen and on the photo. */
  async function badgeOnPhoto(page: Page): Promise<boolean> {
    const badge = await shadowBox(page, 'badge', 'BUTTON');
    const { image, viewport } = await pageBoxes(page, '#photo');
    return (
      !!badge &&
      shareInView(badge, viewport) === 1 &&
      badge.left >= image.left &&
      badge.top >= image.top &&
      badge.left + badge.width <= image.left + image.width &&
      badge.top + badge.height <= image.top + image.height
    );
  }

  it('puts the summary badge on its photo, far down the page, and keeps it there when the page scrolls', async () => {
    const { page } = await rightClickCheck('/article.html', centre, { select: 'figcaption' });
    await expect.poll(() => badgeOnPhoto(page), { timeout: 30_000, message: 'the badge is not on its photo' }).toBe(true);
    // Its host sits right after the photo (next in the tab order), and is placed from there.
    expect(await page.evaluate(() => document.querySelector('[data-caption-check="badge"]')?.previousElementSibling?.id)).toBe('photo');
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect.poll(() => badgeOnPhoto(page), { message: 'the badge did not stay on its photo after scrolling' }).toBe(true);
  });

  it('keeps the badge on a photo inside a scrolled box when the box scrolls', async () => {
    const { page } = await rightClickCheck('/scroller.html', inBox, { select: 'figcaption' });
    await expect.poll(() => badgeOnPhoto(page), { timeout: 30_000, message: 'the badge is not on its photo' }).toBe(true);
    await page.locator('#box').evaluate((box) => box.scrollBy(0, -150));
    await expect.poll(() => page.locator('#box').evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
    await expect.poll(() => badgeOnPhoto(page), { message: 'the badge did not follow its photo when the box scrolled' }).toBe(true);
  });

  it('keeps the badge on its photo when the photo is inside a transformed box (its host stays at <html> there)', async () => {
    const { page } = await rightClickCheck('/transformed.html', centre, { select: 'figcaption' });
    await expect.poll(() => badgeOnPhoto(page), { timeout: 30_000, message: 'the badge is not on its photo' }).toBe(true);
    // On the photo's top left corner, not shifted by the box's own offset.
    const badge = (await shadowBox(page, 'badge', 'BUTTON'))!;
    const { image } = await pageBoxes(page, '#photo');
    expect([badge.left - image.left, badge.top - image.top].map((d) => d >= 0 && d <= 12)).toEqual([true, true]);
    expect(await page.evaluate(() => document.querySelector('[data-caption-check="badge"]')?.parentElement?.nodeName)).toBe('HTML');
  });
});
