// The calibrated path in the real extension: Options → Calibration imports a calibration.json, a
// check by that model scores each verdict by its label token, and the popup shows the one below its
// threshold as "Unsure — look yourself" with the model's leaning one click away.
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCalibration } from '../calibrate/fixture';
import { seededDraw } from '../server/behavior';
import type { ModelServer } from '../server/openai-server';
import { configureEndpoint, type LoadedExtension } from './extension';
import type { Page } from 'playwright-core';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { readMarks } from './marks-driver';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

const CALIBRATION = sampleCalibration({ supported: 0.9, not_supported: 0.9 });

/** Imports a calibration file in Options and waits for its row. */
async function importCalibration(options: Page, calibration: object, model: string): Promise<void> {
  await options.getByTestId('calibration-file').setInputFiles({
    name: 'calibration.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(calibration)),
  });
  await options.locator(`[data-testid="calibration-row"][data-model="${model}"]`).waitFor();
}

describe('calibration: import in Options, "Unsure — look yourself" in the popup', () => {
  // Each test saves its own endpoint in Options (the second one samples).
  const suite = browserSuite({ endpoint: false });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
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
    // On the page, too, the undecided verdict is marked unsure, not ✗.
    await expect
      .poll(async () => [...new Set((await readMarks(page)).map((m) => `${m.claim}:${m.label}`))].sort(), { timeout: 15_000 })
      .toEqual(['0:true', '1:unsure']);
    await Promise.all([popup.close(), page.close()]);
  });

  it('scores an endpoint without logprobs by agreement among k samples, judged by an agreement calibration', async () => {
    const SAMPLED = 'sampled-vlm';
    const SEED = 2;
    const DOG_FLIP = 0.4;
    await configureEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: SAMPLED, samplesPerClaim: 5 });
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await importCalibration(options, { ...CALIBRATION, model: SAMPLED, score_kind: 'agreement' }, SAMPLED);
    const row = options.locator(`[data-testid="calibration-row"][data-model="${SAMPLED}"]`);
    await expect.poll(() => row.innerText()).toContain('scored by agreement among samples');
    await options.close();

    model.reset();
    // No logprobs; sampled answers flip the dog's label with probability 0.4 (seeded), never the cats'.
    model.set({
      models: ['test-vlm', SAMPLED],
      logprobs: false,
      falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }],
      sampling: { seed: SEED, flip: (claim) => (/dog/i.test(claim) ? DOG_FLIP : 0) },
    });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.count()).toBe(2);
    const job = await storedJob(ext, tabId);
    expect(job?.scoreKind).toBe('agreement');
    const dogClaim = job?.claims[1]?.text ?? '';
    expect(dogClaim).toMatch(/dog/);
    // What the server's seeded noise gave the five samples: the majority is the verdict, its share the score.
    const flips = [0, 1, 2, 3, 4].filter((count) => seededDraw(SEED, `${dogClaim}\u0000${count}`) < DOG_FLIP).length;
    const agreement = Math.max(flips, 5 - flips) / 5;
    const dogDecided = agreement >= 0.9;
    await expect.poll(() => claims.nth(0).getAttribute('data-decided')).toBe('true');
    await expect.poll(() => claims.nth(0).innerText()).toContain('100% of samples agree');
    await expect.poll(() => claims.nth(1).getAttribute('data-decided')).toBe(String(dogDecided));
    await expect.poll(() => claims.nth(1).innerText()).toContain(`${Math.round(agreement * 100)}% of samples agree`);
    if (!dogDecided) await expect.poll(() => claims.nth(1).innerText()).toContain('Unsure — look yourself');
    const decided = dogDecided ? 2 : 1;
    await expect.poll(() => popup.getByTestId('decided-summary').innerText()).toBe(`${decided} of 2 claims decided at ≤ 10% error · ${2 - decided} unsure`);
    // One answer at temperature 0 (streamed as before), then one request for the five samples (n = 5).
    const sampled = model.requests.filter((r) => r.image && (r.body as { n?: number }).n === 5);
    expect(sampled).toHaveLength(1);
    await Promise.all([popup.close(), page.close()]);
  });
});
