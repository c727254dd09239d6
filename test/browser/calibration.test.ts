// The calibrated path in the real extension: Options → Calibration imports a calibration.json, a
// check by that model scores each verdict by its label token, and the popup shows the one below its
// threshold as "Unsure — look yourself" with the model's leaning one click away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCalibration } from '../calibrate/fixture';
import { startModelServer, type ModelServer } from '../server/openai-server';
import { configureEndpoint, launchWithExtension, type LoadedExtension } from './extension';
import { startPageServer, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt } from './results-flow';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

const CALIBRATION = sampleCalibration({ supported: 0.9, not_supported: 0.9 });

describe('calibration: import in Options, "Unsure — look yourself" in the popup', () => {
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
  });
  afterAll(async () => {
    await Promise.all([ext?.close(), model?.close(), pages?.close()]);
  });

  it('imports a calibration, then marks the low-scored verdict unsure and says how many are decided', async () => {
    await configureEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm' });
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await options.getByTestId('calibration-none').waitFor();
    // A broken file first: a clear message, and nothing stored.
    await options.getByTestId('calibration-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"model":"x"}') });
    await expect.poll(() => options.getByTestId('calibration-message').innerText()).toMatch(/not a calibration file/);
    await options.getByTestId('calibration-file').setInputFiles({
      name: 'calibration.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(CALIBRATION)),
    });
    const row = options.locator('[data-testid="calibration-row"][data-model="test-vlm"]');
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('error ≤ 10%');
    await options.close();

    model.set({
      logprobs: true,
      falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }],
      labelProbability: (claim) => (/dog/i.test(claim) ? 0.62 : 0.99),
    });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    await expect.poll(() => popup.getByTestId('decided-summary').innerText()).toBe('1 of 2 claims decided at ≤ 10% error · 1 unsure');
    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.nth(0).getAttribute('data-decided')).toBe('true');
    await expect.poll(() => claims.nth(0).innerText()).toContain('Supported');
    await expect.poll(() => claims.nth(1).getAttribute('data-decided')).toBe('false');
    await expect.poll(() => claims.nth(1).innerText()).toContain('Unsure — look yourself');
    // The label is not hidden: the leaning and the reasoning are one click away.
    await claims.nth(1).locator('summary').click();
    await expect.poll(() => claims.nth(1).locator('.claim__leaning').innerText()).toBe('The model leans: Not supported');
    await expect.poll(() => claims.nth(1).innerText()).toContain('There is no dog in the image.');
    await Promise.all([popup.close(), page.close()]);
  });
});
