// Private by construction: the key stays in the worker and Options, pages cannot talk to the worker,
// and installing asks for nothing that warns.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../server/openai-server';
import { currentWorker, EXTENSION_DIR, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, clearVerdictCache, finishedJob, openGranted, storedJob, useEndpoint } from './run-check';
import { watchWorkerErrors } from './worker-control';

// Long and unique, so finding it anywhere cannot be a coincidence.
const KEY = 'sk-caption-check-secret-7f3a9c1e5b2d4a6f8e0c';
const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

/** Everything a page's script (main or isolated world) can reach without extension privileges: DOM, globals, web storage. */
function pageVisibleText(): string {
  const parts: string[] = [document.documentElement.outerHTML, document.cookie, location.href];
  for (const store of [localStorage, sessionStorage]) for (let i = 0; i < store.length; i++) parts.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
  // Symbol keys too: our page script keeps its state under Symbol.for('caption-check:…') keys.
  for (const key of Object.getOwnPropertySymbols(globalThis)) parts.push(String(key));
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    let value: unknown;
    try {
      value = (globalThis as Record<string, unknown>)[name];
    } catch {
      continue;
    }
    parts.push(name);
    if (typeof value === 'string') parts.push(value);
    else if (value && typeof value === 'object' && !(value instanceof Node) && value !== globalThis) {
      try {
        parts.push(JSON.stringify(value) ?? '');
      } catch {
        // Cyclic or exotic host objects hold no string of ours.
      }
    }
  }
  return parts.join('\n');
}

/**
 * Evaluates an expression in our extension's isolated world of a page (where the page script runs),
 * through DevTools, so neither the page's nor the extension's CSP is in the way.
 */
async function evaluateInOurWorld<T>(ext: LoadedExtension, page: Page, expression: string): Promise<T> {
  const session = await ext.context.newCDPSession(page);
  const contexts: { id: number; origin: string }[] = [];
  session.on('Runtime.executionContextCreated', (event: { context: { id: number; origin: string } }) => contexts.push(event.context));
  await session.send('Runtime.enable');
  const ours = contexts.find((c) => c.origin === `chrome-extension://${ext.extensionId}`);
  if (!ours) throw new Error('the page has no isolated world of ours');
  const { result, exceptionDetails } = (await session.send('Runtime.evaluate', {
    expression,
    contextId: ours.id,
    awaitPromise: true,
    returnByValue: true,
  })) as { result: { value: T }; exceptionDetails?: { text: string } };
  await session.detach();
  if (exceptionDetails) throw new Error(exceptionDetails.text);
  return result.value;
}

describe('the API key stays in the extension', () => {
  // The endpoint is saved below, once the worker's console is recorded: saving must not log the key either.
  const suite = browserSuite({ endpoint: false, model: { apiKey: KEY } });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  const consoleText: string[] = [];

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
    (await currentWorker(ext)).on('console', (message) => consoleText.push(message.text()));
    await useEndpoint(ext, { baseUrl: model.baseUrl, apiKey: KEY, model: 'test-vlm' });
  });


  /** Runs pageVisibleText in our isolated world of the tab (where the page script lives). */
  async function isolatedWorldText(page: Page): Promise<{ text: string; sessionReadable: boolean }> {
    return evaluateInOurWorld(
      ext,
      page,
      `(async () => {
        let sessionReadable = true;
        try { await chrome.storage.session.get(null); } catch { sessionReadable = false; }
        return { text: (${pageVisibleText.toString()})(), sessionReadable };
      })()`,
    );
  }

  it('is sent to the endpoint, and found nowhere a page, the page script, the job or the console could see', async () => {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const job = await finishedJob(ext, tabId);
    expect(job.status).toBe('done');
    // The key did its job: the endpoint got it as a Bearer token.
    expect(model.requests.find((r) => r.image)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const mainWorld = await page.evaluate(`(${pageVisibleText.toString()})()`);
    expect(mainWorld).toContain(CAPTION.slice(0, 20)); // the probe reads the page
    expect(mainWorld).not.toContain(KEY);

    const isolated = await isolatedWorldText(page);
    expect(isolated.text).toContain('caption-check:page'); // our page script's world, not an empty one
    expect(isolated.text).not.toContain(KEY);
    // Session storage (jobs, a session-only key) is closed to content scripts.
    expect(isolated.sessionReadable).toBe(false);

    expect(JSON.stringify(job)).not.toContain(KEY);
    const worker = await currentWorker(ext);
    const session = await worker.evaluate(() => chrome.storage.session.get(null));
    for (const [name, value] of Object.entries(session)) if (name !== 'apiKey') expect(JSON.stringify(value), name).not.toContain(KEY);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    expect(await popup.content()).not.toContain(KEY);
    expect(consoleText.join('\n')).not.toContain(KEY);
    await Promise.all([popup.close(), page.close()]);
  });

  it.each([
    ['401', 401],
    ['400', 400],
    ['500', 500],
  ])('never puts the key in an error, even when a %s answer echoes it', async (_name, status) => {
    const errors = await watchWorkerErrors(ext);
    model.reset();
    // Enough failures for every retry and every step of the output ladder.
    model.set({ failures: Array.from({ length: 8 }, () => ({ status, body: { error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error', code: null } } })) });
    await clearVerdictCache(ext);
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    const previous = (await storedJob(ext, tabId))?.id;
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const job = await finishedJob(ext, tabId, previous);
    expect(job.status).toBe('error');
    expect(JSON.stringify(job)).not.toContain(KEY);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="error"]').waitFor();
    expect(await popup.content()).not.toContain(KEY);
    expect(consoleText.join('\n')).not.toContain(KEY);
    await expect.poll(() => errors.read()).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('messages from pages are refused', () => {
  const suite = browserSuite();
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
  });

  /** Sends a message to the worker from our isolated world in the tab, the way a compromised page script could. */
  function sendFromPageScript(page: Page, message: unknown): Promise<string> {
    return evaluateInOurWorld(
      ext,
      page,
      `chrome.runtime.sendMessage(${JSON.stringify(message)}).then(
        (answer) => 'answered: ' + JSON.stringify(answer),
        (error) => 'refused: ' + String(error && error.message),
      )`,
    );
  }

  it('a content-script message gets no answer and changes nothing; the popup’s same message works', async () => {
    // The answer stops halfway until the client leaves: the check is still running when the messages arrive.
    model.set({ holdAt: 0.5 });
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    const popup: Page = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="running"]').waitFor();

    for (const message of [
      { type: 'cancelCheck', tabId },
      { type: 'getSetup' },
      { type: 'listModels', baseUrl: 'https://attacker.example/v1' },
    ]) {
      const outcome = await sendFromPageScript(page, message);
      // No handler answers a sender that is not our own page: the port closes without a response.
      expect(outcome, JSON.stringify(message)).not.toMatch(/answered: \{/);
    }
    expect((await storedJob(ext, tabId))?.status).toBe('running');
    expect(model.requests.some((r) => r.path.includes('attacker'))).toBe(false);

    // The page's own world cannot reach the extension at all (no externally_connectable).
    const fromMainWorld = await page.evaluate(async (id) => {
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (...a: unknown[]) => Promise<unknown> } } }).chrome?.runtime;
      if (!runtime?.sendMessage) return 'no runtime';
      try {
        return `answered: ${JSON.stringify(await runtime.sendMessage(id, { type: 'getSetup' }))}`;
      } catch (error) {
        return `refused: ${error instanceof Error ? error.message : String(error)}`;
      }
    }, ext.extensionId);
    expect(fromMainWorld).not.toMatch(/answered/);

    // From the popup, the same cancel is honoured.
    const fromPopup = await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: id }), tabId);
    expect(fromPopup).toMatchObject({ ok: true });
    await popup.locator('[data-testid="check-status"][data-state="error"]').waitFor();
    // A malformed message from our own page is answered with a refusal, never acted on.
    await expect.poll(() => popup.evaluate(() => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: 'all' }))).toMatchObject({ ok: false });
    await Promise.all([popup.close(), page.close()]);
  });
});

describe('the built manifest', () => {
  // Chrome shows no install warning for these (developer.chrome.com/docs/extensions/reference/permissions-list).
  const NO_WARNING = new Set([
    'activeTab',
    'alarms',
    'contextMenus',
    'declarativeNetRequestWithHostAccess',
    'idle',
    'offscreen',
    'scripting',
    'sidePanel',
    'storage',
    'unlimitedStorage',
  ]);

  it('asks for no host access and runs no content script at install, and no permission that warns', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.externally_connectable).toBeUndefined();
    expect(manifest.web_accessible_resources ?? []).toEqual([]);
    const permissions = manifest.permissions as string[];
    expect(permissions.length).toBeGreaterThan(0);
    expect(permissions.filter((p) => !NO_WARNING.has(p))).toEqual([]);
    // Host access is only ever asked for at run time, for an endpoint the user saves.
    for (const pattern of (manifest.optional_host_permissions as string[] | undefined) ?? []) expect(pattern).toMatch(/^https?:\/\//);
  });
});
