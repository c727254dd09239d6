// How the extension names a failure whose cause the browser hides: the 403 of a local server that
// refuses extension origins (only when it really answered 403), an address where nothing answers, and
// a server that answers but not to the extension. Real server states, real HTTP, the real SDK.
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckError } from '@/lib/errors';
import { explainEndpointFailure } from '@/lib/adapters/endpoint-failure';
import { failOnUnhandledRejection, imageDataUrl, runVerify, useModelServer } from '../server/fixtures';
import { startModelServer } from '../server/openai-server';

failOnUnhandledRejection();
const ctx = useModelServer();
beforeEach(() => ctx.server.reset());

const nodeFetch: typeof fetch = (...a) => fetch(...a);
const explain = (error: unknown, baseUrl: string, granted: boolean) => explainEndpointFailure(error, baseUrl, { granted, fetch: nodeFetch });

/** Adds an extension's Origin header to every request, as a service worker sends it. */
const fromExtension: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin: 'chrome-extension://abcdefghijklmnop' } });

/** The failure of one real check against the server, as the SDK mapping gives it. */
async function checkError(fetchFn?: typeof fetch): Promise<CheckError> {
  const run = await runVerify(ctx.server, { claims: ['A cat sits on a mat.'], imageDataUrl: await imageDataUrl(), stream: false, clientOptions: fetchFn ? { fetch: fetchFn } : {} });
  expect(run.error).toBeInstanceOf(CheckError);
  return run.error!;
}

/** What the SDK mapping gives in a browser for any connection failure: no code, no cause to read. */
const browserNetworkError = () => new CheckError('network', 'Could not reach the model endpoint. Check the Base URL in Options and that the server is running.');

describe('a 403 that came back', () => {
  it('from a local server refusing the extension origin (empty body): an origin refusal with the grant as fix', async () => {
    ctx.server.set({ rejectExtensionOrigins: true });
    const error = (await explain(await checkError(fromExtension), ctx.server.baseUrl, false)) as CheckError;
    expect(error.kind).toBe('origin-refused');
    expect(error.message).toBe(
      `The local model server at ${ctx.server.origin} refused this extension (403). To fix it, open Options and press Save, then allow access to ${ctx.server.origin} when the browser asks — or start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* (LM Studio: enable CORS).`,
    );
  });

  it('with access already granted, only OLLAMA_ORIGINS is left to suggest', async () => {
    ctx.server.set({ rejectExtensionOrigins: true });
    const error = (await explain(await checkError(fromExtension), ctx.server.baseUrl, true)) as CheckError;
    expect(error.kind).toBe('origin-refused');
    expect(error.message).toContain('start Ollama with OLLAMA_ORIGINS');
    expect(error.message).not.toContain('press Save');
  });

  it('with a reason in its body (a key without access): stays a key problem, not an origin refusal', async () => {
    ctx.server.set({ failures: [{ status: 403 }] });
    const error = (await explain(await checkError(), ctx.server.baseUrl, false)) as CheckError;
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('Check your API key in Options');
  });

  it('from a remote endpoint: stays a key problem', async () => {
    ctx.server.set({ rejectExtensionOrigins: true });
    const refused = await checkError(fromExtension);
    expect(await explain(refused, 'https://api.openai.com/v1', false)).toBe(refused);
  });
});

describe('a connection failure the browser gives no cause for: the address is probed', () => {
  it('nothing listening → unreachable, named with its address, no word of OLLAMA_ORIGINS', async () => {
    const gone = await startModelServer();
    await gone.close();
    const error = (await explain(browserNetworkError(), gone.baseUrl, false)) as CheckError;
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(`Nothing is listening at ${new URL(gone.origin).host} (the connection was refused). Start the model server there, or correct the Base URL.`);
  });

  it('a local server that answers, without the grant → blocked: allow access, or OLLAMA_ORIGINS', async () => {
    const error = (await explain(browserNetworkError(), ctx.server.baseUrl, false)) as CheckError;
    expect(error.kind).toBe('blocked');
    expect(error.message).toBe(
      `The server at ${ctx.server.origin} answers, but does not let browser extensions read its answers (no CORS permission). To fix it, allow Caption Check access to ${ctx.server.origin}, or start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* (LM Studio: enable CORS).`,
    );
    // The probe asked once, and carried no key.
    expect(ctx.server.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['GET', '/v1/models', undefined]]);
  });

  it('a server that answers, with the grant (CORS is not in the way) → a broken-off request, not a refusal', async () => {
    const error = (await explain(browserNetworkError(), ctx.server.baseUrl, true)) as CheckError;
    expect(error.kind).toBe('network');
    expect(error.message).toContain('answers, but broke off');
  });

  it('a timed-out request where the address answers → the model was slow: the timeout stays as it was', async () => {
    ctx.server.set({ delayMs: 3000 });
    const run = await runVerify(ctx.server, { claims: ['A cat sits on a mat.'], imageDataUrl: await imageDataUrl(), stream: false, clientOptions: { timeoutMs: 300 } });
    expect(run.error?.kind).toBe('timeout');
    expect(await explainEndpointFailure(run.error, ctx.server.baseUrl, { granted: false, fetch: nodeFetch, probeTimeoutMs: 1000 })).toBe(run.error);
  });

  it('a timed-out request where nothing answers at all → says so, with how long the probe waited', async () => {
    ctx.server.set({ unresponsive: true });
    const run = await runVerify(ctx.server, { claims: ['A cat sits on a mat.'], imageDataUrl: await imageDataUrl(), stream: false, clientOptions: { timeoutMs: 300 } });
    const error = (await explainEndpointFailure(run.error, ctx.server.baseUrl, { granted: false, fetch: nodeFetch, probeTimeoutMs: 1000 })) as CheckError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      `Nothing answered at ${new URL(ctx.server.origin).host} within 1 s: the connection is dropped on the way, or the server is stuck. Check the Base URL and that the server is running.`,
    );
  });

  it('leaves other errors alone', async () => {
    const timeout = new CheckError('timeout', 'slow');
    expect(await explain(timeout, ctx.server.baseUrl, false)).toBe(timeout);
    expect(ctx.server.requests).toEqual([]);
  });
});
