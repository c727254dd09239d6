// Chrome's on-device model end to end. This Chromium has no built-in model, so the spec-following
// stub is installed as `LanguageModel` in the extension's service worker, where checks call it.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_LABEL, verdictListJsonSchema } from '@/lib/verify/builtin';
import { SYSTEM_PROMPT, buildUserPrompt } from '@/lib/verify/prompt';
import { confirmChooser } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, openPopup, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { installStub, stubLog, stubSource } from './prompt-stub';
import type { PromptApiStubControl } from '../verify/prompt-api-stub';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';
const CLAIMS = ['Two orange cats sit on a sofa.', 'A dog sleeps under the table.'];

describe('the on-device model, with no endpoint configured', () => {
  const suite = browserSuite({ endpoint: false });
  let ext: LoadedExtension;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(2400, 1600) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
  });

  async function checkImage(confirm = true): Promise<{ popup: Awaited<ReturnType<typeof openPopup>>; tabId: number; close: () => Promise<unknown> }> {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}/article.html`);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: page.url() });
    // No text selected: the in-page chooser offers the figcaption first; Enter confirms it.
    if (confirm) await confirmChooser(page);
    const popup = await openPopup(ext, tabId);
    return { popup, tabId, close: () => Promise.all([popup.close(), page.close()]) };
  }

  it('the first right-click just works, and the popup says the on-device model answered', async () => {
    const worker = await currentWorker(ext);
    await installStub(worker, { falseWhen: [{ match: 'dog', error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
    const { popup, tabId, close } = await checkImage();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();

    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.count()).toBe(2);
    await expect.poll(() => claims.nth(0).getAttribute('data-label')).toBe('true');
    await expect.poll(() => claims.nth(1).getAttribute('data-label')).toBe('false');
    await expect.poll(() => claims.nth(1).getAttribute('data-error-types')).toBe('Object');
    await expect.poll(() => popup.locator('body').innerText()).toContain(`${BUILTIN_LABEL}`);
    await expect.poll(async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId)).toBe('1');

    // What the extension gave the Prompt API: the seed prompt, the sized JPEG as a Blob, the schema.
    const log = await stubLog(await currentWorker(ext));
    expect(log.find((e) => e.call === 'availability')?.options).toMatchObject({ expectedInputs: [{ type: 'text' }, { type: 'image' }] });
    expect(log.find((e) => e.call === 'create')?.options).toMatchObject({ initialPrompts: [{ role: 'system', content: SYSTEM_PROMPT }] });
    const prompts = log.filter((e) => e.call === 'prompt');
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ roles: ['user'], types: ['text', 'image'], text: buildUserPrompt(CLAIMS), outcome: 'answered' });
    expect(prompts[0]?.image).toMatchObject({ kind: 'Blob', type: 'image/jpeg' });
    expect(prompts[0]?.image?.size).toBeGreaterThan(1000);
    // Exactly as many verdicts as claims.
    expect(prompts[0]?.responseConstraint).toEqual(verdictListJsonSchema(2));
    await close();
  });

  it('splits the claims when the context is small, and still answers every claim', async () => {
    const worker = await currentWorker(ext);
    // The system prompt (~625), the image (258), the schema (~100) and one claim fit; two claims do not.
    await installStub(worker, { contextWindow: 1190 });
    const { popup, close } = await checkImage();
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => popup.locator('[data-testid="claim"][data-label="true"]').count()).toBe(2);
    const prompts = (await stubLog(await currentWorker(ext))).filter((e) => e.call === 'prompt');
    expect(prompts.map((p) => p.text)).toEqual([buildUserPrompt([CLAIMS[0]!]), buildUserPrompt([CLAIMS[1]!])]);
    await close();
  });

  it('Options downloads the model with a progress bar, then lets the user make it the default', async () => {
    const options = await ext.context.newPage();
    // The download runs in the Options page: it needs the click's user activation, which a worker never has.
    await options.addInitScript(stubSource({ availability: 'downloadable', downloadSteps: 4, downloadStepMs: 250 }));
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    const status = options.getByTestId('builtin-status');
    await options.locator('[data-testid="builtin-status"][data-state="downloadable"]').waitFor();
    await expect.poll(() => status.innerText()).toMatch(/not downloaded yet/);

    await options.getByRole('button', { name: 'Download on-device model' }).click();
    const seen = new Set<string>();
    await options.getByTestId('builtin-progress').waitFor();
    // Read without waiting: the bar goes away when the download is done.
    const readBar = () => options.evaluate(() => document.querySelector('[data-testid="builtin-progress"]')?.getAttribute('value') ?? null);
    await expect
      .poll(
        async () => {
          const value = await readBar();
          if (value !== null) seen.add(value);
          return value;
        },
        { interval: 20 },
      )
      .toBeNull();
    await options.locator('[data-testid="builtin-status"][data-state="available"]').waitFor();
    // Progress moved through the stub's downloadprogress events, not straight to the end.
    expect([...seen].map(Number).some((v) => v > 0 && v < 1)).toBe(true);
    const log = await options.evaluate(() => (globalThis as unknown as { __promptApiStub: PromptApiStubControl }).__promptApiStub.log);
    expect(log.find((e) => e.call === 'create')).toMatchObject({ outcome: 'created', options: { monitor: 'function' } });

    await options.getByLabel('On-device (Chrome built-in model)').check();
    await expect
      .poll(async () =>
        (await currentWorker(ext)).evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { provider?: string })?.provider),
      )
      .toBe('builtin');
    await options.close();
  });

  it('with the on-device model chosen but unable to run here, the popup says why in one line and points to Options', async () => {
    const worker = await currentWorker(ext);
    await worker.evaluate(async () => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), provider: 'builtin' } });
    });
    await installStub(worker, { availability: 'unavailable' });
    // With no model that can answer, nothing is read from the page: no chooser opens.
    const { popup, close } = await checkImage(false);
    const status = popup.locator('[data-testid="check-status"][data-state="error"]');
    await status.waitFor();
    await expect.poll(() => status.innerText()).toMatch(/^Chrome's built-in model cannot run on this computer \(.*\)\. Or choose an endpoint model in Options\.$/);
    await expect.poll(() => popup.getByRole('button', { name: 'Open Options' }).isVisible()).toBe(true);
    const log = await stubLog(await currentWorker(ext));
    expect(log.some((e) => e.call === 'create')).toBe(false);
    await close();
  });
});
