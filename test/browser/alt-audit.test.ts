// "Check alt text on this page": every picture's alt text is checked as the caption of its own image;
// images without alt, or with a file name as alt, are listed as findings and never sent; empty alt,
// decorative images and icons are left out. The table, its CSV and its report say what was found.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { clickMenu, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { focusedOutlineInView, readListedMarks } from './marks-driver';
import { offlineImages, realPage } from './real-pages';
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
    expect(csv[0]).toBe('image_url,alt_text,finding,state,claims,supported,not_supported,set_aside,worst_error_type,error,finding_reason,page_url,checked_at');
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
    await popup.getByRole('button', { name: 'Close alt-text audit' }).click();
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

  // Saved real pages (test/realpages): the images are one local stand-in, so only the markup is the site's.
  const openAudit = async (popup: Awaited<ReturnType<typeof openPopup>>) => {
    await popup.getByRole('button', { name: 'Check alt text on this page' }).click();
    const list = popup.locator('[data-testid="page-check"][data-kind="alt"][data-status="choosing"]');
    await list.waitFor();
    return list;
  };

  it('a real page with no alt text to check: its findings, placeholders among them, exported with no model run', async () => {
    model.reset();
    const undo = await offlineImages(ext, pages);
    try {
      // simplyfound.com: two pictures without alt, a carousel with alts "Image 1", "Image 2", "Image 3".
      const { page, tabId } = await openGranted(ext, realPage(pages, 'readability-simplyfound-1'));
      const popup = await openPopup(ext, tabId);
      const list = await openAudit(popup);
      const findings = popup.getByTestId('alt-finding');
      await expect
        .poll(() => findings.evaluateAll((items) => items.map((i) => `${i.getAttribute('data-kind')} ${i.getAttribute('data-reason') ?? ''}`.trim())))
        .toEqual(['missing-alt', 'missing-alt', 'placeholder-alt numbered', 'placeholder-alt numbered', 'placeholder-alt numbered']);
      await expect.poll(() => findings.nth(2).innerText()).toContain('Placeholder alt text: Image 1 (a number, not a description)');
      await expect.poll(() => list.innerText()).toContain('No alt text here to check with a model: 5 images need a description');
      await expect.poll(() => popup.getByTestId('audit-totals').innerText()).toBe('5 images · 0 described · 2 missing alt · 3 placeholder · 0 not supported');
      // Nothing to send: no greyed "Check 0 selected" (the list above is shown, so the buttons are drawn).
      expect(await list.getByRole('button', { name: /^Check \d+ selected$/ }).count()).toBe(0);
      // Each finding shows its picture.
      await expect.poll(() => popup.getByTestId('listed-thumb').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true, true, true, true]);

      const csvDownload = popup.waitForEvent('download');
      await popup.getByRole('button', { name: 'Export CSV' }).click();
      const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).trimEnd().split('\r\n');
      expect(csv).toHaveLength(6);
      expect(csv.filter((l) => l.includes(',Image 2,Placeholder alt text,not checked,') && l.includes(',"a number, not a description",http'))).toHaveLength(1);
      expect(csv.filter((l) => l.includes(',No alt attribute,not checked,'))).toHaveLength(2);

      const reportDownload = popup.waitForEvent('download');
      await popup.getByRole('button', { name: 'Save audit report' }).click();
      const report = await readFile((await (await reportDownload).path())!, 'utf8');
      expect(report).toContain('5 images · 0 described · 2 missing alt · 3 placeholder · 0 not supported');
      expect(report.match(/<tr data-kind="placeholder-alt">/g)).toHaveLength(3);
      expect(model.requests.filter((r) => r.image)).toHaveLength(0);
      await Promise.all([popup.close(), page.close()]);
    } finally {
      await undo();
    }
  });

  it('a real page with 25+ pictures without alt: each finding shown on the page, outlined and scrolled into view', async () => {
    model.reset();
    const undo = await offlineImages(ext, pages);
    try {
      const { page, tabId } = await openGranted(ext, realPage(pages, 'readability-salon-1'));
      // salon.com's lazy loader puts data-source-standard into src once a picture nears the screen; its script is gone, so the test does it.
      await page.evaluate(() => {
        for (const img of Array.from(document.querySelectorAll('img[data-source-standard]'))) img.setAttribute('src', img.getAttribute('data-source-standard')!);
      });
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      const popup = await openPopup(ext, tabId);
      await popup.setViewportSize({ width: 420, height: 700 });
      await openAudit(popup);
      const missing = popup.locator('[data-testid="alt-finding"][data-kind="missing-alt"]');
      await expect.poll(() => missing.count()).toBeGreaterThanOrEqual(25);
      const findings = await popup.getByTestId('alt-finding').count();
      // The totals count every picture without alt on the page, also past the 50 the list shows.
      const withoutAlt = await page.evaluate(
        () =>
          Array.from(document.images).filter((img) => {
            const box = img.getBoundingClientRect();
            return !img.hasAttribute('alt') && box.width >= 64 && box.height >= 64 && !img.closest('[aria-hidden="true"]') && !['presentation', 'none'].includes(img.getAttribute('role') ?? '');
          }).length,
      );
      expect(withoutAlt).toBeGreaterThan(50);
      await expect.poll(() => popup.getByTestId('audit-totals').innerText()).toContain(`${withoutAlt} missing alt`);
      await popup.screenshot({ path: docsPicture('audit-findings.png') });

      const target = missing.nth(19);
      const id = await target.getAttribute('data-item-id');
      await target.getByRole('button', { name: /^Show on page/ }).click();
      // Every finding is outlined on the page; the one asked for stands out, and is on screen.
      await expect.poll(async () => (await readListedMarks(page)).filter((m) => m.focused).map((m) => m.id)).toEqual([id]);
      expect((await readListedMarks(page)).filter((m) => m.label === 'No alt attribute')).toHaveLength(await missing.count());
      expect(await readListedMarks(page)).toHaveLength(findings);
      // The top of the picture and its first 40 px are on screen (a picture taller than the window cannot be whole).
      await expect.poll(() => focusedOutlineInView(page, 40)).toBe(true);
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await page.screenshot({ path: docsPicture('audit-show-on-page.png') });
      expect(model.requests.filter((r) => r.image)).toHaveLength(0);
      await Promise.all([popup.close(), page.close()]);
    } finally {
      await undo();
    }
  });

  it('a real page with one alt on every photo of a set: each is a placeholder (the same alt on many images)', async () => {
    model.reset();
    const undo = await offlineImages(ext, pages);
    try {
      // today.com: a photo set whose eight photos all carry the alt "Zsa Zsa Gabor's Palm Springs home".
      const { page, tabId } = await openGranted(ext, realPage(pages, 'parser-www.today.com'));
      const popup = await openPopup(ext, tabId);
      await openAudit(popup);
      const repeated = popup.locator('[data-testid="alt-finding"][data-reason="repeated"]');
      await expect.poll(() => repeated.count()).toBeGreaterThanOrEqual(3);
      const n = await repeated.count();
      await expect.poll(() => repeated.allInnerTexts()).toEqual(Array(n).fill(expect.stringContaining("Placeholder alt text: Zsa Zsa Gabor's Palm Springs home")));
      // The list and its findings are one render (components/page-check.tsx): read once the findings are there (a
      // poll of an absence would pass on its first read whatever came after).
      expect(await popup.getByTestId('page-check-item').allInnerTexts()).not.toContainEqual(expect.stringContaining('Zsa Zsa Gabor'));
      await Promise.all([popup.close(), page.close()]);
    } finally {
      await undo();
    }
  });
});
