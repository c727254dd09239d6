// Endpoint faults end to end: the built extension against the local model server, read in the popup as
// the user reads it — the status line, its state, and the fix buttons offered. The SDK-level mapping
// of each failure is covered by test/verify/*; this file proves the whole path shows it, and that no
// promise rejection goes unhandled in the worker along the way.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { CheckJob } from '@/lib/job-record';
import type { CheckErrorKind } from '@/lib/errors';
import { closedPort } from '../server/closed-port';
import type { Behavior, ModelServer } from '../server/openai-server';
import { currentWorker, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, clearVerdictCache, finishedJob, openGranted, storedJob } from './run-check';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

describe('endpoint faults, as the popup shows them', () => {
  const suite = browserSuite({ watchErrors: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  let page: Page;
  let popup: Page;
  let tabId: number;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
    ({ page, tabId } = await openGranted(ext, `${pages.origin}/article.html`));
    popup = await openPopup(ext, tabId);
    // The popup's first read rewrites the stored settings in the current format (once). A test's own
    // write racing that rewrite could be lost: wait for it before any test changes the settings.
    const worker = await currentWorker(ext);
    await vi.waitFor(async () => {
      const version = await worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { version?: unknown }).version);
      if (typeof version !== 'number') throw new Error('the stored settings are not rewritten yet');
    });
  });

  /** Merges fields into the stored settings, as Options would save them. */
  async function setSettings(patch: Record<string, unknown>): Promise<void> {
    const worker = await currentWorker(ext);
    await worker.evaluate(async (fields) => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), ...fields } });
    }, patch);
  }

  /** Runs one check on the page with the server behaving as told; resolves with the finished job. */
  async function check(behavior: Partial<Behavior>): Promise<CheckJob> {
    model.reset();
    model.set(behavior);
    // Every case asks the model: a verdict cached by an earlier case would answer without a request.
    await clearVerdictCache(ext);
    const previous = (await storedJob(ext, tabId))?.id;
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`);
    return finishedJob(ext, tabId, previous, 60_000);
  }

  const posts = () => model.requests.filter((r) => r.method === 'POST');
  const status = () => popup.getByTestId('check-status');
  const labels = () => popup.getByTestId('claim').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-label')));
  const fixButtons = () => popup.getByTestId('error-help').getByRole('button').allInnerTexts();

  /** The popup shows the job's error: state "error", the message, and exactly these fix buttons. */
  async function expectError(job: CheckJob, kind: CheckErrorKind, message: RegExp, buttons: (string | RegExp)[]): Promise<void> {
    expect(job.error?.kind, `job ${job.status}: ${job.error?.message ?? 'no error'}`).toBe(kind);
    await expect.poll(() => status().getAttribute('data-state')).toBe('error');
    await expect.poll(() => status().innerText()).toMatch(message);
    await expect.poll(() => popup.getByTestId('error-help').getAttribute('data-kind')).toBe(kind);
    const offered = await fixButtons();
    expect(offered).toHaveLength(buttons.length);
    buttons.forEach((b, i) => expect(offered[i]).toMatch(b));
  }

  async function expectDone(job: CheckJob, expected: string[] = ['true', 'true']): Promise<void> {
    expect(job.status, job.error?.message).toBe('done');
    await expect.poll(() => status().getAttribute('data-state')).toBe('done');
    await expect.poll(labels).toEqual(expected);
  }

  it('401 bad key → says to check the key in Options, offers Open Options', async () => {
    const job = await check({ apiKey: 'sk-other' });
    await expectError(job, 'auth', /Check your API key in Options/, ['Open Options']);
    expect(posts()).toHaveLength(1); // a bad key is not retried
    expect(await status().innerText()).not.toContain('sk-test');
  });

  it('404 unknown model → names the model, offers to pick another', async () => {
    const job = await check({ models: ['another-vlm'] });
    await expectError(job, 'model-not-found', /does not know the model "test-vlm"/, ['Pick a vision model']);
  });

  it('429 with Retry-After → waits as told, then succeeds', async () => {
    const job = await check({ failures: [{ status: 429, headers: { 'retry-after': '1' }, method: 'POST' }] });
    await expectDone(job);
    const [first, second] = posts();
    expect([first?.status, second?.status]).toEqual([429, 200]);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('500 then success → retried once, done', async () => {
    const job = await check({ failures: [{ status: 500, method: 'POST' }] });
    await expectDone(job);
    expect(posts().map((r) => r.status)).toEqual([500, 200]);
  });

  it('a model without image input → says so, offers to pick a vision model', async () => {
    const job = await check({ rejectImages: true });
    await expectError(job, 'no-image-input', /does not accept images/, ['Pick a vision model']);
  });

  it('an endpoint that rejects json_schema → steps down to json_object, then remembers it', async () => {
    const job = await check({ rejectJsonSchema: true });
    await expectDone(job);
    const modes = () => posts().map((r) => ((r.body as { response_format?: { type: string } }).response_format?.type ?? 'none'));
    expect(modes()).toEqual(['json_schema', 'json_object']);
    const again = await check({ rejectJsonSchema: true });
    await expectDone(again);
    expect(modes()).toEqual(['json_object']);
  });

  it.each(['fenced', 'python', 'prose', 'strings'] as const)('a "%s" verdict list is read in full', async (output) => {
    const job = await check({ output, falseWhen: [{ match: /dog/, error_type: ['Object'] }] });
    await expectDone(job, ['true', 'false']);
    expect(posts()).toHaveLength(1);
  });

  it('a short verdict list → nothing matched by position: each claim is asked again on its own', async () => {
    const job = await check({ outputQueue: ['short'] });
    await expectDone(job);
    const [first, ...singles] = posts().map((r) => r.claims);
    expect(first).toEqual(['Two orange cats sit on a sofa.', 'A dog sleeps under the table.']);
    // The two single requests run at once: their arrival order is not fixed.
    expect(singles.sort()).toEqual([['A dog sleeps under the table.'], ['Two orange cats sit on a sofa.']]);
    await expect.poll(() => popup.getByText(/sent 1 verdicts for 2 claims; none was matched by position/).count()).toBe(1);
  });

  it('an over-long verdict list → nothing matched by position: each claim is asked again, with a note', async () => {
    const job = await check({ outputQueue: ['long'] });
    await expectDone(job);
    expect(posts()).toHaveLength(3);
    await expect.poll(() => popup.getByText(/sent 3 verdicts for 2 claims; none was matched by position/).count()).toBe(1);
  });

  it('empty content → says nothing readable came back, offers Retry and another model', async () => {
    const job = await check({ output: 'empty' });
    await expectError(job, 'bad-output', /no verdict that could be read/, ['Retry', 'Pick a vision model']);
  });

  it('a refusal → quotes it, offers Retry and another model', async () => {
    const job = await check({ output: 'refusal' });
    await expectError(job, 'refused', /refused/, ['Retry', 'Pick a vision model']);
  });

  it('finish_reason "length" → keeps the whole verdicts, asks again for the cut one, says what happened', async () => {
    const job = await check({ output: 'length' });
    expect(job.status).toBe('done');
    await expect.poll(() => status().getAttribute('data-state')).toBe('done');
    // The cut verdict is never guessed: it stays without one, and the follow-up was asked for it.
    await expect.poll(labels).toEqual(['true', 'error']);
    expect(posts().map((r) => r.claims.length)).toEqual([2, 1]);
    await expect.poll(() => popup.locator('.notes').innerText()).toMatch(/ran out of output tokens/);
  });

  /** Runs one check with the Base URL pointed elsewhere, then points it back. */
  async function checkAt(baseUrl: string): Promise<CheckJob> {
    await setSettings({ baseUrl });
    try {
      return await check({});
    } finally {
      await setSettings({ baseUrl: model.baseUrl });
    }
  }

  it('connection refused → says nothing is listening at that address, offers Options first, never "Allow access"', async () => {
    const port = await closedPort();
    const job = await checkAt(`http://127.0.0.1:${port}/v1`);
    await expectError(job, 'unreachable', new RegExp(`^Nothing is listening at 127\\.0\\.0\\.1:${port} \\(the connection was refused\\)\\. Start the model server there, or correct the Base URL\\.$`), [
      'Open Options',
      'Retry',
    ]);
    expect(await status().innerText()).not.toContain('OLLAMA_ORIGINS');
  });

  it('a host name that is not found → says the name may not exist or nothing listens, and does not guess which', async () => {
    const job = await checkAt('http://caption-check-test.invalid:11434/v1');
    await expectError(job, 'unreachable', /^Nothing answered at caption-check-test\.invalid:11434: nothing is listening on that port, or the host name "caption-check-test\.invalid" was not found\./, [
      'Open Options',
      'Retry',
    ]);
  });

  it('https:// to a server that speaks plain HTTP → a TLS failure, with the fix: write http://', async () => {
    const job = await checkAt(model.baseUrl.replace('http:', 'https:'));
    await expectError(job, 'tls', /does not speak HTTPS .*Write http:\/\/ instead of https:\/\//, ['Open Options', 'Retry']);
  });

  it('a server that answers but not to extensions (Ollama\'s 403 without CORS headers) → says so, offers access first', async () => {
    const job = await check({ rejectExtensionOrigins: true });
    await expectError(job, 'blocked', new RegExp(`^The server at ${model.origin.replace(/\./g, '\\.')} answers, but does not let browser extensions read its answers`), [
      `Allow access to ${model.origin}`,
      'Retry',
    ]);
    // The server refused the extension's request with 403 and no CORS headers: the worker could not see that 403.
    expect(model.requests.some((r) => r.status === 403 && String(r.headers.origin).startsWith('chrome-extension://'))).toBe(true);
  });

  it('a timeout → says the model did not answer in time, offers Retry and Options', async () => {
    await setSettings({ timeoutSeconds: 5 });
    try {
      // Longer than the client waits, on every retry.
      const job = await check({ delayMs: 60_000 });
      await expectError(job, 'timeout', /did not answer in time/, ['Retry', 'Open Options']);
      expect(posts().length).toBeGreaterThanOrEqual(1);
    } finally {
      await setSettings({ timeoutSeconds: 120 });
    }
  });
});
