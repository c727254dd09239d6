// The popup leads with the evidence: the image (opened as sent), where it came from, the caption with its
// marks, the verdicts with an unsupported claim's reasoning open; the actions come after, and a comparison
// shows where it was asked for.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import type { LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt } from './results-flow';

const LONG = 'A brown dog with a red collar sleeps under the wooden kitchen table beside a bowl of water and a chewed tennis ball.';

/** Whether the element `first` matches comes before the one `second` matches in the popup's document. */
const before = (popup: Page, first: string, second: string) =>
  popup.evaluate(([a, b]) => {
    const x = document.querySelector(a);
    const y = document.querySelector(b);
    return !!x && !!y && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }, [first, second] as const);

describe('the result, evidence first', () => {
  const suite = browserSuite({ endpoint: 'storage', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
  });

  it('shows the image, its page, the caption and the verdicts before the actions; the thumbnail opens the image as sent', async () => {
    model.reset();
    model.set({ models: ['test-vlm', 'other-vlm'], falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
    const { article, photo } = await freshArticle(pages, `Two orange cats sit on a sofa. ${LONG}`);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);

    // Where it came from: the image's file name and the page, by its title.
    await expect.poll(() => popup.locator('.page-from').innerText()).toBe(`${photo.split('/').pop()} on Test page`);
    expect(await popup.locator('.page-from').getAttribute('title')).toBe(article);
    expect(await before(popup, '.caption', '[role="toolbar"]')).toBe(true);
    expect(await before(popup, '[data-testid="claim"]', '[role="toolbar"]')).toBe(true);
    // The unsupported claim's reasoning is open; the supported one's is folded.
    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.nth(1).innerText()).toContain('There is no dog in the image.');
    expect(await claims.nth(0).locator('details').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);

    // The 64 px thumbnail opens the image as the model received it (larger than the thumbnail).
    await popup.getByRole('button', { name: 'The checked image' }).click();
    const sent = popup.getByRole('img', { name: 'The image as sent to the model' });
    await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(400);
    await expect.poll(() => popup.locator('.sent-image figcaption').innerText()).toContain('as the model received it');

    // Edit claims: the long claim is shown whole in a box that grows with it.
    await popup.getByRole('button', { name: 'Edit claims' }).click();
    const box = popup.getByRole('textbox', { name: 'Claim 2' });
    await expect.poll(() => box.inputValue()).toBe(LONG);
    const fits = await box.evaluate((el: HTMLTextAreaElement) => ({ fits: el.scrollHeight <= el.clientHeight + 2, lines: el.clientHeight / parseFloat(getComputedStyle(el).lineHeight) }));
    expect(fits.fits).toBe(true);
    expect(fits.lines).toBeGreaterThan(1.5);
    await popup.getByRole('button', { name: 'Cancel' }).click();

    // Compare: the progress and the result land where the form was, above the actions.
    await popup.getByRole('button', { name: 'Compare models…' }).click();
    await popup.getByLabel('Other model').fill('other-vlm');
    await popup.getByRole('button', { name: 'Run and compare' }).click();
    await popup.locator('[data-testid="compare-summary"][data-state="done"]').waitFor();
    expect(await before(popup, '[data-testid="compare-summary"]', '[role="toolbar"]')).toBe(true);
    await expect.poll(() => popup.getByTestId('compare-pending').count()).toBe(0);

    // History names the page by its title, not by its host and port.
    await popup.getByRole('tab', { name: /History/ }).click();
    await expect.poll(() => popup.locator('.history__item .meta').first().innerText()).toContain('Test page');
    await popup.close();
  });
});
