// The price of a check, in the built extension: a user whose settings were saved by a build that
// sampled 5 answers per claim by default (settings v2 at samplesPerClaim 5) updates; against an
// endpoint that sends no logprobs and ignores `n`, each check, re-check, comparison, page check and
// alt-text audit is then one request, the popup shows the count beside the tokens, and an agreement
// score costs N + 1 requests only once asked for in Options.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { currentWorker, openPopup, SAMPLES_LABEL, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';
import type { ModelServer } from '../server/openai-server';

const CAPTION = 'Two cats sit on a sofa. A dog sleeps under the table.';

describe('the price of a check', () => {
  const suite = browserSuite({ endpoint: false, closePages: true, watchErrors: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  /** Requests that carried the image: verifications and samples, not model lists or preflights. */
  const verifications = () => model.requests.filter((r) => r.image).length;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    model.set({ models: ['test-vlm', 'other-vlm'], honourN: false, sampling: { seed: 3, flip: () => 0.3 } });
    // What the build before this one stored for a user who never touched the samples field.
    const stored = { version: 2, ...DEFAULT_SETTINGS, baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm', samplesPerClaim: 5 };
    const worker = await currentWorker(ext);
    await worker.evaluate((settings) => chrome.storage.local.set({ settings }), stored);
    // Pictures no other test uses: the verdict cache must never answer instead of the server.
    pages.route('/p1.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 13, g: 201, b: 77 }) });
    pages.route('/p2.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 177, g: 23, b: 199 }) });
    // The alt text differs from the caption, so the audit asks about other claims than the page check.
    const figure = (src: string, alt: string, caption: string) => `<figure><img src="${src}" width="300" height="200" alt="${alt}"><figcaption>${caption}</figcaption></figure>`;
    pages.route(
      '/pairs.html',
      htmlPage(
        figure('/p1.jpg', 'A bicycle painted green by a wooden fence.', 'A green bicycle leans on a fence.') +
          figure('/p2.jpg', 'An open purple umbrella on a wet street.', 'A purple umbrella stands in the rain.'),
      ),
    );
  });

  /** Checks a new picture by selection and menu; returns its tab, the popup once done, and the requests it sent. */
  async function checkNew(): Promise<{ page: Page; tabId: number; popup: Page; sent: number }> {
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    const before = verifications();
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    // The job is done: every request of the check (samples included) has been answered.
    return { page, tabId, popup, sent: verifications() - before };
  }

  /** The popup's cost line, once it shows `requests`. */
  async function costShows(popup: Page, requests: string): Promise<void> {
    await expect.poll(() => popup.getByTestId('check-cost').innerText()).toMatch(new RegExp(` · ${requests} · [\\d,]+ tokens`));
  }

  it('after the update, a check, a re-check and a comparison are one request each, and the popup says so', async () => {
    const { page, tabId, popup, sent } = await checkNew();
    expect(sent).toBe(1);
    const before = verifications();
    expect(await storedJob(ext, tabId)).toMatchObject({ status: 'done', requests: 1, scoreKind: null });
    await costShows(popup, '1 request');
    await expect.poll(() => popup.getByTestId('score-hint').innerText()).toContain('Not scored: this endpoint gives no logprobs.');

    const first = (await storedJob(ext, tabId))!;
    await popup.getByRole('button', { name: 'Edit claims' }).click();
    await popup.getByRole('textbox', { name: 'Claim 2' }).fill('A cat sleeps under the table.');
    await popup.getByRole('button', { name: 'Re-check' }).click();
    await expect.poll(() => storedJob(ext, tabId).then((j) => j?.id !== first.id && j?.status === 'done'), { timeout: 30_000 }).toBe(true);
    expect(verifications() - before).toBe(1);
    expect((await storedJob(ext, tabId))?.requests).toBe(1);
    await costShows(popup, '1 request');

    await popup.getByRole('button', { name: 'Compare models…' }).click();
    await popup.getByLabel('Other model').fill('other-vlm');
    await popup.getByRole('button', { name: 'Run and compare' }).click();
    await popup.locator('[data-testid="compare-summary"][data-state="done"]').waitFor();
    expect(verifications() - before).toBe(2);
    expect((await storedJob(ext, tabId))?.comparison).toMatchObject({ status: 'done', requests: 1 });
    await Promise.all([popup.close(), page.close()]);
  });

  it.each([
    ['Check all captioned images on this page', 'captions'],
    ['Check alt text on this page', 'alt'],
  ])('"%s": one request per pair', async (button, kind) => {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/pairs.html`);
    const popup = await openPopup(ext, tabId);
    await popup.getByRole('button', { name: button }).click();
    await popup.locator(`[data-testid="page-check"][data-kind="${kind}"][data-status="choosing"]`).waitFor();
    const before = verifications();
    await popup.getByRole('button', { name: 'Check 2 selected' }).click();
    await popup.locator(`[data-testid="page-check"][data-kind="${kind}"][data-status="done"]`).waitFor({ timeout: 30_000 });
    expect(verifications() - before).toBe(2);
    await Promise.all([popup.close(), page.close()]);
  });

  it('Options shows the migrated choice and the cost; an agreement score asked for there costs N + 1 requests', async () => {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    const field = options.getByLabel(SAMPLES_LABEL, { exact: true });
    await expect.poll(() => field.inputValue()).toBe('1');
    await expect.poll(() => options.getByTestId('samples-cost').innerText()).toBe(
      'Off: each check is one request. Where the endpoint gives logprobs, verdicts are scored anyway.',
    );
    await field.fill('3');
    await expect.poll(() => options.getByTestId('samples-cost').innerText()).toContain('Each check costs 4 requests where the endpoint gives no logprobs');
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
    await options.locator('[data-testid="settings-status"][aria-busy="false"]').waitFor();
    await options.close();

    const { page, tabId, popup, sent } = await checkNew();
    expect(sent).toBe(4);
    expect(await storedJob(ext, tabId)).toMatchObject({ requests: 4, scoreKind: 'agreement' });
    await costShows(popup, '4 requests');
    expect(await popup.getByTestId('score-hint').count()).toBe(0);
    await Promise.all([popup.close(), page.close()]);
  });
});
