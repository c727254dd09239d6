// The evidence report: "Save report" in the popup writes one HTML file; opened offline in the browser
// it shows the image as checked, the marked caption, every verdict and where it all came from, and
// runs nothing. "Copy citation" hands a short plain-text summary to the clipboard.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt, saveDownload } from './results-flow';
import { docsPicture } from './screenshots';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table. The scene feels cozy and inviting.';

describe('evidence report', () => {
  const suite = browserSuite({ endpoint: 'options', apiKey: 'sk-test-report' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
  });

  it('saves a self-contained report that opens offline and reads back every fact', async () => {
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId, 'done');

    const download = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Save report' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^caption-check-report-\d{8}-\d{4}\.html$/);
    const path = await saveDownload(saved);
    expect(await readFile(path, 'utf8')).not.toContain('sk-test-report');
    await popup.getByTestId('notice').filter({ hasText: 'Report saved to your downloads.' }).waitFor();

    // Self-contained: every request the opened report makes is recorded, and there must be none but itself.
    const report = await ext.context.newPage();
    const requests: string[] = [];
    report.on('request', (r) => requests.push(r.url()));
    await report.goto(`file://${path}`);
    const read = await report.evaluate(() => ({
      summary: document.querySelector('[data-report="summary"]')?.textContent,
      caption: [...document.querySelectorAll('[data-report="caption"] mark')].map((m) => [m.className, m.textContent]),
      rows: [...document.querySelectorAll('[data-report="claims"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
      provenance: Object.fromEntries(
        [...document.querySelectorAll('[data-report="provenance"] dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      ),
      image: (() => {
        const img = document.querySelector('figure img') as HTMLImageElement | null;
        return img ? { loaded: img.complete && img.naturalWidth > 0, embedded: img.src.startsWith('data:image/'), width: img.naturalWidth } : null;
      })(),
      scripts: document.scripts.length,
      handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
    }));
    expect(read.summary).toBe('1 of 2 claims not supported — Object.');
    expect(read.caption).toEqual([
      ['claim true', 'Two orange cats sit on a sofa.'],
      ['claim false', 'A dog sleeps under the table.'],
      ['set-aside', 'The scene feels cozy and inviting.'],
    ]);
    expect(read.rows.map((r) => r.slice(0, 4))).toEqual([
      ['1', 'Two orange cats sit on a sofa.', '✓ Supported', ''],
      ['2', 'A dog sleeps under the table.', '✗ Not supported', 'Object'],
    ]);
    expect(read.rows[1]![5]).not.toBe('');
    expect(read.provenance).toMatchObject({ Page: article, Image: photo, Model: 'test-vlm', Endpoint: new URL(model.baseUrl).host, Prompt: 'seed-000_00d95705263f0412' });
    // The image as sent to the model (sized for it), not the 160 px thumbnail.
    expect(read.image).toEqual({ loaded: true, embedded: true, width: expect.any(Number) });
    expect(read.image!.width).toBeGreaterThan(160);
    expect(read.scripts).toBe(0);
    expect(read.handlers).toBe(0);
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    await report.setViewportSize({ width: 900, height: 700 });
    await report.screenshot({ path: docsPicture('report.png'), fullPage: true });
    await report.close();

    // Copy citation: what reaches the clipboard API (headless Chromium grants extension pages none).
    await popup.evaluate(() => {
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      navigator.clipboard.writeText = async (text: string) => void copied.push(text);
    });
    await popup.getByRole('button', { name: 'Copy citation' }).click();
    await popup.getByTestId('notice').filter({ hasText: 'Citation copied.' }).waitFor();
    const citation = await popup.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1) ?? '');
    expect(citation.split('\n')).toEqual([
      expect.stringMatching(/^Caption Check, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: 1 of 2 claims not supported — Object\.$/),
      `Caption: “${CAPTION}”`,
      `Model: test-vlm (${new URL(model.baseUrl).host})`,
      `Image: ${photo}`,
      `Page: ${article}`,
    ]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('saves one report of the history entries the user ticks, each check in its own section', async () => {
    const captions = ['A red bus waits at a stop. A dog sits on the bench.', 'A green kite flies over a beach.'];
    for (const caption of captions) {
      const { article, photo } = await freshArticle(pages, caption);
      const { page, tabId } = await openGranted(ext, article);
      await checkWithSelection(ext, page, tabId, photo);
      await (await popupAt(ext, tabId, 'done')).close();
      await page.close();
    }
    const { page, tabId } = await openGranted(ext, (await freshArticle(pages, 'A blank page for the popup.')).article);
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('tab', { name: /History/ }).click();
    await expect.poll(() => popup.getByTestId('history-entry').count()).toBeGreaterThanOrEqual(3);
    const save = popup.getByRole('button', { name: /^Save report of \d+ selected$/ });
    await expect.poll(() => save.isDisabled()).toBe(true);
    for (const caption of captions) await popup.getByRole('checkbox', { name: `Put the check of “${caption}” in the report` }).check();
    await expect.poll(() => save.innerText()).toBe('Save report of 2 selected');

    const download = popup.waitForEvent('download');
    await save.click();
    const path = await saveDownload(await download);
    const report = await ext.context.newPage();
    await report.goto(`file://${path}`);
    const sections = await report.evaluate(() =>
      [...document.querySelectorAll('[data-report="check"]')].map((section) => ({
        title: section.querySelector('.check__title')?.textContent,
        summary: section.querySelector('[data-report="summary"]')?.textContent,
        caption: section.querySelector('[data-report="caption"]')?.textContent,
        thumbnail: (section.querySelector('figure img') as HTMLImageElement | null)?.src.startsWith('data:image/') ?? false,
      })),
    );
    // Newest first, as the history lists them.
    expect(sections).toEqual([
      { title: 'Check 1 of 2', summary: '1 claim supported.', caption: captions[1], thumbnail: true },
      { title: 'Check 2 of 2', summary: '1 of 2 claims not supported — Object.', caption: captions[0], thumbnail: true },
    ]);
    expect(await report.evaluate(() => document.scripts.length)).toBe(0);
    await Promise.all([report.close(), popup.close(), page.close()]);
  });
});
