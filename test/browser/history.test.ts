import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/lib/history';
import { currentWorker } from './extension';
import { browserSuite } from './fixture';
import { checkWithSelection, freshArticle, openGranted, patchSettings, storedJob } from './results-flow';
import { docsPicture } from './screenshots';

const CAPTIONS = [
  'A red bus drives down a busy street. Two people wait at the stop.',
  'Two orange cats sit on a sofa. A dog sleeps under the table.',
  'Three boats float in the harbour. A lighthouse stands on the left.',
];

describe('history on the device', () => {
  const suite = browserSuite({ apiKey: '', watchErrors: true });

  beforeAll(() => {
    suite.model.set({
      falseWhen: [
        { match: /dog/i, error_type: ['Object'] },
        { match: /three boats/i, error_type: ['Quantitative'] },
        { match: /left/i, error_type: ['Spatial'] },
      ],
    });
  });
  const stored = async () =>
    (await currentWorker(suite.ext)).evaluate(async () => ((await chrome.storage.local.get('history')).history ?? []) as HistoryEntry[]);

  /** Runs one check to the end on a fresh page; returns the tab id. */
  // The tab stays open when asked: closing it forgets its check (session data goes with the tab).
  const check = async (caption: string, keepOpen = false) => {
    const { ext } = suite;
    const { article, photo } = await freshArticle(suite.pages, caption);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    // Finished, and recorded as the newest entry.
    await expect
      .poll(async () => {
        const job = await storedJob(ext, tabId);
        return job?.status === 'done' && (await stored())[0]?.id === job.id;
      }, { timeout: 30_000 })
      .toBe(true);
    if (!keepOpen) await page.close();
    return tabId;
  };

  it('keeps every finished check with its thumbnail; search, open, delete, export, clear', async () => {
    const { ext } = suite;
    for (const caption of CAPTIONS) await check(caption);
    const entries = await stored();
    expect(entries.map((e) => e.job.caption)).toEqual([...CAPTIONS].reverse());
    expect(entries.every((e) => e.job.thumbnail?.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(entries[0]!.job).toMatchObject({ model: 'test-vlm', status: 'done' });
    expect(entries[0]!.job.pageUrl).toMatch(/\/article-\d+\.html$/);

    const popup = await ext.context.newPage();
    await popup.setViewportSize({ width: 420, height: 400 });
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=999999&view=history`);
    const rows = popup.getByTestId('history-entry');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => popup.getByRole('tab', { name: 'History (3)' }).getAttribute('aria-selected')).toBe('true');
    await popup.screenshot({ path: docsPicture('history.png'), fullPage: true });

    await popup.getByPlaceholder('Search captions').fill('cats dog');
    await expect.poll(() => rows.count()).toBe(1);
    await popup.getByRole('button', { name: /^Open the check of “Two orange cats/ }).click();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => popup.getByTestId('check-status').innerText()).toBe('1 of 2 claims not supported — Object');
    await expect.poll(() => popup.getByTestId('claim').count()).toBe(2);
    await expect.poll(() => popup.getByRole('button', { name: 'Re-run' }).count()).toBe(0); // a past check has no tab to run in
    await popup.getByRole('button', { name: /Back to history/ }).click();
    await popup.getByPlaceholder('Search captions').fill('');

    await popup.getByRole('button', { name: /^Delete the check of “A red bus/ }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(async () => (await stored()).map((e) => e.job.caption)).toEqual([CAPTIONS[2], CAPTIONS[1]]);

    const csvDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('saved_at,page_url,image_url,model,caption,claim,verdict,error_types,reasoning,score,score_kind,decided,edited_by_user');
    expect(lines).toHaveLength(5); // two checks of two claims each
    expect(lines.filter((l) => l.includes(',Not supported,'))).toHaveLength(3);
    const jsonDownload = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Export JSON' }).click();
    const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as { caption: string }[];
    expect(json.map((e) => e.caption)).toEqual([CAPTIONS[2], CAPTIONS[1]]);

    await popup.getByRole('button', { name: 'Clear all' }).click();
    await popup.getByRole('button', { name: 'Delete all checks' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await expect.poll(() => stored()).toEqual([]);
    // A list stored beside the open view, one entry of it damaged: the count and the list hold the readable one only.
    const damaged = { id: 'damaged', savedAt: 1, job: { caption: 'half written' } };
    await (await currentWorker(ext)).evaluate(async (history) => chrome.storage.local.set({ history }), [damaged, entries[0]!] as unknown[]);
    await expect.poll(() => popup.getByRole('tab', { name: 'History (1)' }).count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(1);
    await popup.close();
  });

  it('keeps only as many checks as the retention setting allows, dropping the oldest', async () => {
    const { ext, model } = suite;
    await patchSettings(ext, { historyLimit: 1 });
    for (const caption of CAPTIONS.slice(0, 2)) await check(`${caption} Seen again.`);
    expect((await stored()).map((e) => e.job.caption)).toEqual([`${CAPTIONS[1]} Seen again.`]);
    // A comparison updates the check's entry in place rather than adding one.
    await patchSettings(ext, { historyLimit: 200 });
    model.set({ models: ['test-vlm', 'other-vlm'] });
    const tabId = await check('A green kite flies over a beach.', true);
    const jobId = (await storedJob(ext, tabId))!.id;
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
    await popup.getByRole('button', { name: 'Compare models…' }).click();
    await popup.getByLabel('Other model').fill('other-vlm');
    await popup.getByRole('button', { name: 'Run and compare' }).click();
    await popup.locator('[data-testid="compare-summary"][data-state="done"]').waitFor();
    await expect.poll(async () => (await stored())[0]?.job.comparison?.model).toBe('other-vlm');
    const entries = await stored();
    expect(entries.filter((e) => e.id === jobId)).toHaveLength(1);
    expect(entries[0]!.job.comparison?.model).toBe('other-vlm');
    await popup.close();
  });
});
