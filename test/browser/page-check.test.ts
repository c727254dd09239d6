// "Check all captioned images on this page": the popup lists the page's image + caption pairs, the
// user unticks one, and only the ticked pairs reach the model — each with its own picture.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { focusedOutlineInView, readListedMarks } from './marks-driver';
import { realPageWithLocalImages } from './real-pages';
import { openGranted } from './results-flow';
import { docsPicture } from './screenshots';

type Rgb = { r: number; g: number; b: number };
// Colours and captions no other test uses: the verdict cache must never answer instead of the server.
const KITE = { color: { r: 200, g: 30, b: 70 }, caption: 'A crimson kite flies over a harbour. Three gulls stand on a wooden pier.' };
const TRACTOR = { color: { r: 20, g: 170, b: 90 }, caption: 'A green tractor is parked in a barn. A goat sleeps on the hay.' };
const CANOE = { color: { r: 60, g: 70, b: 220 }, caption: 'A blue canoe rests on a sandy beach beside a palm tree.' };

async function meanColor(body: unknown): Promise<Rgb> {
  const url = /"url":"(data:image\/[a-z]+;base64,[^"]+)"/.exec(JSON.stringify(body))?.[1];
  if (!url) throw new Error('no image in the request');
  const { channels } = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

/** What has focus in `page` ("H2: …", "BUTTON: …" by its accessible label or text), and what the live region said. */
const focusedIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName}: ${el.getAttribute('aria-label') ?? el.textContent}` : null;
  });
const announced = (page: Page) => page.getByTestId('announcer').textContent();

/** A keyboard user's press: focus the control, then Enter. */
async function pressEnterOn(control: Locator): Promise<void> {
  await control.focus();
  await control.page().keyboard.press('Enter');
}

function expectColor(actual: Rgb, expected: Rgb, tolerance = 14): void {
  for (const channel of ['r', 'g', 'b'] as const)
    expect(Math.abs(actual[channel] - expected[channel]), `${channel} of ${JSON.stringify(actual)}`).toBeLessThanOrEqual(tolerance);
}

describe('check all captioned images on a page', () => {
  const suite = browserSuite({ endpoint: 'options' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/kite.jpg', { type: 'image/jpeg', body: await makeSolid(900, 600, KITE.color) });
    pages.route('/tractor.jpg', { type: 'image/jpeg', body: await makeSolid(800, 800, TRACTOR.color) });
    pages.route('/canoe.jpg', { type: 'image/jpeg', body: await makeSolid(600, 900, CANOE.color) });
    pages.route('/demo.jpg', { type: 'image/jpeg', body: await makeSolid(400, 400, { r: 90, g: 40, b: 20 }) });
    pages.route('/snow.jpg', { type: 'image/jpeg', body: await makeSolid(400, 300, { r: 240, g: 240, b: 250 }) });
    pages.route('/icon.png', { type: 'image/png', body: await makeSolid(24, 24, { r: 250, g: 250, b: 0 }, 'png') });
    const figure = (src: string, caption: string) => `<figure><img src="${src}" width="300" height="200" alt=""><figcaption>${caption}</figcaption></figure>`;
    pages.route(
      '/gallery.html',
      htmlPage(
        // The icon has descriptive alt text, but at 24 px it is no picture anyone captioned.
        `<header><img src="/icon.png" width="24" height="24" alt="Our friendly site logo icon"></header>` +
          figure('/kite.jpg', KITE.caption) +
          figure('/tractor.jpg', TRACTOR.caption) +
          figure('/canoe.jpg', CANOE.caption) +
          // A model demo: the picture, then the box the model wrote its description into.
          `<div class="demo"><div><img src="/demo.jpg" width="200" height="200" alt="input"></div><textarea>A wooden bridge crosses a narrow stream.</textarea></div>` +
          `<p><img src="/snow.jpg" width="200" height="150" alt="A snowy mountain under a clear sky"></p>` +
          // Two words of alt text are a label, not a caption.
          `<p><img src="/snow.jpg" width="200" height="150" alt="Mountain photo"></p>`,
      ),
    );
  });

  it('lists the pairs, checks only the ticked ones with their own images, and sums them up', async () => {
    model.set({ falseWhen: [{ match: /goat/i, error_type: ['Object'], reasoning: 'There is no goat in the barn.' }] });
    const { page, tabId } = await openGranted(ext, `${pages.origin}/gallery.html`);
    let popup = await openPopup(ext, tabId);
    await pressEnterOn(popup.getByRole('button', { name: 'Check all captioned images on this page' }));

    const list = popup.locator('[data-testid="page-check"][data-status="choosing"]');
    await list.waitFor();
    // By keyboard: the pressed button is gone, so focus goes to the list's heading, and the live region says what is there.
    await expect.poll(() => focusedIn(popup)).toBe('H2: Captioned images on this page');
    await expect.poll(() => announced(popup)).toBe('Captioned images on this page. 5 images with a caption found. Untick the ones to leave out.');
    const items = list.getByTestId('page-check-item');
    await expect.poll(() => items.count()).toBe(5);
    await expect.poll(() => items.allInnerTexts()).toEqual([
      expect.stringMatching(/crimson kite[^]*Figure caption/),
      expect.stringMatching(/green tractor[^]*Figure caption/),
      expect.stringMatching(/blue canoe[^]*Figure caption/),
      expect.stringMatching(/wooden bridge[^]*Output box/),
      expect.stringMatching(/snowy mountain[^]*Alt text/),
    ]);
    expect(model.requests.filter((r) => r.image)).toHaveLength(0); // listing sends nothing to the model
    for (const name of [/blue canoe/, /wooden bridge/, /snowy mountain/]) await popup.getByRole('checkbox', { name }).uncheck();
    await pressEnterOn(popup.getByRole('button', { name: 'Check 2 selected' }));
    await expect.poll(() => announced(popup)).toMatch(/^Captioned images on this page\. \d of 2 checked$/);
    expect(await focusedIn(popup)).toBe('H2: Captioned images on this page');

    const summary = popup.locator('[data-testid="page-check"][data-status="done"]');
    await summary.waitFor({ timeout: 30_000 });
    await expect.poll(() => summary.getByTestId('page-check-progress').innerText()).toBe('2 of 2 checked');
    const rows = summary.getByTestId('page-check-item');
    await expect.poll(() => rows.count()).toBe(2);
    const row = (name: string) => rows.filter({ hasText: name });
    await expect.poll(() => row('crimson kite').getAttribute('data-state')).toBe('done');
    await expect.poll(() => row('crimson kite').getAttribute('data-unsupported')).toBe('0');
    await expect.poll(() => row('green tractor').getAttribute('data-state')).toBe('done');
    await expect.poll(() => row('green tractor').getAttribute('data-unsupported')).toBe('1');
    await expect.poll(() => row('green tractor').innerText()).toContain('Object');

    // Exactly two verifications, each with its own picture and claims; nothing for the unticked canoe.
    const verifications = model.requests.filter((r) => r.image);
    expect(verifications).toHaveLength(2);
    const byClaims = new Map(verifications.map((r) => [r.claims.join(' '), r]));
    const kite = byClaims.get('A crimson kite flies over a harbour. Three gulls stand on a wooden pier.');
    const tractor = byClaims.get('A green tractor is parked in a barn. A goat sleeps on the hay.');
    expect(kite?.claims).toEqual(['A crimson kite flies over a harbour.', 'Three gulls stand on a wooden pier.']);
    expect(tractor?.claims).toEqual(['A green tractor is parked in a barn.', 'A goat sleeps on the hay.']);
    expectColor(await meanColor(kite!.body), KITE.color);
    expectColor(await meanColor(tractor!.body), TRACTOR.color);
    expect(verifications.some((r) => /canoe|bridge|snowy/.test(r.claims.join(' ')))).toBe(false);
    expect(verifications.every((r) => r.problems.length === 0)).toBe(true);

    // Every checked caption's picture is marked on the page, the one with an unsupported claim in red.
    const imageOf = (src: string) => page.evaluate((s) => {
      const r = document.querySelector(`img[src="${s}"]`)!.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY };
    }, src);
    await expect.poll(async () => (await readListedMarks(page)).map((m) => `${m.tone} ${m.label}`).sort()).toEqual(['bad ✗ 1 claim not supported', 'good ✓ No claim found unsupported']);
    const tractorAt = await imageOf('/tractor.jpg');
    await expect.poll(async () => (await readListedMarks(page)).find((m) => m.tone === 'bad')?.box).toMatchObject({ x: tractorAt.x, y: tractorAt.y });

    // A reopened popup shows the summary from session storage: what is wrong first, the worst row first.
    await popup.close();
    popup = await openPopup(ext, tabId);
    const again = popup.locator('[data-testid="page-check"][data-status="done"]');
    await again.waitFor();
    await expect.poll(() => again.getByTestId('page-check-summary').innerText()).toBe('1 of 2 images has unsupported claims — 1 claim: Object ×1');
    await expect.poll(() => again.getByTestId('page-check-item').allInnerTexts()).toEqual([expect.stringContaining('green tractor'), expect.stringContaining('crimson kite')]);

    // Show on page: the kite's outline stands out.
    await again.getByRole('button', { name: /Show on page: A crimson kite/ }).click();
    await expect.poll(async () => (await readListedMarks(page)).filter((m) => m.focused).map((m) => m.tone)).toEqual(['good']);

    // A row opens as the tab's own check, with every action of one, not a read-only copy in History.
    await pressEnterOn(again.getByRole('button', { name: /Open the check of: A green tractor/ }));
    const claims = popup.getByTestId('claim');
    await claims.first().waitFor();
    await expect.poll(() => claims.count()).toBe(2);
    await expect.poll(() => claims.nth(1).getAttribute('data-label')).toBe('false');
    await expect.poll(() => claims.nth(1).getAttribute('data-error-types')).toBe('Object');
    await expect.poll(() => popup.getByRole('tab', { name: 'This check' }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['Re-run', 'Edit claims', 'Compare models…', 'Save report']) await expect.poll(() => popup.getByRole('button', { name, exact: true }).count(), { message: name }).toBe(1);
    // Focus on '← Back', the opened check's caption said.
    await expect.poll(() => focusedIn(popup)).toBe('BUTTON: ← Back to the page check');
    await expect.poll(() => announced(popup)).toBe('A green tractor is parked in a barn. A goat sleeps on the hay.');

    // Edit claims re-checks against the tractor's own picture, read again from the page.
    const before = model.requests.filter((r) => r.image).length;
    await popup.getByRole('button', { name: 'Edit claims' }).click();
    await popup.getByRole('textbox', { name: 'Claim 2' }).fill('A goat stands beside the tractor.');
    await popup.getByRole('button', { name: 'Re-check' }).click();
    await expect.poll(() => model.requests.filter((r) => r.image).length, { timeout: 30_000 }).toBe(before + 1);
    const recheck = model.requests.filter((r) => r.image).at(-1)!;
    expect(recheck.claims).toEqual(['A green tractor is parked in a barn.', 'A goat stands beside the tractor.']);
    expectColor(await meanColor(recheck.body), TRACTOR.color);

    // Back returns to the table, focus on the row it opened.
    await pressEnterOn(popup.getByRole('button', { name: '← Back to the page check' }));
    await again.waitFor();
    await expect.poll(() => focusedIn(popup)).toBe('BUTTON: Open the check of: A green tractor is parked in a barn. A goat sleeps on the hay.');
    await expect.poll(() => announced(popup)).toBe('Back to the page check');
    await Promise.all([popup.close(), page.close()]);
  });

  it('on a real news page: the summary says what is wrong, the worst row first, every checked picture marked on the page', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /police officers/i, error_type: ['Object'], reasoning: 'No police officers are in the picture.' }, { match: /candlelight rally/i, error_type: ['Attribute'] }] });
    // nbcnews.com: three figures, each with its caption and an agency credit.
    const { url } = await realPageWithLocalImages(pages, 'readability-schema-org-context-object');
    const { page, tabId } = await openGranted(ext, url);
    const popup = await openPopup(ext, tabId);
    await popup.setViewportSize({ width: 420, height: 700 });
    await popup.getByRole('button', { name: 'Check all captioned images on this page' }).click();
    const list = popup.locator('[data-testid="page-check"][data-status="choosing"]');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('page-check-item').count()).toBe(3);
    await list.getByRole('button', { name: 'Check 3 selected' }).click();
    const summary = popup.locator('[data-testid="page-check"][data-status="done"]');
    await summary.waitFor({ timeout: 60_000 });
    await expect.poll(() => summary.getByTestId('page-check-summary').innerText()).toBe('2 of 3 images have unsupported claims — 2 claims: Object ×1, Attribute ×1');
    // Worst first: the two with an unsupported claim, then the one without.
    const rows = summary.getByTestId('page-check-item');
    await expect.poll(() => rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-unsupported')))).toEqual(['1', '1', '0']);
    await expect.poll(() => rows.last().innerText()).toContain('South Korea is facing significant political turmoil');
    await expect.poll(async () => (await readListedMarks(page)).map((m) => `${m.tone} ${m.label}`)).toEqual(['bad ✗ 1 claim not supported', 'bad ✗ 1 claim not supported', 'good ✓ No claim found unsupported']);
    await popup.screenshot({ path: docsPicture('page-check.png'), fullPage: true });

    // Show on page: the last row's picture (far down the article) is scrolled into view and stands out.
    const id = await rows.last().getAttribute('data-item-id');
    await rows.last().getByRole('button', { name: /^Show on page/ }).click();
    await expect.poll(async () => (await readListedMarks(page)).filter((m) => m.focused).map((m) => m.id)).toEqual([id]);
    await expect.poll(() => focusedOutlineInView(page)).toBe(true);
    await page.screenshot({ path: docsPicture('page-check-marks.png') });
    await Promise.all([popup.close(), page.close()]);
  });
});
