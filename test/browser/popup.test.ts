import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { configureEndpoint, currentWorker, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';
import { docsPicture } from './screenshots';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table. The scene feels cozy and inviting.';

describe('popup: the check, live, and what the user can do with it', () => {
  const suite = browserSuite({ endpoint: false });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
  });

  /** Clicking opens the Options page (a new tab, or the one already open brought forward). */
  const expectOptionsOpened = async (click: () => Promise<void>) => {
    const isOptions = (p: { url(): string }) => p.url().startsWith(`chrome-extension://${ext.extensionId}/options.html`);
    await Promise.all(ext.context.pages().filter(isOptions).map((p) => p.close()));
    const opened = ext.context.waitForEvent('page', { predicate: isOptions, timeout: 30_000 });
    await click();
    await (await opened).close();
  };

  it('explains the first run and links to Options when no endpoint is set', async () => {
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    // The menu click itself shows the guidance: the toolbar popup where the browser opens one for the
    // worker (it depends on window focus here), else Options with the note.
    const cdp = await ext.context.browser()!.newBrowserCDPSession();
    const actionPopups = async () =>
      ((await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] }).targetInfos.filter(
        (t) => t.type === 'page' && t.url === `chrome-extension://${ext.extensionId}/popup.html`,
      ).length;
    // The popup the toolbar click opened (to grant activeTab) is gone first.
    await expect.poll(actionPopups).toBe(0);
    const firstRunPage = () => ext.context.pages().find((p) => p.url().includes('/options.html?firstRun'));
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(async () => Boolean(firstRunPage()) || (await actionPopups()) > 0, { timeout: 30_000 }).toBe(true);
    await cdp.detach();
    const firstRunOptions = firstRunPage();
    if (firstRunOptions) {
      await firstRunOptions.getByRole('note').filter({ hasText: 'needs a model endpoint' }).waitFor();
      await firstRunOptions.close();
    }
    const popup = await openPopup(ext, tabId);
    const guide = popup.getByTestId('first-run');
    await guide.waitFor();
    await expect.poll(() => guide.locator('li').count()).toBe(3);
    expect((await storedJob(ext, tabId))?.error?.kind).toBe('not-configured');
    await expectOptionsOpened(() => guide.getByRole('button', { name: 'Open Options' }).click());
    expect(model.requests).toHaveLength(0);
    await Promise.all([popup.close(), page.close()]);
  });

  it('shows claims at once and turns each from pending to a verdict as it streams in', async () => {
    await configureEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm' });
    // The answer stops after its first verdict until released: the in-between state lasts however slow the machine.
    model.set({ holdAt: 0.6, falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await openPopup(ext, tabId);
    await popup.setViewportSize({ width: 420, height: 640 });
    // A moment where the first verdict is in and the second is still pending: the popup updates per verdict.
    await popup.waitForFunction(() => {
      const labels = [...document.querySelectorAll('[data-testid="claim"]')].map((el) => el.getAttribute('data-label'));
      return labels.length === 2 && labels[0] === 'true' && labels[1] === 'pending';
    });
    model.release();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();

    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.nth(1).getAttribute('data-label')).toBe('false');
    await expect.poll(() => claims.nth(1).getAttribute('data-error-types')).toBe('Object');
    await expect.poll(() => claims.nth(0).innerText()).toContain('Supported');
    await expect.poll(() => claims.nth(1).innerText()).toContain('Not supported');
    await expect.poll(() => popup.getByTestId('check-status').innerText()).toBe('1 of 2 claims not supported — Object');
    // The caption shows each claim's span by verdict, and the interpretation set aside, with its reason.
    await expect.poll(() => popup.locator('.caption .span--false').innerText()).toBe('A dog sleeps under the table.');
    await expect.poll(() => popup.locator('.caption .span--true').innerText()).toBe('Two orange cats sit on a sofa.');
    await expect.poll(() => popup.getByTestId('set-aside').count()).toBeGreaterThan(0);
    await expect.poll(() => popup.locator('.legend').innerText()).toContain('Quantitative');
    await expect.poll(() => popup.locator('.meta').first().innerText()).toMatch(/Model: test-vlm · \d+\.\d s · 1 request · [\d,]+ tokens/);
    const thumb = popup.getByRole('img', { name: 'The checked image' });
    await expect.poll(() => thumb.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight))).toBe(160);
    // The reasoning of a claim the image does not support is open without a click; a supported claim's stays folded.
    await expect.poll(() => claims.nth(1).innerText()).toContain('There is no dog in the image.');
    expect(await claims.nth(0).locator('details').evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);

    await popup.setViewportSize({ width: 420, height: 400 });
    await popup.screenshot({ path: docsPicture('popup.png'), fullPage: true });

    // Copy as Markdown and JSON: what reaches the clipboard API (headless Chromium grants no clipboard
    // permission to extension origins, so the call is recorded instead of read back).
    await popup.evaluate(() => {
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      navigator.clipboard.writeText = async (text: string) => void copied.push(text);
    });
    const copied = () => popup.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1) ?? '');
    await popup.getByRole('button', { name: 'Copy Markdown' }).click();
    await popup.getByTestId('notice').filter({ hasText: 'Copied as Markdown.' }).waitFor();
    const markdown = await copied();
    expect(markdown).toContain('- ✗ **Not supported** — A dog sleeps under the table. _(Object)_');
    expect(markdown).toContain('- ✓ **Supported** — Two orange cats sit on a sofa.');
    await popup.getByRole('button', { name: 'Copy JSON' }).click();
    await popup.getByTestId('notice').filter({ hasText: 'Copied as JSON.' }).waitFor();
    const json = JSON.parse(await copied()) as { claims: { verdict: { label: boolean } }[]; model: string };
    expect(json.claims.map((c) => c.verdict.label)).toEqual([true, false]);
    expect(json.model).toBe('test-vlm');

    await Promise.all([popup.close(), page.close()]);
  });

  it('cancels a running check, keeping the verdicts that arrived, and runs it again', async () => {
    model.reset();
    // The answer stops after its first verdict until the client leaves: the second can only come after the
    // cancel if the cancel failed, however slow the machine.
    model.set({ holdAt: 0.6 });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="claim"][data-label="true"]').first().waitFor();
    expect(model.progress.sent).toBeLessThan(model.progress.total);
    await popup.getByRole('button', { name: 'Cancel check' }).click();
    await popup.locator('[data-testid="check-status"][data-state="error"]').waitFor();
    await expect.poll(() => popup.getByTestId('error-help').getAttribute('data-kind')).toBe('aborted');
    const labels = await popup.getByTestId('claim').evaluateAll((els) => els.map((el) => el.getAttribute('data-label')));
    expect(labels).toEqual(['true', 'error']);

    model.set({ holdAt: null });
    const before = model.requests.filter((r) => r.image).length;
    await popup.getByRole('button', { name: 'Re-run' }).click();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    expect(model.requests.filter((r) => r.image).length).toBe(before + 1);
    await Promise.all([popup.close(), page.close()]);
  });

  it('says what went wrong and offers the fix: a rejected key opens Options', async () => {
    model.reset();
    model.set({ apiKey: 'sk-other' });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId, 'error');
    await expect.poll(() => popup.getByTestId('check-status').innerText()).toContain('Check your API key in Options');
    await expect.poll(() => popup.getByTestId('error-help').getAttribute('data-kind')).toBe('auth');
    await expectOptionsOpened(() => popup.getByRole('button', { name: 'Open Options' }).click());

    // A model without image input: the fix is to pick a vision model.
    model.reset();
    model.set({ rejectImages: true });
    await popup.getByRole('button', { name: 'Re-run' }).click();
    await popup.locator('[data-testid="error-help"][data-kind="no-image-input"]').waitFor();
    await expect.poll(() => popup.getByRole('button', { name: 'Pick a vision model' }).isVisible()).toBe(true);
    // An endpoint that is down: retry is offered, and retrying works once it is back.
    model.reset();
    model.set({ failures: Array.from({ length: 3 }, () => ({ status: 500, method: 'POST' as const })) });
    await popup.getByRole('button', { name: 'Re-run' }).click();
    await popup.locator('[data-testid="error-help"][data-kind="server"]').waitFor();
    await popup.getByRole('button', { name: 'Retry' }).click();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await Promise.all([popup.close(), page.close()]);
  });

  it('re-checks edited claims against the same image without reading the page again', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    const first = (await storedJob(ext, tabId))!;
    // The re-check must not need the page: it is gone. The tab stays (closing it forgets its check).
    await page.goto('about:blank');

    await popup.getByRole('button', { name: 'Edit claims' }).click();
    await popup.getByRole('textbox', { name: 'Claim 2' }).fill('A cat sleeps under the table.');
    await popup.getByRole('button', { name: 'Add a claim' }).click();
    await popup.getByRole('textbox', { name: 'Claim 3' }).fill('There is a dog.');
    await popup.getByRole('button', { name: 'Remove claim 1' }).click();
    await popup.getByRole('button', { name: 'Re-check' }).click();
    // The first check also had two claims and was done: only a new finished job proves the re-check ran.
    await expect.poll(() => storedJob(ext, tabId).then((j) => j?.id !== first.id && j?.status === 'done'), { timeout: 30_000 }).toBe(true);
    const last = model.requests.filter((r) => r.image).at(-1)!;
    expect(last.claims).toEqual(['A cat sleeps under the table.', 'There is a dog.']);
    await expect
      .poll(() => popup.getByTestId('claim').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-label')} ${el.textContent ?? ''}`)))
      .toEqual([expect.stringMatching(/^true [\s\S]*A cat sleeps under the table\./), expect.stringMatching(/^false [\s\S]*There is a dog\./)]);
    const job = (await storedJob(ext, tabId))!;
    expect(job.id).not.toBe(first.id);
    expect(job.caption).toBe(first.caption);
    // The edited claim is not in the caption, so it has no span there.
    expect(job.claims.map((c) => c.start)).toEqual([-1, -1]);
    await popup.close();
  });

  it('re-runs with another model and shows where the two disagree', async () => {
    model.reset();
    model.set({ models: ['test-vlm', 'other-vlm'], falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    // The second model sees a dog but miscounts the cats.
    model.set({ falseWhen: [{ match: /cats/i, error_type: ['Quantitative'] }] });
    await popup.getByRole('button', { name: 'Compare models…' }).click();
    await popup.getByLabel('Other model').fill('other-vlm');
    await popup.getByRole('button', { name: 'Run and compare' }).click();
    await popup.locator('[data-testid="compare-summary"][data-state="done"]').waitFor();
    await expect.poll(() => popup.getByTestId('compare-summary').innerText()).toBe('The models disagree on 2 of 2 claims.');
    const rows = await popup.getByTestId('compare-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-disagree')));
    expect(rows).toEqual(['true', 'true']);
    await expect.poll(() => popup.getByTestId('compare-row').first().innerText()).toContain('Disagree:');
    const compared = model.requests.filter((r) => r.image).at(-1)!;
    expect((compared.body as { model: string }).model).toBe('other-vlm');
    // The job's own verdicts are unchanged; the comparison is stored beside them.
    const job = (await storedJob(ext, tabId))!;
    expect(job.claims.map((c) => c.verdict?.label)).toEqual([true, false]);
    expect(job.comparison?.verdicts.map((v) => v?.label)).toEqual([false, true]);
    await expect.poll(async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId)).toBe('1');
    await Promise.all([popup.close(), page.close()]);
  });
});
