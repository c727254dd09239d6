import { beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../server/closed-port';
import { startModelServer, type ModelServer } from '../server/openai-server';
import { currentWorker, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { docsPicture } from './screenshots';

describe('Options: presets, model list, key storage, Test connection', () => {
  const suite = browserSuite({ endpoint: false, model: { models: ['test-vlm', 'other-vlm'] } });
  let ext: LoadedExtension;
  let model: ModelServer;

  beforeAll(async () => {
    ({ ext, model } = suite);
  });

  const openOptions = async () => {
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 760, height: 600 });
    await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await page.getByLabel('Base URL', { exact: true }).waitFor();
    return page;
  };
  const stored = async () =>
    (await currentWorker(ext)).evaluate(async () => ({
      local: (await chrome.storage.local.get('settings')).settings as Record<string, unknown> | undefined,
      session: (await chrome.storage.session.get('apiKey')).apiKey as string | undefined,
    }));

  it('fills the Base URL from a preset', async () => {
    const page = await openOptions();
    const preset = page.getByLabel('Provider');
    for (const [name, url] of [
      ['Ollama', 'http://localhost:11434/v1'],
      ['LM Studio', 'http://localhost:1234/v1'],
      ['vLLM', 'http://localhost:8000/v1'],
      ['OpenRouter', 'https://openrouter.ai/api/v1'],
      ['OpenAI', 'https://api.openai.com/v1'],
    ] as const) {
      await preset.selectOption({ label: name });
      await expect.poll(() => page.getByLabel('Base URL', { exact: true }).inputValue()).toBe(url);
    }
    // Typing a URL of no preset shows Custom.
    await page.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
    await expect.poll(() => preset.inputValue()).toBe('custom');
    await expect.poll(() => page.getByLabel('API key', { exact: true }).getAttribute('type')).toBe('password');
    await page.close();
  });

  it('lists the endpoint models for the Model field, keeps the key for the session only when asked, and validates', async () => {
    model.set({ apiKey: 'sk-test' });
    const page = await openOptions();
    await page.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
    await page.getByLabel('API key', { exact: true }).fill('sk-test');
    await page.getByLabel('Model', { exact: true }).focus(); // leaving the key field asks the endpoint for its models
    await page.getByTestId('model-count').filter({ hasText: 'lists 2 models' }).waitFor();
    const listed = await page.locator('#endpoint-models option').evaluateAll((els) => els.map((el) => el.getAttribute('value')));
    expect(listed).toEqual(['other-vlm', 'test-vlm']);
    await expect.poll(() => page.getByLabel('Model', { exact: true }).evaluate((el) => el.tagName + ':' + el.getAttribute('type'))).toBe('INPUT:text');
    await page.getByLabel('Model', { exact: true }).fill('test-vlm');

    await page.getByLabel('Claims per check').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('settings-status').filter({ hasText: 'out of range' }).waitFor();
    await page.getByLabel('Claims per check').fill('12');

    await page.getByLabel('Forget the key when the browser closes').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = await stored();
    expect(saved.local).toMatchObject({ baseUrl: model.baseUrl, apiKey: '', model: 'test-vlm', maxClaims: 12, keyStorage: 'session' });
    expect(saved.session).toBe('sk-test');
    // Reloaded, the form shows the session key (masked) and the choice.
    await page.reload();
    await expect.poll(() => page.getByLabel('API key', { exact: true }).inputValue()).toBe('sk-test');
    await expect.poll(() => page.getByLabel('Forget the key when the browser closes').isChecked()).toBe(true);

    await page.getByLabel('Forget the key when the browser closes').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
    const back = await stored();
    expect(back.local).toMatchObject({ apiKey: 'sk-test', keyStorage: 'local' });
    expect(back.session).toBeUndefined();
    await page.close();
  });

  it('sends the saved key only to the origin it was saved for, before and after a Base URL change', async () => {
    const other = await startModelServer({ models: ['elsewhere-vlm'] });
    try {
      model.reset();
      const page = await openOptions();
      await page.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
      await page.getByLabel('API key', { exact: true }).fill('sk-saved-for-model-0001');
      await page.getByLabel('Model', { exact: true }).fill('test-vlm');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
      await page.reload();
      await page.getByLabel('API key', { exact: true }).waitFor();
      await expect.poll(() => page.getByLabel('API key', { exact: true }).inputValue()).toBe('sk-saved-for-model-0001');

      // Another address in the field, then leaving it: the form asks that host for its models.
      await page.getByLabel('Base URL', { exact: true }).fill(other.baseUrl);
      await page.getByLabel('Model', { exact: true }).focus();
      await page.getByTestId('model-count').filter({ hasText: 'The endpoint lists 1 model; type to pick it.' }).waitFor();
      const listed = other.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/models'));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.map((r) => r.headers.authorization)).not.toContain('Bearer sk-saved-for-model-0001');
      // The key field says so and is empty; going back to the key's own address brings the key back.
      await expect.poll(() => page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
      await page.getByTestId('settings-status').filter({ hasText: 'is not sent to' }).waitFor();
      await page.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
      await expect.poll(() => page.getByLabel('API key', { exact: true }).inputValue()).toBe('sk-saved-for-model-0001');
      // Nothing was saved meanwhile.
      expect((await stored()).local).toMatchObject({ baseUrl: model.baseUrl, apiKey: 'sk-saved-for-model-0001' });
      await page.close();
    } finally {
      await other.close();
    }
  });

  /** Types an endpoint and presses Save; resolves once the saved address has been asked whether anything answers there. */
  const saveAt = async (baseUrl: string) => {
    const page = await openOptions();
    await page.getByLabel('Base URL', { exact: true }).fill(baseUrl);
    await page.getByLabel('Model', { exact: true }).fill('test-vlm');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const status = page.getByTestId('settings-status');
    await status.filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(() => status.getAttribute('aria-busy')).toBe('false');
    return { page, status };
  };

  it('Save where nothing listens keeps what was typed, and warns with the cause and the fix; Test connection says the same', async () => {
    const port = await closedPort();
    const { page, status } = await saveAt(`http://127.0.0.1:${port}/v1`);
    expect(await status.innerText()).toBe(
      `Saved. But: Nothing is listening at 127.0.0.1:${port} (the connection was refused). Start the model server there, or correct the Base URL.`,
    );
    expect(await status.getAttribute('class')).toContain('form-status--warning');
    expect((await stored()).local).toMatchObject({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-vlm' });

    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-step="reached"][data-ok="false"]').waitFor();
    expect(await page.locator('[data-step="reached"]').innerText()).toContain(`Nothing is listening at 127.0.0.1:${port} (the connection was refused)`);
    await page.close();
  });

  it('Save where a server takes the connection and never answers: warns after the probe gives up, naming the wait', async () => {
    model.reset();
    model.set({ unresponsive: true });
    try {
      const { page, status } = await saveAt(model.baseUrl);
      expect(await status.innerText()).toMatch(new RegExp(`^Saved\\. But: Nothing answered at ${new URL(model.origin).host.replace(/\./g, '\\.')} within 5 s`));
      expect((await stored()).local).toMatchObject({ baseUrl: model.baseUrl });
      await page.close();
    } finally {
      model.reset();
    }
  });

  it('Save where a server answers, even 403 to extensions (Ollama): no warning, the address is there', async () => {
    model.reset();
    model.set({ rejectExtensionOrigins: true });
    try {
      const { page, status } = await saveAt(model.baseUrl);
      expect(await status.innerText()).toBe('Saved.');
      // The model list asked with the extension's Origin was refused; the probe (a no-cors GET carries no Origin) was answered.
      await expect.poll(() => model.requests.some((r) => r.path === '/v1/models' && r.status === 403)).toBe(true);
      expect(model.requests.some((r) => r.method === 'GET' && r.path === '/v1/models' && r.headers.origin === undefined && r.status === 200)).toBe(true);
      await page.close();
    } finally {
      model.reset();
    }
  });

  it('Test connection reports reach, key, image input and output mode from one tiny real check', async () => {
    model.reset();
    model.set({ models: ['test-vlm', 'other-vlm'], apiKey: 'sk-test', rejectJsonSchema: true });
    const page = await openOptions();
    await page.getByLabel('Base URL', { exact: true }).fill(model.baseUrl);
    await page.getByLabel('API key', { exact: true }).fill('sk-test');
    await page.getByLabel('Model', { exact: true }).fill('test-vlm');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByTestId('settings-status').filter({ hasText: 'Connection works' }).waitFor();
    const steps = await page.getByTestId('test-report').locator('li').evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-step'), el.getAttribute('data-ok')]),
    );
    expect(steps).toEqual([
      ['reached', 'true'],
      ['key', 'true'],
      ['model', 'true'],
      ['image', 'true'],
      ['structured', 'true'],
    ]);
    await expect.poll(() => page.getByTestId('test-report').innerText()).toContain('json_object');
    const check = model.requests.filter((r) => r.image).at(-1)!;
    expect(check.claims).toEqual(['There is a red square in the image.']);
    expect(check.image?.mimeType).toBe('image/jpeg');
    await page.setViewportSize({ width: 760, height: 400 });
    await page.screenshot({ path: docsPicture('options.png'), fullPage: true });

    // A wrong key and a text-only model: each step says which part failed.
    await page.getByLabel('API key', { exact: true }).fill('sk-wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-step="key"][data-ok="false"]').waitFor();
    await expect.poll(() => page.locator('[data-step="reached"]').getAttribute('data-ok')).toBe('true');
    model.set({ rejectImages: true });
    await page.getByLabel('API key', { exact: true }).fill('sk-test');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-step="image"][data-ok="false"]').waitFor();
    await expect.poll(() => page.locator('[data-step="image"]').innerText()).toContain('does not accept images');
    await page.close();
  });
});
