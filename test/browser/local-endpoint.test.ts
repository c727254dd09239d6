// A local Ollama answers 403 to requests whose Origin is a browser extension. Saving a local endpoint
// asks for its origin and installs a session rule that drops the Origin header on our own requests there.
// A headless browser cannot click the permission prompt, so "granted" is a second build of the same code
// whose manifest already holds that origin (CAPTION_CHECK_TEST_GRANTED_ORIGINS, see wxt.config.ts): at
// runtime a granted optional origin and a listed one are the same permission.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../server/openai-server';
import { wxtBuild } from './build';
import { confirmChooser } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, launchWithExtension, SAMPLES_LABEL, tabIdOf, type LoadedExtension } from './extension';
import { GRANTED_BUILT, GRANTED_PORT, grantedBuild } from './granted-build';
import { figurePage, makeJpeg, startPageServer, type PageServer } from './page-server';
import { sharedExtension } from './shared-browser';

interface JobView {
  status: string;
  error: { kind: string; message: string } | null;
  claims: { verdict: { label: boolean } | null }[];
}

async function saveEndpoint(ext: LoadedExtension, baseUrl: string): Promise<void> {
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await options.getByLabel('Base URL', { exact: true }).fill(baseUrl);
  await options.getByLabel('Model', { exact: true }).fill('test-vlm');
  // No agreement sampling (1 = off): these tests count the verification requests.
  await options.getByLabel(SAMPLES_LABEL, { exact: true }).fill('1');
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await options.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
  // Save then asks the address whether anything answers (a GET the model server records): no test inherits it half-way.
  await options.locator('[data-testid="settings-status"][aria-busy="false"]').waitFor();
  await options.close();
  // Saving a local endpoint installs its rule (with or without the grant): wait for it, so a test that
  // removes it, or checks through it, acts after the install.
  const ruleIds = async () => (await currentWorker(ext)).evaluate(async () => (await chrome.declarativeNetRequest.getSessionRules()).map((r) => r.id));
  await expect.poll(ruleIds).toContain(4401);
}

async function checkFigure(ext: LoadedExtension, pages: PageServer): Promise<JobView> {
  const page = await ext.context.newPage();
  await page.goto(`${pages.origin}/article.html`);
  const tabId = await tabIdOf(ext, page);
  await grantActiveTab(ext, page);
  await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: page.url() });
  await confirmChooser(page);
  const read = async () =>
    (await currentWorker(ext)).evaluate(async (id) => (await chrome.storage.session.get(`check:${id}`))[`check:${id}`] as JobView | undefined, tabId);
  // Finished: done or error (not merely "not running": before the job is stored there is no status at all).
  await expect.poll(async () => ['done', 'error'].includes((await read())?.status ?? ''), { timeout: 30_000 }).toBe(true);
  // Read before the tab closes: a closed tab's check is removed from session storage.
  const job = (await read())!;
  await page.close();
  return job;
}

describe('a local endpoint that refuses extension origins (Ollama without OLLAMA_ORIGINS)', () => {
  // Not browserSuite: each test starts from the extension as its install left it (the first Save installs the
  // Origin rule). The first takes the worker's shared browser, reset to that state (no rules, no granted origin);
  // the other two install a build that grants exactly the model server's port, so the build waits for that
  // server to start, in browsers of their own.
  let model: ModelServer;
  let pages: PageServer;
  let granted: string;

  /** The model server on the port `npm test` built the granted build for, if it is free; else anywhere, and a build for it. */
  async function startGranted(): Promise<{ model: ModelServer; granted: string }> {
    const built = process.env[GRANTED_BUILT];
    const port = Number(process.env[GRANTED_PORT]);
    if (built && existsSync(resolve(built, 'manifest.json')) && port > 0) {
      const onPort = await startModelServer({ rejectExtensionOrigins: true, port }).catch(() => null);
      if (onPort) return { model: onPort, granted: built };
    }
    const anywhere = await startModelServer({ rejectExtensionOrigins: true });
    // The model server's own port only, as Options asks for it: the grant and the rule work with no wider one.
    const { env, dir } = grantedBuild(anywhere.origin);
    await wxtBuild([], { ...process.env, ...env });
    return { model: anywhere, granted: dir };
  }

  beforeAll(async () => {
    [{ model, granted }, pages] = await Promise.all([startGranted(), startPageServer()]);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(800, 600) });
    pages.route('/article.html', figurePage('/photo.jpg', 'Two orange cats sit on a sofa.'));
  });

  afterAll(async () => {
    await Promise.all([model?.close(), pages?.close()]);
  });

  it('without access: Save installs the rule, and the failed check says exactly how to fix it', async () => {
    model.reset();
    const ext = await sharedExtension();
    try {
      await saveEndpoint(ext, model.baseUrl);
      const rules = async () => (await currentWorker(ext)).evaluate(() => chrome.declarativeNetRequest.getSessionRules());
      await expect.poll(rules).toEqual([
        expect.objectContaining({
          action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
          condition: expect.objectContaining({ requestDomains: ['127.0.0.1'], initiatorDomains: [ext.extensionId] }),
        }),
      ]);
      const job = await checkFigure(ext, pages);
      expect(job.status).toBe('error');
      // Ollama's 403 carries no CORS headers: without access the worker sees no answer, and says what it does know.
      expect(job.error?.kind).toBe('blocked');
      expect(job.error?.message).toContain(`The server at ${model.origin} answers, but does not let browser extensions read its answers`);
      expect(job.error?.message).toContain(`allow Caption Check access to ${model.origin}`);
      expect(job.error?.message).toContain('OLLAMA_ORIGINS=chrome-extension://*');
      // The server saw our origin and refused it (the rule cannot act without the grant).
      const refused = model.requests.filter((r) => r.status === 403);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => String(r.headers.origin).startsWith('chrome-extension://'))).toBe(true);
    } finally {
      await ext.close();
    }
  });

  it('with access granted: the rule drops the Origin header and verdicts arrive', async () => {
    model.reset();
    const ext = await launchWithExtension(granted);
    try {
      await saveEndpoint(ext, model.baseUrl);
      const job = await checkFigure(ext, pages);
      expect(job.error).toBeNull();
      expect(job.status).toBe('done');
      expect(job.claims.map((c) => c.verdict?.label)).toEqual([true]);
      const verification = model.requests.filter((r) => r.image);
      expect(verification).toHaveLength(1);
      expect(verification[0]!.headers.origin).toBeUndefined();
      // The grant is for that port: another server on the same host stays out of reach.
      const otherPort = `http://127.0.0.1:${Number(new URL(model.origin).port) + 1}/*`;
      await expect(ext.worker.evaluate((origin) => chrome.permissions.contains({ origins: [origin] }), otherPort)).resolves.toBe(false);
      expect(model.requests.some((r) => r.status === 403)).toBe(false);
    } finally {
      await ext.close();
    }
  });

  it('with access granted but no rule (removed): the server refuses, and the message names OLLAMA_ORIGINS', async () => {
    model.reset();
    const ext = await launchWithExtension(granted);
    try {
      await saveEndpoint(ext, model.baseUrl);
      await (await currentWorker(ext)).evaluate(() => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [4401] }));
      const job = await checkFigure(ext, pages);
      expect(job.status).toBe('error');
      // With access the 403 itself comes through: only then is it called an origin refusal.
      expect(job.error?.kind).toBe('origin-refused');
      expect(job.error?.message).toContain(`The local model server at ${model.origin} refused this extension (403)`);
      expect(job.error?.message).toContain('OLLAMA_ORIGINS=chrome-extension://*');
      expect(job.error?.message).not.toContain('press Save');
    } finally {
      await ext.close();
    }
  });
});
