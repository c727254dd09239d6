import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { readChooser, waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, openPopup, tabIdOf, type LoadedExtension } from './extension';
import { popupAt, storedJob } from './results-flow';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { cancelHandled, finishedJob, markBadge } from './run-check';

const html = (body: string) => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chooser</title>
<style>body{font:16px/1.5 serif;margin:24px;width:900px} div,p,button,textarea{all:unset;display:block;color:red}</style></head><body>${body}</body></html>`,
});

describe('the caption chooser (no text selected)', () => {
  // closePages: a failed case must not leave its chooser waiting in a tab the next case shares the worker with.
  const suite = browserSuite({ endpoint: 'options', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600) });
    pages.route('/figure.html', figurePage('/photo.jpg', 'Two orange cats sit on a sofa.'));
    pages.route('/long.html', figurePage('/photo.jpg', 'A cat sits on a sofa. '.repeat(600)));
    // Its own picture: the verdict cache must not answer this check with another case's verdicts.
    pages.route('/heron.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600, { r: 60, g: 110, b: 170 }) });
    pages.route('/credited.html', figurePage('/heron.jpg', 'A grey heron stands in shallow water. Photo: Jane Doe/Reuters'));
    pages.route(
      '/alt.html',
      html(`<p id="intro">Far away at the top of the page sits an unrelated introduction paragraph.</p>
<div style="height:500px"></div>
<img id="photo" src="/photo.jpg" alt="Photo of the living room" width="400" height="300">
<p id="near">A brown dog lies on a red rug next to a lamp.</p>`),
    );
    pages.route(
      '/described.html',
      html(`<p id="desc">A grey cat sleeps on a windowsill.</p><div style="height:300px"></div>
<img id="photo" src="/photo.jpg" aria-describedby="desc" width="400" height="300">`),
    );
    // Shaped like a Guardian picture: the alt text written from the caption printed in the list item after the figure,
    // in other spellings ("Tekaurinui" for "Te Kaurinui", "Maōri" for "Māori").
    pages.route(
      '/printed.html',
      html(`<p>The forest has stood here for two thousand years, and the community guards it closely.</p>
<figure><img id="photo" src="/photo.jpg" alt="Tekaurinui, the kauri tree that the Maōri community has cared for over centuries" width="400" height="300"></figure>
<ul><li>Te Kaurinui, the kauri tree that the Māori community has cared for over centuries. Photograph: Jane Doe</li></ul>`),
    );
    pages.route(
      '/demo.html',
      html(`<h2>Image captioning demo</h2><img id="photo" src="/photo.jpg" width="400" height="300">
<label>Output<textarea id="out">placeholder</textarea></label>`),
    );
  });

  /** Opens a page and fires the real menu path on its image, as a right-click → "Check caption claims" does. */
  async function rightClickCheck(path: string, prepare?: (page: Page) => Promise<void>, image = '/photo.jpg'): Promise<{ page: Page; tabId: number }> {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}${path}`);
    await prepare?.(page);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}${image}`, pageUrl: page.url() });
    return { page, tabId };
  }

  /** What a check that never started leaves on its tab: the badge text and the stored job (should be none). */
  async function leftBehind(tabId: number): Promise<{ badge: string; job: unknown }> {
    const worker = await currentWorker(ext);
    return worker.evaluate(
      async (id) => ({ badge: await chrome.action.getBadgeText({ tabId: id }), job: (await chrome.storage.session.get(`check:${id}`))[`check:${id}`] ?? null }),
      tabId,
    );
  }

  async function verifiedClaims(): Promise<string[][]> {
    await expect.poll(() => model.requests.filter((r) => r.image && r.status !== null).length, { timeout: 20_000 }).toBeGreaterThan(0);
    return model.requests.filter((r) => r.image).map((r) => r.claims);
  }

  it('offers the figcaption first, labelled for screen readers; Enter checks it', async () => {
    model.reset();
    const { page } = await rightClickCheck('/figure.html');
    const view = await waitForChooser(page);
    expect(view.label).toBe('Caption Check: choose the caption to check');
    expect(view.candidates[0]).toBe('Figure caption: Two orange cats sit on a sofa.');
    expect(view.candidates).toContain('Alt text: A test photo');
    expect(view.caption).toBe('Two orange cats sit on a sofa.');
    expect(view.buttons).toEqual(['Check claims', 'Cancel']);
    // Nothing leaves the page before the user confirms: the one request there is arrives after Enter.
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    const confirmedAt = Date.now();
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);
    expect(await verifiedClaims()).toEqual([['Two orange cats sit on a sofa.']]);
    expect(model.requests.filter((r) => r.method === 'POST' && r.at < confirmedAt)).toEqual([]);
    await page.close();
  });

  it('sets the credit apart: shown in the dialog, never a claim, carried to the result and the saved report', async () => {
    model.reset();
    const { page, tabId } = await rightClickCheck('/credited.html', undefined, '/heron.jpg');
    const view = await waitForChooser(page);
    expect(view.caption).toBe('A grey heron stands in shallow water.');
    expect(view.text).toContain('Credit: Photo: Jane Doe/Reuters');
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);
    expect(await verifiedClaims()).toEqual([['A grey heron stands in shallow water.']]);

    const popup = await popupAt(ext, tabId, 'done');
    await expect.poll(() => popup.getByTestId('result-credit').textContent()).toBe('Credit: Photo: Jane Doe/Reuters');
    expect((await storedJob(ext, tabId))?.credit).toBe('Photo: Jane Doe/Reuters');
    const download = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Save report' }).click();
    const report = await readFile((await (await download).path())!, 'utf8');
    expect(report).toContain('<p data-report="credit">Credit: Photo: Jane Doe/Reuters</p>');
    expect(report).not.toMatch(/<td>[^<]*Reuters/);
    await popup.close();
    await page.close();
  });

  it('a caption the user replaced in the dialog no longer carries the credit that came with the picked one', async () => {
    model.reset();
    const { page, tabId } = await rightClickCheck('/credited.html', undefined, '/heron.jpg');
    await waitForChooser(page);
    // The dialog's focus is in its caption box: select all of it and type another caption.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('A white swan swims on a lake.');
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);
    expect(await verifiedClaims()).toEqual([['A white swan swims on a lake.']]);
    const job = await finishedJob(ext, tabId);
    expect(job.caption).toBe('A white swan swims on a lake.');
    expect(job).not.toHaveProperty('credit');
    await page.close();
  });

  it('offers alt text and the nearest paragraph by layout; Tab + Enter picks the paragraph', async () => {
    model.reset();
    const { page } = await rightClickCheck('/alt.html');
    const view = await waitForChooser(page);
    expect(view.candidates.slice(0, 2)).toEqual([
      'Alt text: Photo of the living room',
      'Nearby text: A brown dog lies on a red rug next to a lamp.',
    ]);
    // The page's own `p, button, textarea {all: unset}` does not reach into the dialog: it still lays out as designed.
    await page.keyboard.press('Tab'); // caption box → first candidate
    await page.keyboard.press('Tab'); // → second candidate
    await page.keyboard.press('Enter'); // picks it, focus back in the caption box
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('A brown dog lies on a red rug next to a lamp.');
    await page.keyboard.press('Enter');
    expect(await verifiedClaims()).toEqual([['A brown dog lies on a red rug next to a lamp.']]);
    await page.close();
  });

  it('offers the aria-describedby target first when there is no figure', async () => {
    model.reset();
    const { page } = await rightClickCheck('/described.html');
    const view = await waitForChooser(page);
    expect(view.candidates[0]).toBe('Description (aria-describedby): A grey cat sleeps on a windowsill.');
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    await page.close();
  });

  it('offers the caption printed after the figure, before the alt text written from it, and preselects it', async () => {
    model.reset();
    const { page } = await rightClickCheck('/printed.html');
    const view = await waitForChooser(page);
    expect(view.candidates[0]).toBe('Caption: Te Kaurinui, the kauri tree that the Māori community has cared for over centuries. Photograph: Jane Doe');
    expect(view.candidates).toContain('Alt text: Tekaurinui, the kauri tree that the Maōri community has cared for over centuries');
    expect(view.caption).toBe('Te Kaurinui, the kauri tree that the Māori community has cared for over centuries. Photograph: Jane Doe');
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    await page.close();
  });

  it("offers a demo page's output box", async () => {
    model.reset();
    const { page } = await rightClickCheck('/demo.html', (p) =>
      p.locator('#out').fill('A white horse stands in a green field.').then(() => p.locator('#out').blur()),
    );
    const view = await waitForChooser(page);
    // The box is offered under its own <label> ("Output"), not the generic "Output box".
    expect(view.candidates).toContain('Output: A white horse stands in a green field.');
    const index = view.candidates.indexOf('Output: A white horse stands in a green field.');
    // The box can already hold it (the page's own output put forward): emptied first, so that the text the
    // box holds after Tab + Enter is the keys' doing.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('');
    for (let i = 0; i <= index; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('A white horse stands in a green field.');
    await page.keyboard.press('Enter');
    expect(await verifiedClaims()).toEqual([['A white horse stands in a green field.']]);
    await page.close();
  });

  it('Esc cancels: nothing is sent, no job, no error badge', async () => {
    model.reset();
    const { page, tabId } = await rightClickCheck('/figure.html');
    await waitForChooser(page);
    await markBadge(ext, tabId);
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    await cancelHandled(ext, tabId);
    // No chat request at all (the Options page of an earlier test may still list models: a GET).
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await leftBehind(tabId)).toEqual({ badge: '', job: null });
    await page.close();
  });

  it('Cancel from the popup closes the chooser: nothing is sent, no job, no badge', async () => {
    model.reset();
    const { page, tabId } = await rightClickCheck('/figure.html');
    await waitForChooser(page);
    await markBadge(ext, tabId);
    const popup = await openPopup(ext, tabId);
    // The message the popup's Cancel sends.
    expect(await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: id }), tabId)).toEqual({ ok: true });
    await waitForChooserClosed(page);
    await cancelHandled(ext, tabId);
    // No chat request at all (the Options page of an earlier test may still list models: a GET).
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await leftBehind(tabId)).toEqual({ badge: '', job: null });
    await popup.close();
  });

  it('sends the caption as the user edited it', async () => {
    model.reset();
    const { page } = await rightClickCheck('/figure.html');
    await waitForChooser(page);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('A red bicycle leans on a wall.');
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('A red bicycle leans on a wall.');
    await page.keyboard.press('Enter');
    expect(await verifiedClaims()).toEqual([['A red bicycle leans on a wall.']]);
    await page.close();
  });

  it('takes text the user selects on the page while the chooser is open, on Enter', async () => {
    model.reset();
    const { page } = await rightClickCheck('/alt.html');
    await waitForChooser(page);
    // Text no candidate offers (and unlike the other cases', which a verdict cache would answer without a request).
    await page.locator('#intro').click({ clickCount: 3 });
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('Far away at the top of the page sits an unrelated introduction paragraph.');
    await page.keyboard.press('Enter');
    expect(await verifiedClaims()).toEqual([['Far away at the top of the page sits an unrelated introduction paragraph.']]);
    await page.close();
  });

  it('caps a very long caption at 10,000 characters and says so', async () => {
    model.reset();
    const { page, tabId } = await rightClickCheck('/long.html');
    const view = await waitForChooser(page);
    expect(view.caption.length).toBe(10_000);
    expect(view.status).toContain('cut to its first 10,000 characters');
    await markBadge(ext, tabId);
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    await cancelHandled(ext, tabId);
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await page.close();
  });
});
