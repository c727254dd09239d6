// Our overlays never cover the page's text: on saved real pages, the alt-text audit's labels and outlines, the
// page check's "shown" outline and the result badge by a checked picture each stay within their picture's box
// (a label or badge too wide for it is cut or shortened), and no line of the page's own text lies under them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPopup } from './extension';
import { browserSuite } from './fixture';
import { coveredText, paintedBoxes, readListedMarks } from './marks-driver';
import { makeJpeg } from './page-server';
import { checkWithSelection, openGranted } from './results-flow';
import { realPage, realPageWithLocalImages } from './real-pages';
import { docsPicture } from './screenshots';

/** The listed layer's outlines and their labels, each with the picture box it must stay inside. */
async function listedOverlays(page: Page) {
  const outlines = (await paintedBoxes(page, 'listed', 'box')).map(({ box, border }) => ({ box, inside: border }));
  const labels = (await paintedBoxes(page, 'listed', 'SPAN')).map(({ box, ownerBorder }) => ({ box, inside: ownerBorder }));
  return [...outlines, ...labels];
}

/**
 * The page text under the listed layer once `count` overlays are drawn. The layer is redrawn while "Show on page"
 * scrolls, and a node read a moment before may be gone: such a reading is taken again.
 */
async function textUnderListed(page: Page, count: number): Promise<string[]> {
  try {
    const overlays = await listedOverlays(page);
    if (overlays.length !== count) return [`${overlays.length} overlays drawn`];
    return [...outside(overlays), ...(await coveredText(page, overlays))];
  } catch {
    return ['the layer was redrawn while it was read'];
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** The overlays that reach beyond their picture's box (by more than half a pixel), described. */
function outside(overlays: { box: Box; inside: Box }[]): string[] {
  return overlays
    .filter(({ box, inside }) => box.x < inside.x - 0.5 || box.y < inside.y - 0.5 || box.x + box.width > inside.x + inside.width + 0.5 || box.y + box.height > inside.y + inside.height + 0.5)
    .map(({ box, inside }) => `an overlay at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} beyond its picture ${Math.round(inside.x)},${Math.round(inside.y)} ${Math.round(inside.width)}×${Math.round(inside.height)}`);
}

describe('overlays and the page text', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });

  it('a wiki infobox: the audit finding’s label and outline, shown on the page, cover none of its text', async () => {
    const { ext, pages } = suite;
    // Stardew Valley wiki (MediaWiki): "Penny" heads the infobox right above her picture, whose alt is its file name.
    pages.route('/mediawiki/images/a/ab/Penny.png', { type: 'image/jpeg', body: await makeJpeg(128, 128, { r: 200, g: 120, b: 90 }) });
    pages.route('/mediawiki/images/thumb/9/93/Penny_location_0.jpg/200px-Penny_location_0.jpg', { type: 'image/jpeg', body: await makeJpeg(200, 127, { r: 90, g: 140, b: 70 }) });
    const { page, tabId } = await openGranted(ext, realPage(pages, 'trafilatura-stardewvalleywiki.com.penny'));
    await page.setViewportSize({ width: 1200, height: 900 });
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('button', { name: 'Check alt text on this page' }).click();
    const finding = popup.locator('[data-testid="alt-finding"]').filter({ hasText: 'Penny.png' }).first();
    await finding.waitFor();
    const id = await finding.getAttribute('data-item-id');
    await finding.getByRole('button', { name: /^Show on page/ }).click();
    await expect.poll(async () => (await readListedMarks(page)).filter((m) => m.focused).map((m) => m.id)).toEqual([id]);
    expect((await readListedMarks(page)).find((m) => m.id === id)?.label).toBe('File name as alt text');
    // Every finding is outlined and labelled (the infobox picture, thumbnails further down named by their files).
    const marks = await readListedMarks(page);
    await expect.poll(() => textUnderListed(page, marks.length + marks.filter((m) => m.label).length)).toEqual([]);
    await page.screenshot({ path: docsPicture('audit-label.png') ?? '/tmp/audit-label.png' });
    await Promise.all([popup.close(), page.close()]);
  });

  it('figures with their captions right under them: the page check’s labels and its "shown" outline cover no text', async () => {
    const { ext, model, pages } = suite;
    model.reset();
    model.set({ falseWhen: [{ match: /police officers/i, error_type: ['Object'] }] });
    // nbcnews.com: three figures, each with its caption under it.
    const { url } = await realPageWithLocalImages(pages, 'readability-schema-org-context-object');
    const { page, tabId } = await openGranted(ext, url);
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('button', { name: 'Check all captioned images on this page' }).click();
    const list = popup.locator('[data-testid="page-check"][data-status="choosing"]');
    await expect.poll(() => list.getByTestId('page-check-item').count()).toBe(3);
    await list.getByRole('button', { name: 'Check 3 selected' }).click();
    const rows = popup.locator('[data-testid="page-check"][data-status="done"]').getByTestId('page-check-item');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(3);
    const id = await rows.first().getAttribute('data-item-id');
    await rows.first().getByRole('button', { name: /^Show on page/ }).click();
    await expect.poll(async () => (await readListedMarks(page)).filter((m) => m.focused).map((m) => m.id)).toEqual([id]);
    await expect.poll(() => textUnderListed(page, 6)).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('a 200 px wiki thumbnail: the result badge by it covers none of the text beside it', async () => {
    const { ext, model, pages } = suite;
    model.reset();
    model.set({ falseWhen: [{ match: /graveyard/i, error_type: ['Object'] }] });
    const thumb = '/mediawiki/images/thumb/9/93/Penny_location_0.jpg/200px-Penny_location_0.jpg';
    pages.route(thumb, { type: 'image/jpeg', body: await makeJpeg(200, 127, { r: 90, g: 140, b: 70 }) });
    const { page, tabId } = await openGranted(ext, realPage(pages, 'trafilatura-stardewvalleywiki.com.penny'));
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.locator(`img[src="${thumb}"]`).first().scrollIntoViewIfNeeded();
    // The sentence in the table cell above the thumbnail is its caption.
    await page.evaluate((src) => document.querySelector(`img[src="${src}"]`)!.closest('td')!.setAttribute('data-caption', ''), thumb);
    await checkWithSelection(ext, page, tabId, `${pages.origin}${thumb}`, 'td[data-caption]');
    await expect.poll(async () => (await paintedBoxes(page, 'badge', 'wrap')).length, { timeout: 30_000 }).toBe(1);
    const image = await page.locator(`img[src="${thumb}"]`).first().evaluate((img) => {
      const r = img.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    });
    // Too wide for the picture with its words, the badge shows its sign alone, inside the picture.
    await expect.poll(async () => outside([{ box: (await paintedBoxes(page, 'badge', 'wrap'))[0]!.box, inside: image }])).toEqual([]);
    const [badge] = await paintedBoxes(page, 'badge', 'wrap');
    expect(await coveredText(page, [{ box: badge!.box, inside: image }])).toEqual([]);
    await page.screenshot({ path: '/tmp/badge-thumbnail.png' });
    await page.close();
  });
});
