// A connection with no answer names its real cause: each case is a real local server state (a closed
// port, a name that cannot resolve, plain HTTP asked for HTTPS, a self-signed certificate, a server
// that takes the connection and never answers), reached over real HTTP through the real SDK in Node,
// and through the browser's probe (diagnoseAddress, here with Node's fetch).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckError, type CheckErrorKind } from '../../lib/errors';
import { createClient } from '../../lib/verify/client';
import { diagnoseAddress } from '../../lib/verify/connection-failure';
import { verifyClaims } from '../../lib/verify/verify';
import { closedPort } from '../server/closed-port';
import { failOnUnhandledRejection, imageDataUrl, useModelServer } from '../server/fixtures';

failOnUnhandledRejection();
const ctx = useModelServer();
beforeEach(() => ctx.server.reset());

/** A name that never resolves (RFC 6761 reserves .invalid). */
const NO_SUCH_HOST = 'caption-check-test.invalid';

let tlsServer: HttpsServer;
let tlsBaseUrl = '';
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
  // A real HTTPS server with a self-signed certificate, made for this run.
  const dir = mkdtempSync(join(tmpdir(), 'caption-check-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], {
      stdio: 'ignore',
    });
    tlsServer = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  tlsBaseUrl = `https://127.0.0.1:${(tlsServer.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => tlsServer?.close(resolve));
});

/** One real check through the SDK at `baseUrl`; resolves with the CheckError it failed with. */
async function failureAt(baseUrl: string, timeoutMs = 10_000): Promise<CheckError> {
  const client = createClient({ baseUrl, apiKey: 'sk-test', model: 'test-vlm' }, { maxRetries: 0, timeoutMs });
  const error = await verifyClaims({ client, model: 'test-vlm', claims: ['A cat sits on a mat.'], imageDataUrl: image, stream: false }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CheckError);
  return error as CheckError;
}

describe('in Node, the cause the connection failure carries', () => {
  it('a closed port: nothing is listening, named with its address', async () => {
    const port = await closedPort();
    const error = await failureAt(`http://127.0.0.1:${port}/v1`);
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(`Nothing is listening at 127.0.0.1:${port} (the connection was refused). Start the model server there, or correct the Base URL.`);
  });

  it('a name that does not resolve: host not found', async () => {
    const error = await failureAt(`http://${NO_SUCH_HOST}:11434/v1`);
    expect(error.kind).toBe('host-not-found');
    expect(error.message).toContain(`"${NO_SUCH_HOST}" was not found`);
  });

  it('https:// to a server that speaks plain HTTP: says to write http://', async () => {
    const error = await failureAt(ctx.server.baseUrl.replace('http:', 'https:'));
    expect(error.kind).toBe('tls');
    expect(error.message).toMatch(/does not speak HTTPS .* Write http:\/\/ instead of https:\/\//);
  });

  it('a self-signed certificate: the secure connection failed, the certificate is not trusted', async () => {
    const error = await failureAt(tlsBaseUrl);
    expect(error.kind).toBe('tls');
    expect(error.message).toContain('its certificate is not trusted');
  });

  it('a server that never answers: a timeout, and the server saw the request leave', async () => {
    ctx.server.set({ unresponsive: true });
    const error = await failureAt(ctx.server.baseUrl, 300);
    expect(error.kind).toBe('timeout');
    await expect.poll(() => ctx.server.requests.find((r) => r.method === 'POST')?.endedAt ?? null).not.toBeNull();
  });

  it.each<{ name: string; behavior: Parameters<typeof ctx.server.set>[0]; kind: CheckErrorKind }>([
    { name: 'a wrong key (401)', behavior: { apiKey: 'sk-other' }, kind: 'auth' },
    { name: 'a 403 with its reason', behavior: { failures: [{ status: 403 }] }, kind: 'auth' },
    { name: 'an unknown model', behavior: { models: ['another-vlm'] }, kind: 'model-not-found' },
    { name: 'a model without image input', behavior: { rejectImages: true }, kind: 'no-image-input' },
  ])('a server that answered: $name → $kind', async ({ behavior, kind }) => {
    ctx.server.set(behavior);
    expect((await failureAt(ctx.server.baseUrl)).kind).toBe(kind);
  });
});

describe('diagnoseAddress: what a browser can observe by probing', () => {
  const probe = (baseUrl: string, timeoutMs?: number) => diagnoseAddress(baseUrl, (...a) => fetch(...a), timeoutMs);

  it('an address that answers (even 403 to everything) is not a connection failure', async () => {
    ctx.server.set({ failures: [{ status: 403, method: 'GET' }] });
    expect(await probe(ctx.server.baseUrl)).toBeNull();
    expect(ctx.server.requests.map((r) => [r.method, r.path, r.status])).toEqual([['GET', '/v1/models', 403]]);
  });

  it('a closed loopback port: refused, the fix says to start the server or correct the Base URL', async () => {
    const port = await closedPort();
    const error = await probe(`http://127.0.0.1:${port}/v1`);
    expect(error?.kind).toBe('unreachable');
    expect(error?.message).toContain(`Nothing is listening at 127.0.0.1:${port} (the connection was refused)`);
  });

  it('a name: both causes a browser cannot tell apart are named, not guessed', async () => {
    const error = await probe(`http://${NO_SUCH_HOST}:11434/v1`);
    expect(error?.kind).toBe('unreachable');
    expect(error?.message).toBe(
      `Nothing answered at ${NO_SUCH_HOST}:11434: nothing is listening on that port, or the host name "${NO_SUCH_HOST}" was not found. Correct the Base URL, or start the model server there.`,
    );
  });

  it('https:// where plain HTTP answers: the address does not speak HTTPS', async () => {
    const error = await probe(ctx.server.baseUrl.replace('http:', 'https:'));
    expect(error?.kind).toBe('tls');
    expect(error?.message).toContain('Write http:// instead of https://');
  });

  it('https:// that fails with no plain answer either: names TLS as one possible cause and how to see which', async () => {
    const error = await probe(tlsBaseUrl);
    expect(error?.kind).toBe('unreachable');
    const origin = new URL(tlsBaseUrl).origin;
    expect(error?.message).toContain(`Nothing answered at ${origin}: nothing is listening there, or the secure connection (TLS) failed`);
    expect(error?.message).toContain(`Open ${origin} in a browser tab`);
  });

  it('a server that takes the connection and never answers: a timeout that says how long it waited', async () => {
    ctx.server.set({ unresponsive: true });
    const error = await probe(ctx.server.baseUrl, 1000);
    expect(error?.kind).toBe('timeout');
    expect(error?.message).toContain(`Nothing answered at ${new URL(ctx.server.baseUrl).host} within 1 s`);
  });
});
