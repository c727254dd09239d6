// The side panel: the popup's results view in a panel that stays open and follows the active tab.
// By default the toolbar button opens it (where the browser has one); Options can switch back to the popup.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { currentWorker, type LoadedExtension } from './extension';
import { readMarks } from './marks-driver';
import { docsPicture, sideBySide } from './screenshots';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, patchSettings, storedJob } from './results-flow';

describe('the side panel', () => {
  const suite = browserSuite({ endpoint: 'options' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
  });

  const toolbar = async () =>
    (await currentWorker(ext)).evaluate(async () => ({
      popup: await chrome.action.getPopup({}),
      panelOnClick: (await chrome.sidePanel.getPanelBehavior()).openPanelOnActionClick,
    }));

  it('the toolbar button opens the panel by default; Options switches it to the popup and back', async () => {
    await patchSettings(ext, { toolbarOpens: 'auto' });
    await expect.poll(toolbar, { timeout: 15_000 }).toEqual({ popup: '', panelOnClick: true });

    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await options.getByLabel('Toolbar button opens').selectOption('popup');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await options.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(toolbar, { timeout: 15_000 }).toEqual({ popup: `chrome-extension://${ext.extensionId}/popup.html`, panelOnClick: false });

    await options.getByLabel('Toolbar button opens').selectOption('panel');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(toolbar, { timeout: 15_000 }).toEqual({ popup: '', panelOnClick: true });
    await options.close();
  });

  it('follows the active tab and shows its check live', async () => {
    // (openGranted points the toolbar at the popup first: a click that opens the panel grants no activeTab.)
    model.reset();
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });

    const first = await freshArticle(pages, 'Two orange cats sit on a sofa. A dog sleeps under the table.');
    const a = await openGranted(ext, first.article);
    await checkWithSelection(ext, a.page, a.tabId, first.photo);
    await expect.poll(async () => (await storedJob(ext, a.tabId))?.status, { timeout: 30_000 }).toBe('done');

    // The panel page, opened beside the tabs (a real side panel cannot be opened without a user gesture).
    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    // The page follows tab switches once it has mounted and read its first tab (its own, here), which
    // the pick-image button proves; the load event alone comes before React's first effects.
    await panel.locator('button.pick-image').waitFor();
    const status = panel.getByTestId('check-status');
    await a.page.bringToFront();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('1 of 2 claims not supported — Object');

    // Another tab, checked while the panel is open: the panel switches to it and its verdicts stream in.
    // Held after its first verdict until released: the panel shows the running check however slow the machine.
    model.set({ holdAt: 0.6 });
    const second = await freshArticle(pages, 'Three boats float in the harbour. A lighthouse stands on the hill.');
    const b = await openGranted(ext, second.article);
    await b.page.bringToFront();
    await checkWithSelection(ext, b.page, b.tabId, second.photo);
    await panel.locator('[data-testid="check-status"][data-state="running"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getByTestId('claim').allTextContents(), { timeout: 15_000 }).toEqual([
      expect.stringContaining('Three boats float in the harbour.'),
      expect.stringContaining('A lighthouse stands on the hill.'),
    ]);
    // The first verdict is in and the answer is held: the panel shows the check as it runs.
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Checking… 1 of 2 claims have a verdict');
    model.release();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('All 2 claims supported.');

    // Back to the first tab: its check again.
    await a.page.bringToFront();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('1 of 2 claims not supported — Object');
    await Promise.all([a.page.close(), b.page.close(), panel.close()]);
  });

  it('open before the click, shows the check as it starts (its claims pending while the model has not answered), then its verdicts', async () => {
    // The panel holds a starting check's records a moment and reads them only then: what it draws is still every record's.
    model.reset();
    model.set({ holdAt: 0, falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
    const { article, photo } = await freshArticle(pages, 'Two orange cats sit on a sofa. A dog sleeps under the table.');
    const { page, tabId } = await openGranted(ext, article);
    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor();
    await page.bringToFront();
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(() => model.requests.length, { timeout: 15_000 }).toBe(1);
    const status = panel.getByTestId('check-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('running');
    await expect.poll(() => panel.getByTestId('claim').evaluateAll((claims) => claims.map((c) => c.getAttribute('data-label'))), { timeout: 15_000 }).toEqual(['pending', 'pending']);
    expect((await storedJob(ext, tabId))?.status).toBe('running');
    model.release();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('1 of 2 claims not supported — Object');
    await Promise.all([page.close(), panel.close()]);
  });

  it('a claim under the pointer stands out on the page, and a click on it scrolls the page to the image', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
    // A long page: scrolled to its end, the image is out of view.
    const { article, photo } = await freshArticle(pages, 'Two orange cats sit on a sofa. A dog sleeps under the table.', '<div style="height:4000px"></div><p>The end.</p>');
    const a = await openGranted(ext, article);
    await checkWithSelection(ext, a.page, a.tabId, photo);
    await expect.poll(async () => (await readMarks(a.page)).length, { timeout: 30_000 }).toBeGreaterThan(0);

    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor();
    await a.page.bringToFront();
    const claims = panel.getByTestId('claim');
    await expect.poll(() => claims.count(), { timeout: 15_000 }).toBe(2);
    const focused = async () => [...new Set((await readMarks(a.page)).filter((m) => m.focused).map((m) => m.claim))];
    await expect.poll(focused).toEqual([]);

    await claims.nth(1).hover();
    await expect.poll(focused).toEqual([1]);
    // For the README: the panel beside the page, with the hovered claim standing out in the caption.
    await Promise.all([panel.setViewportSize({ width: 400, height: 700 }), a.page.setViewportSize({ width: 800, height: 700 })]);
    const [pageShot, panelShot] = await Promise.all([a.page.screenshot(), panel.screenshot()]);
    await sideBySide(pageShot, panelShot, docsPicture('panel.png'));
    await claims.nth(0).hover();
    await expect.poll(focused).toEqual([0]);
    await panel.mouse.move(1, 1);
    await expect.poll(focused).toEqual([]);
    // The marks keep their verdicts while one stands out.
    expect(new Set((await readMarks(a.page)).map((m) => `${m.claim}:${m.label}`))).toEqual(new Set(['0:true', '1:false']));

    const imageInView = () =>
      a.page.evaluate(() => {
        const rect = document.getElementById('photo')!.getBoundingClientRect();
        return rect.top >= 0 && rect.bottom <= innerHeight;
      });
    await a.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(imageInView).toBe(false);
    await claims.nth(1).getByRole('button', { name: /A dog sleeps under the table/ }).click();
    await expect.poll(imageInView).toBe(true);
    await Promise.all([a.page.close(), panel.close()]);
  });
});
