// The welcome page: a first install opens it once; its three samples check end to end, by their button
// or by a right-click, as on any page, and without a model the page says how to connect one.
import { describe, expect, it } from 'vitest';
import { clickMenu, tabIdOf } from './extension';
import { browserSuite } from './fixture';
import { useEndpoint } from './run-check';
import { docsPicture } from './screenshots';

describe('the welcome page', () => {
  const suite = browserSuite({ endpoint: false, ownBrowser: 'counts the welcome tabs a first install opens' });

  it('opens once when the extension is installed', () => {
    // launchWithExtension waited for the install's welcome tab and closed it before the tests.
    expect(suite.ext.welcomeTabs).toBe(1);
  });

  it('checks its samples by button and by right-click, and without a model says how to connect one', async () => {
    const { ext, model } = suite;
    const welcome = await ext.context.newPage();
    await welcome.setViewportSize({ width: 1200, height: 1000 });
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    const sample = (id: string) => welcome.locator(`[data-testid="welcome-sample"][data-sample="${id}"]`);
    await expect.poll(() => welcome.getByTestId('welcome-sample').count()).toBe(3);
    await expect.poll(() => welcome.getByTestId('welcome-builtin').getAttribute('data-state')).not.toBe('unknown');

    // No model yet: the check ends by saying what to do.
    await sample('ducks').getByRole('button', { name: 'Check this caption' }).click();
    await sample('ducks').locator('[data-testid="check-status"][data-state="error"]').waitFor({ timeout: 30_000 });
    await sample('ducks').getByRole('button', { name: 'Connect a model in Options' }).waitFor();
    // The on-device model's status is stated once, in its own section, not again in the sample's error.
    const onDevice = (await welcome.getByTestId('welcome-builtin').innerText()).trim();
    expect(onDevice.length).toBeGreaterThan(20);
    const pageText = await welcome.locator('main').innerText();
    expect(pageText.split(onDevice).length - 1).toBe(1);

    await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm' });
    model.set({ falseWhen: [{ match: /four/i, error_type: ['Quantitative'], reasoning: 'There are two ducks.' }, { match: /red car|bicycle/i, error_type: ['Attribute'] }] });
    await sample('ducks').getByRole('button', { name: 'Check this caption' }).click();
    const ducks = sample('ducks').locator('[data-testid="check-status"][data-state="done"]');
    await ducks.waitFor({ timeout: 30_000 });
    await expect.poll(() => ducks.innerText()).toBe('1 of 1 claim not supported — Quantitative.');
    await expect.poll(() => sample('ducks').getByTestId('sample-truth').innerText()).toContain('two ducks, not four');

    // A right-click on a sample, as on any page: its caption is known, so no chooser; the worker reads the picture.
    const tabId = await tabIdOf(ext, welcome);
    const carUrl = `chrome-extension://${ext.extensionId}/welcome/car.png`;
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: carUrl, pageUrl: welcome.url() });
    const car = sample('car').locator('[data-testid="check-status"][data-state="done"]');
    await car.waitFor({ timeout: 30_000 });
    await expect.poll(() => sample('car').getByTestId('claim').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-label')))).toEqual(['false', 'false']);
    const sent = model.requests.filter((r) => r.image);
    expect(sent.map((r) => r.claims)).toEqual([
      ['Four yellow ducks swim on a blue pond.'],
      ['A red car is parked on a grey road.', 'A bicycle leans against the car.'],
    ]);
    await welcome.screenshot({ path: docsPicture('welcome.png'), fullPage: true });
    await welcome.close();
  });
});
