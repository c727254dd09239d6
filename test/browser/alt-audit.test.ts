// "Check alt text on this page": every picture's alt text is checked as the caption of its own image;
// images without alt, or with a file name as alt, are listed as findings and never sent; empty alt,
// decorative images and icons are left out. The table, its CSV and its report say what was found.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { clickMenu, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { openGranted } from './results-flow';
import { docsPicture } from './screenshots';

const RIGHT = 'A crimson kite flies over a harbour.';
const WRONG = 'A green tractor is parked in a barn. A goat sleeps on the hay.';
const WITH_ADVICE = 'A blue canoe rests on a sandy beach. Let me know if you need more details!';

describe('alt-text audit', () => {
  const suite = browserSuite({ endpoint: 'storage', closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    // Colours no other test uses: the verdict cache must never answer instead of the server.
    pages.route('/kite.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 201, g: 31, b: 71 }) });
    pages.route('/tractor.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 21, g: 171, b: 91 }) });
    pages.route('/canoe.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 61, g: 71, b: 221 }) });
    pages.route('/plain.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 131, g: 131, b: 131 }) });
    pages.route('/icon.png', { type: 'image/png', body: await makeSolid(24, 24, { r: 250, g: 250, b: 1 }, 'png') });
    const img = (src: string, attrs: string) => `<p><img src="${src}" width="300" height="200" ${attrs}></p>`;
    pages.route(
      '/alts.html',
      htmlPage(
        `<header><img src="/icon.png" width="24" height="24" alt="Our friendly site logo icon"></header>` +
          img('/kite.jpg', `alt="${RIGHT}"`) +
          img('/tractor.jpg', `alt="${WRONG}"`) +
          img('/canoe.jpg', `alt="${WITH_ADVICE}"`) +
          img('/plain.jpg', 'alt=""') +
          img('/plain.jpg', 'alt="A grey square" role="presentation"') +
          img('/plain.jpg', 'alt="IMG_2041.jpg"') +
          img('/plain.jpg', ''),
      ),
    );
  });

  it('lists the alt texts and the findings, checks each alt against its own image, and exports the table', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /goat/i, error_type: ['Object'], reasoning: 'There is no goat.' }] });
    const { page, tabId } = await openGranted(ext, `${pages.origin}/alts.html`);
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('button', { name: 'Check alt text on this page' }).click();

    const list = popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="choosing"]');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('page-check-item').allInnerTexts()).toEqual([
      expect.stringContaining(RIGHT),
      expect.stringContaining(WRONG),
      expect.stringContaining('A blue canoe rests on a sandy beach.'),
    ]);
    const findings = popup.getByTestId('alt-finding');
    await expect.poll(() => findings.evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')))).toEqual(['file-name-alt', 'missing-alt']);
    await expect.poll(() => findings.first().innerText()).toContain('A file name, not a description: IMG_2041.jpg');
    expect(model.requests.filter((r) => r.image)).toHaveLength(0); // listing sends nothing

    await popup.getByRole('button', { name: 'Check 3 selected' }).click();
    const table = popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="done"]');
    await table.waitFor({ timeout: 30_000 });
    const row = (text: string) => table.getByTestId('page-check-item').filter({ hasText: text });
    const counts = async (text: string) => {
      const r = row(text);
      return [await r.getAttribute('data-supported'), await r.getAttribute('data-unsupported'), await r.getAttribute('data-set-aside')];
    };
    await expect.poll(() => counts('crimson kite')).toEqual(['1', '0', '0']);
    await expect.poll(() => counts('green tractor')).toEqual(['1', '1', '0']);
    await expect.poll(() => counts('blue canoe')).toEqual(['1', '0', '1']);
    await expect.poll(() => row('green tractor').innerText()).toContain('Object');
    await popup.setViewportSize({ width: 560, height: 700 });
    await popup.screenshot({ path: docsPicture('audit.png'), fullPage: true });
    // Three verifications, one per alt text; the findings and the left-out images were never sent.
    expect(model.requests.filter((r) => r.image).map((r) => r.claims.join(' ')).sort()).toEqual(
      ['A blue canoe rests on a sandy beach.', RIGHT, WRONG].sort(),
    );

    const csvDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Export CSV' }).click();
    const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('image_url,alt_text,finding,state,claims,supported,not_supported,set_aside,worst_error_type,error');
    expect(csv.find((l) => l.includes('tractor.jpg'))).toContain(',checked,2,1,1,0,Object,');
    expect(csv.filter((l) => l.includes('No alt attribute') || l.includes('A file name, not a description'))).toHaveLength(2);

    const reportDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Save audit report' }).click();
    const report = await readFile((await (await reportDownload).path())!, 'utf8');
    expect(report).toContain('<table data-report="audit">');
    expect(report).not.toMatch(/<script/i);
    // Each alt text's claims with verdict, error type and reasoning, from the check's history entry.
    expect(report).toMatch(/<tr class="false"><td dir="auto">A goat sleeps on the hay\.<\/td><td class="verdict">✗ Not supported<\/td><td>Object<\/td><td dir="auto">There is no goat\.<\/td><\/tr>/);
    expect(report).toContain('5 images · 3 described · 1 missing alt · 1 placeholder · 1 not supported');

    // The audit's notice is the audit's: shown under its table, gone with it, never on the check view that follows.
    await popup.getByRole('status').filter({ hasText: 'Report saved to your downloads.' }).waitFor();
    await popup.getByRole('button', { name: 'Close page check' }).click();
    await popup.getByTestId('page-check').waitFor({ state: 'detached' });
    await expect.poll(() => popup.getByText('Report saved to your downloads.').count()).toBe(0);
    await Promise.all([popup.close(), page.close()]);
  });

  it('the page menu lists the alt texts for the popup, with nothing sent', async () => {
    model.reset();
    const { page, tabId } = await openGranted(ext, `${pages.origin}/alts.html`);
    // A menu click opens the side panel (or popup) itself; a dispatched click is no user action, so the
    // test opens the popup of the tab, which shows what the click listed.
    await clickMenu(ext, tabId, { menuItemId: 'check-alt-text', pageUrl: `${pages.origin}/alts.html` });
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="choosing"]').waitFor();
    await expect.poll(() => popup.getByTestId('page-check-item').count()).toBe(3);
    await expect.poll(() => popup.getByTestId('alt-finding').count()).toBe(2);
    expect(model.requests.filter((r) => r.image)).toHaveLength(0);
    await Promise.all([popup.close(), page.close()]);
  });
});
