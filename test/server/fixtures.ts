// Shared by the server's own tests and the verify integration tests.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { CheckError } from '../../lib/errors';
import { createClient, toCheckError, type ClientOptions } from '../../lib/verify/client';
import type { Verdict } from '../../lib/verify/schema';
import { verifyClaims, type OutputMode, type VerifyClaimsOptions, type EndpointVerdicts } from '../../lib/verify/verify';
import { startModelServer, type AnswerProgress, type ModelServer, type ModelServerOptions } from './openai-server';

/** A real JPEG of the given size, as the data URL the extension sends. */
export async function imageDataUrl(width = 64, height = 48): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/**
 * Fails the running file when a promise rejection goes unhandled (vitest would only report it after
 * the run); the listener is removed again when the file ends.
 */
export function failOnUnhandledRejection(): void {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', listener);
  });
  afterEach(async () => {
    // Rejections surface a tick or two after the code that dropped them.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen, 'unhandled promise rejections').toEqual([]);
  });
  afterAll(() => {
    process.off('unhandledRejection', listener);
  });
}

/** One server for the file, reset before each test by the caller's beforeEach; closed after. */
export function useModelServer(options: ModelServerOptions = {}): { readonly server: ModelServer } {
  const holder: { server?: ModelServer } = {};
  beforeAll(async () => {
    holder.server = await startModelServer(options);
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return {
    get server() {
      if (!holder.server) throw new Error('The model server is not started yet');
      return holder.server;
    },
  };
}

/** The real SDK client of the extension, pointed at the server. */
export function clientFor(server: ModelServer, options: ClientOptions & { apiKey?: string; model?: string } = {}) {
  const { apiKey = 'test-key', model = 'test-vlm', ...rest } = options;
  return createClient({ baseUrl: server.baseUrl, apiKey, model }, { maxRetries: 0, timeoutMs: 10_000, ...rest });
}

/** Requests other than CORS preflights, in arrival order. */
export function chatRequests(server: ModelServer) {
  return server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/chat/completions'));
}

export interface VerifyRun {
  result: EndpointVerdicts | null;
  error: CheckError | null;
  /**
   * onVerdict calls in the order they came, with the ms since the run started and how far the server had
   * sent the answer then. With `holdAt`, the server sends nothing past the gate until the first verdict.
   */
  reported: { index: number; verdict: Verdict; atMs: number; progress: AnswerProgress }[];
  modes: OutputMode[];
  elapsedMs: number;
}

/** Runs verifyClaims through the real SDK against the server; a thrown error is mapped, never swallowed. */
export async function runVerify(
  server: ModelServer,
  options: Partial<Omit<VerifyClaimsOptions, 'onVerdict' | 'onOutputMode'>> & { claims: readonly string[]; imageDataUrl: string; clientOptions?: ClientOptions & { apiKey?: string; model?: string } },
): Promise<VerifyRun> {
  const { clientOptions, ...rest } = options;
  const started = performance.now();
  const run: VerifyRun = { result: null, error: null, reported: [], modes: [], elapsedMs: 0 };
  try {
    run.result = await verifyClaims({
      client: clientFor(server, clientOptions),
      model: clientOptions?.model ?? 'test-vlm',
      ...rest,
      onVerdict: (index, verdict) => {
        run.reported.push({ index, verdict, atMs: performance.now() - started, progress: { ...server.progress } });
        // An answer gated at `holdAt` goes on once a verdict has come: whatever came before this is on record.
        server.release();
      },
      onOutputMode: (mode) => run.modes.push(mode),
    });
  } catch (error) {
    run.error = toCheckError(error, clientOptions?.model ?? 'test-vlm');
  }
  run.elapsedMs = performance.now() - started;
  return run;
}
