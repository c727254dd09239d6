// The welcome page: a first install opens it once; its three samples check end to end, by their button
// or by a right-click, as on any page, each result staying beside its sample and readable from a phone's
// width to a desktop's; without a model the page says how to connect one, inline, and opens nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WELCOME_SAMPLES } from '@/lib/welcome';
import { welcomeSampleRules } from '../server/welcome-samples';
import { clickMenu, tabIdOf } from './extension';
import { browserSuite } from './fixture';
import { useEndpoint } from './run-check';
import { docsPicture } from './screenshots';

describe('the welcome page', () => {
  const suite = browserSuite({ endpoint: false, ownBrowser: 'counts the welcome tabs a first install opens' });

  /** Every page of the browser other than the ones the test opened: a tab or popup the extension opened unasked. */
  const unasked = (mine: Page[]) => suite.ext.context.pages().filter((p) => !mine.includes(p) && p.url() !== 'about:blank');

  it('opens once when the extension is installed', () => {
    // launchWithExtension waited for the install's welcome tab and closed it before the tests.
    expect(suite.ext.welcomeTabs).toBe(1);
  });

  it('checks its samples by button and by right-click, keeps each result, and without a model says how to connect one', async () => {
    const { ext, model } = suite;
    const before = ext.context.pages();
    const welcome = await ext.context.newPage();
    await welcome.setViewportSize({ width: 1280, height: 1000 });
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    const sample = (id: string) => welcome.locator(`[data-testid="welcome-sample"][data-sample="${id}"]`);
    const done = (id: string) => sample(id).locator('[data-testid="check-status"][data-state="done"]');
    const labels = (id: string) => sample(id).getByTestId('claim').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-label')}:${r.getAttribute('data-error-types')}`));
    await expect.poll(() => welcome.getByTestId('welcome-sample').count()).toBe(3);
    await expect.poll(() => welcome.getByTestId('welcome-builtin').getAttribute('data-state')).not.toBe('unknown');

    // No model yet: the check ends by saying what to do, here, with a way to Options.
    await sample('ducks').getByRole('button', { name: 'Check this caption' }).click();
    await sample('ducks').locator('[data-testid="check-status"][data-state="error"]').waitFor({ timeout: 30_000 });
    await sample('ducks').getByRole('button', { name: 'Connect a model in Options' }).waitFor();
    // The on-device model's status is stated once, in its own section, not again in the sample's error.
    const onDevice = (await welcome.getByTestId('welcome-builtin').innerText()).trim();
    expect(onDevice.length).toBeGreaterThan(20);
    const pageText = await welcome.locator('main').innerText();
    expect(pageText.split(onDevice).length - 1).toBe(1);

    // A model that reads the pictures: it finds exactly what each picture does not show.
    await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm' });
    model.set({ falseWhen: welcomeSampleRules() });
    await sample('apples').getByRole('button', { name: 'Check this caption' }).click();
    await done('apples').waitFor({ timeout: 30_000 });
    await expect.poll(() => labels('apples')).toEqual(['true:', 'true:', 'false:Object']);
    await sample('ducks').getByRole('button', { name: 'Check this caption' }).click();
    await done('ducks').waitFor({ timeout: 30_000 });
    await expect.poll(() => done('ducks').innerText()).toBe('1 of 3 claims not supported — Quantitative.');
    await expect.poll(() => sample('ducks').getByTestId('sample-truth').innerText()).toContain('two ducks, not four');
    // The first sample's result stayed.
    await expect.poll(() => labels('apples')).toEqual(['true:', 'true:', 'false:Object']);

    // A right-click on a sample, as on any page: its caption is known, so no chooser; the worker reads the picture.
    const tabId = await tabIdOf(ext, welcome);
    const carUrl = `chrome-extension://${ext.extensionId}/welcome/car.png`;
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: carUrl, pageUrl: welcome.url() });
    await done('car').waitFor({ timeout: 30_000 });
    await expect.poll(() => labels('car')).toEqual(['false:Attribute', 'false:Object', 'true:']);
    const sent = model.requests.filter((r) => r.image);
    expect(sent.map((r) => r.claims)).toEqual([
      ['Three red apples sit in a row on a wooden table.', 'Each apple has a green leaf.', 'A banana lies beside the apples.'],
      ['Four yellow ducks swim on a blue pond.', 'Each duck has an orange beak.', 'The ducks face to the right.'],
      ['A red car is parked on a grey road.', 'A bicycle leans against the car.', 'A white dashed line runs along the road.'],
    ]);
    // Three checks later, the no-model check of the start has long ended: it opened no Options tab or popup.
    expect(unasked([...before, welcome]).map((p) => p.url())).toEqual([]);
    for (const { id } of WELCOME_SAMPLES) await expect.poll(() => done(id).count()).toBe(1);

    // Each claim reads as a line of text at every width, not a column of a few letters.
    for (const width of [360, 800, 1280]) {
      await welcome.setViewportSize({ width, height: 900 });
      await expect.poll(() => welcome.locator('.claim__text').evaluateAll((els) => Math.min(...els.map((el) => el.getBoundingClientRect().width)))).toBeGreaterThanOrEqual(200);
      await expect.poll(() => welcome.getByTestId('claim').count()).toBe(9);
      if (width === 1280) await welcome.screenshot({ path: docsPicture('welcome.png'), fullPage: true });
    }
    await welcome.close();
  });

  it("Options' first-run note leaves once the model answered Test connection", async () => {
    const { ext, model } = suite;
    model.reset();
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html?firstRun=1`);
    const note = options.getByRole('note').filter({ hasText: 'needs a model endpoint' });
    await note.waitFor();
    await options.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
    await options.getByLabel('API key', { exact: true }).fill('sk-test');
    await options.getByLabel('Model', { exact: true }).fill('test-vlm');
    await options.getByRole('button', { name: 'Save' }).click();
    await options.getByTestId('settings-status').filter({ hasText: 'Saved' }).waitFor();
    await options.getByRole('button', { name: 'Test connection' }).click();
    await options.getByTestId('settings-status').filter({ hasText: 'Connection works' }).waitFor();
    await expect.poll(() => note.count()).toBe(0);
    // A reload keeps it gone: the address no longer asks for it.
    await options.reload();
    await options.getByLabel('Base URL', { exact: true }).waitFor();
    expect(await options.getByRole('note').filter({ hasText: 'needs a model endpoint' }).count()).toBe(0);
    await options.close();
  });
});
