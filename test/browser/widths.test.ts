// The popup and side panel at the widths people use them (Chrome opens the side panel narrow): nothing
// sticks out of the window or is cut off, from 320 to 400 px, for a result, the history and the alt-text table.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeJpeg, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt } from './results-flow';

/** The side panel is as wide as the user drags it (Chrome opens it narrow); the popup is 400 px. */
const PANEL_WIDTHS = [320, 360, 400] as const;
const POPUP_WIDTHS = [400] as const;

/** What sticks out of the window, or is cut off inside its box, described so a failure says where. */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // Text kept for screen readers only (the 1 px clipped box of the visually-hidden pattern) is not on screen to clip.
    const hidden = (el: Element): boolean => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const b = at.getBoundingClientRect();
        if (b.width <= 1 && b.height <= 1 && getComputedStyle(at).overflow === 'hidden') return true;
      }
      return false;
    };
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width}`);
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || hidden(el)) continue;
      if (box.right > width + 1 || box.left < -1) found.push(`${name(el)} reaches ${Math.round(box.left)}–${Math.round(box.right)} in ${width}`);
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !(el instanceof HTMLTextAreaElement)) found.push(`${name(el)} is cut: ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    return found;
  });
}

/** Checks the page at each width. */
async function atEveryWidth(page: Page, widths: readonly number[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(width);
    expect({ width, clipped: await clipped(page) }).toEqual({ width, clipped: [] });
  }
}

describe('the popup and side panel at 320–400 px', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/narrow-a.jpg', { type: 'image/jpeg', body: await makeJpeg(600, 400, { r: 20, g: 140, b: 90 }) });
    pages.route('/narrow-b.jpg', { type: 'image/jpeg', body: await makeJpeg(600, 400, { r: 140, g: 20, b: 90 }) });
    pages.route(
      '/narrow-alts.html',
      htmlPage(
        '<p><img src="/narrow-a.jpg" width="300" height="200" alt="A green field with a long hedgerow of hawthorn and blackthorn running down to a stone barn"></p>' +
          '<p><img src="/narrow-b.jpg" width="300" height="200" alt="A purple door with a brass knocker shaped like a lion\'s head"></p>' +
          '<p><img src="/narrow-b.jpg" width="300" height="200" alt="DSC_00412_final_version_edited.JPG"></p>',
      ),
    );
  });

  it('lays out a result, its history and the side panel without clipping', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object', 'Spatial'], reasoning: 'There is no dog anywhere in the picture, and nothing lies under any table.' }] });
    const { article, photo } = await freshArticle(
      pages,
      'Two orange cats sit on an enormous corduroy sofa in a sunlit Victorian drawing room. A dog sleeps under the table, which is made of reclaimed oak.',
    );
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    await atEveryWidth(popup, POPUP_WIDTHS);
    await popup.close();

    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${tabId}`);
    await panel.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await atEveryWidth(panel, PANEL_WIDTHS);
    await panel.getByRole('tab', { name: /History/ }).click();
    await panel.locator('.history__item').first().waitFor();
    await atEveryWidth(panel, PANEL_WIDTHS);
    await panel.close();
  });

  it('lays out the alt-text table without clipping', async () => {
    model.reset();
    const { tabId } = await openGranted(ext, `${pages.origin}/narrow-alts.html`);
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('button', { name: 'Check alt text on this page' }).click();
    await popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="choosing"]').waitFor();
    await atEveryWidth(popup, POPUP_WIDTHS);
    await popup.getByRole('button', { name: /^Check \d+ selected$/ }).click();
    await popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="done"]').waitFor({ timeout: 30_000 });
    await atEveryWidth(popup, POPUP_WIDTHS);
    await popup.close();
    // The side panel shows the same table (the tab's page check), at every width it is dragged to.
    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${tabId}`);
    await panel.locator('[data-testid="page-check"][data-kind="alt"][data-status="done"]').waitFor();
    await atEveryWidth(panel, PANEL_WIDTHS);
    await panel.close();
  });
});
