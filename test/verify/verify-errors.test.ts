// How endpoint failures reach the user: every one a CheckError of the right kind, asserted by kind.
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckError, type CheckErrorKind } from '../../lib/errors';
import { chatRequests, failOnUnhandledRejection, imageDataUrl, runVerify, useModelServer } from '../server/fixtures';
import { startModelServer, type Behavior } from '../server/openai-server';

failOnUnhandledRejection();
const ctx = useModelServer();
let image = '';
beforeEach(async () => {
  ctx.server.reset();
  image ||= await imageDataUrl();
});

const CLAIMS = ['A cat sits on a mat.', 'The mat is red.'];

/** Adds an extension's Origin header to every request, as a service worker would send it. */
function fromOrigin(origin: string): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin } });
}

describe.each([false, true])('stream: %s', (stream) => {
  it.each<{ name: string; behavior: Partial<Behavior>; kind: CheckErrorKind; requests: number }>([
    { name: 'a wrong API key', behavior: { apiKey: 'the-right-key' }, kind: 'auth', requests: 1 },
    { name: 'an unknown model', behavior: { models: ['another-vlm'] }, kind: 'model-not-found', requests: 1 },
    { name: 'a text-only model', behavior: { rejectImages: true }, kind: 'no-image-input', requests: 1 },
    { name: 'a wrong base URL path', behavior: { failures: [{ status: 404, body: '404 page not found' }] }, kind: 'endpoint-not-found', requests: 1 },
    { name: 'a refusal', behavior: { output: 'refusal' }, kind: 'refused', requests: 1 },
    { name: 'persistent rate limiting', behavior: { failures: [{ status: 429, headers: { 'retry-after': '2' } }] }, kind: 'rate-limited', requests: 1 },
    { name: 'a server failure', behavior: { failures: [{ status: 500 }] }, kind: 'server', requests: 1 },
    { name: 'a bad gateway', behavior: { failures: [{ status: 502, body: '<html>Bad gateway</html>' }] }, kind: 'server', requests: 1 },
    // The whole list is asked once more before giving up: two requests.
    { name: 'an empty answer', behavior: { output: 'empty' }, kind: 'bad-output', requests: 2 },
  ])('maps $name to kind "$kind"', async ({ behavior, kind, requests }) => {
    ctx.server.set(behavior);
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream });
    expect(run.result).toBeNull();
    expect(run.error).toBeInstanceOf(CheckError);
    expect(run.error?.kind).toBe(kind);
    expect(chatRequests(ctx.server)).toHaveLength(requests);
  });

  it('reports the Retry-After of a 429 it could not retry', async () => {
    ctx.server.set({ failures: [{ status: 429, headers: { 'retry-after': '7' } }] });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream });
    expect(run.error?.toInfo()).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7000 });
  });

  it('maps Ollama\'s 403 for extension origins to kind "auth"', async () => {
    ctx.server.set({ rejectExtensionOrigins: true });
    const run = await runVerify(ctx.server, {
      claims: CLAIMS,
      imageDataUrl: image,
      stream,
      clientOptions: { fetch: fromOrigin('chrome-extension://abcdefghijklmnop') },
    });
    expect(run.error?.kind).toBe('auth');
    expect(chatRequests(ctx.server).map((r) => [r.headers.origin, r.status])).toEqual([['chrome-extension://abcdefghijklmnop', 403]]);
  });

  it('times out with kind "timeout" when the model answers later than the client waits', async () => {
    ctx.server.set({ delayMs: 3000 });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream, clientOptions: { timeoutMs: 300, maxRetries: 0 } });
    expect(run.error?.kind).toBe('timeout');
    // The client gave up before the delayed answer: the server saw it go and never answered.
    await expect.poll(() => chatRequests(ctx.server)[0]?.endedAt ?? null).not.toBeNull();
    expect(chatRequests(ctx.server)[0]?.status).toBeNull();
  });

  it('reports kind "unreachable" when nothing listens at the base URL', async () => {
    const gone = await startModelServer();
    await gone.close();
    const run = await runVerify(gone, { claims: CLAIMS, imageDataUrl: image, stream });
    expect(run.error?.kind).toBe('unreachable');
  });

  it('reports kind "aborted" for a signal aborted before the check starts, sending nothing', async () => {
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream, signal: AbortSignal.abort() });
    expect(run.error?.kind).toBe('aborted');
    expect(chatRequests(ctx.server)).toHaveLength(0);
  });
});

describe('retries by the SDK', () => {
  it('waits out Retry-After on a 429, then succeeds', async () => {
    ctx.server.set({ failures: [{ status: 429, headers: { 'retry-after': '1' } }] });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, clientOptions: { maxRetries: 2 } });
    expect(run.error).toBeNull();
    expect(run.result?.verdicts.every((v) => v?.label === true)).toBe(true);
    const [limited, retried] = chatRequests(ctx.server);
    expect([limited?.status, retried?.status]).toEqual([429, 200]);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(1000);
    expect(retried!.headers['x-stainless-retry-count']).toBe('1');
  });

  it('retries a 500 and succeeds; verifyClaims counts one request', async () => {
    ctx.server.set({ failures: [{ status: 500 }] });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, clientOptions: { maxRetries: 1 } });
    expect(run.error).toBeNull();
    expect(run.result?.requests).toBe(1);
    expect(chatRequests(ctx.server).map((r) => r.status)).toEqual([500, 200]);
  });

  it('does not retry a 401', async () => {
    ctx.server.set({ apiKey: 'right' });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, clientOptions: { maxRetries: 2 } });
    expect(run.error?.kind).toBe('auth');
    expect(chatRequests(ctx.server)).toHaveLength(1);
  });

  it('passes the key as a Bearer token', async () => {
    ctx.server.set({ apiKey: 'sk-test-123' });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, clientOptions: { apiKey: 'sk-test-123' } });
    expect(run.error).toBeNull();
    expect(chatRequests(ctx.server)[0]!.headers.authorization).toBe('Bearer sk-test-123');
  });
});
