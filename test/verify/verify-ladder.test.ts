// The output ladder, the streaming fallback, and long claim lists split into concurrent chunks.
import { beforeEach, describe, expect, it } from 'vitest';
import { toCheckError } from '../../lib/verify/client';
import type { Verdict } from '../../lib/verify/schema';
import { verifyClaims } from '../../lib/verify/verify';
import { chatRequests, clientFor, failOnUnhandledRejection, imageDataUrl, runVerify, useModelServer } from '../server/fixtures';
import type { ModelServer } from '../server/openai-server';

failOnUnhandledRejection();
const ctx = useModelServer();
let image = '';
beforeEach(async () => {
  ctx.server.reset();
  image ||= await imageDataUrl();
});

const CLAIMS = ['A cat sits on a mat.', 'The mat is red.', 'There are two dogs.'];

/** How each recorded chat request asked: response_format type (or none), streamed or not, its status. */
function ladder(server: ModelServer) {
  return chatRequests(server).map((r) => {
    const body = r.body as { response_format?: { type: string }; stream?: boolean };
    return `${body.response_format?.type ?? 'prompt'}${body.stream ? '+stream' : ''} ${r.status}`;
  });
}

describe('output ladder', () => {
  it.each([false, true])('steps down to json_object when json_schema is rejected, and reports it (stream: %s)', async (stream) => {
    ctx.server.set({ rejectJsonSchema: true });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream });
    expect(run.error).toBeNull();
    expect(run.modes).toEqual(['json_object']);
    expect(run.result).toMatchObject({ outputMode: 'json_object', requests: 2 });
    const s = stream ? '+stream' : '';
    expect(ladder(ctx.server)).toEqual([`json_schema${s} 400`, `json_object${s} 200`]);
    expect(run.result?.verdicts.every((v) => v?.label === true)).toBe(true);
  });

  it('falls to the prompt alone when neither JSON mode is accepted', async () => {
    ctx.server.set({ rejectJsonSchema: true, rejectJsonObject: true });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image });
    expect(run.modes).toEqual(['prompt']);
    expect(ladder(ctx.server)).toEqual(['json_schema 400', 'json_object 400', 'prompt 200']);
    expect(run.result?.verdicts).toHaveLength(3);
    expect(run.result?.verdicts.every(Boolean)).toBe(true);
  });

  it('starts where it is told (the mode remembered for this endpoint)', async () => {
    ctx.server.set({ rejectJsonSchema: true });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, outputMode: 'json_object' });
    expect(ladder(ctx.server)).toEqual(['json_object 200']);
    expect(run.modes).toEqual(['json_object']);
  });

  it('falls back to a plain JSON request when the endpoint rejects streaming', async () => {
    ctx.server.set({ rejectStreaming: true, falseWhen: [{ match: 'dogs', error_type: ['Quantitative'] }] });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true });
    expect(run.error).toBeNull();
    expect(run.result?.verdicts.map((v) => v?.label)).toEqual([true, true, false]);
    expect(ladder(ctx.server).at(-1)).toBe('json_schema 200');
    expect(ladder(ctx.server).slice(0, -1).every((step) => step.endsWith('+stream 400'))).toBe(true);
    expect(run.modes).toEqual(['json_schema']);
    expect(run.reported.map((r) => r.index)).toEqual([0, 1, 2]);
  });

  it('does not walk the ladder for a model without image input', async () => {
    ctx.server.set({ rejectImages: true });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true });
    expect(run.error?.kind).toBe('no-image-input');
    expect(ladder(ctx.server)).toEqual(['json_schema+stream 400']);
  });
});

describe('chunks', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `Claim number ${i + 1} about the picture.`);
  // Every third claim false, so a merge out of order would show.
  const byNumber = { verdict: (claim: string) => scripted(Number(/\d+/.exec(claim)![0])) };
  function scripted(n: number): Verdict {
    return n % 3 === 0
      ? { reasoning: `Claim ${n} is wrong.`, label: false, error_type: ['Attribute'] }
      : { reasoning: `Claim ${n} holds.`, label: true, error_type: [] };
  }

  it('sends 13 claims as 12 + 1 and merges the verdicts in claim order', async () => {
    ctx.server.set(byNumber);
    const claims = many(13);
    const run = await runVerify(ctx.server, { claims, imageDataUrl: image });
    expect(run.error).toBeNull();
    expect(chatRequests(ctx.server).map((r) => r.claims)).toEqual([claims.slice(0, 12), claims.slice(12)]);
    expect(run.result?.verdicts).toEqual(claims.map((_, i) => scripted(i + 1)));
    expect(run.result?.requests).toBe(2);
    expect(run.reported.map((r) => r.index).sort((a, b) => a - b)).toEqual(claims.map((_, i) => i));
  });

  it.each([1, 2, 3])('keeps at most %i chunk request(s) in flight after the first', async (concurrency) => {
    ctx.server.set({ ...byNumber, pace: { tokensPerSecond: 2000, firstTokenMs: 80 } });
    const claims = many(12 * 4 + 2);
    const run = await runVerify(ctx.server, { claims, imageDataUrl: image, stream: true, concurrency });
    expect(run.error).toBeNull();
    expect(run.result?.verdicts).toEqual(claims.map((_, i) => scripted(i + 1)));
    const requests = chatRequests(ctx.server);
    expect(requests.map((r) => r.claims.length)).toEqual([12, 12, 12, 12, 2].slice(0, requests.length));
    // The first chunk settles the output mode alone; the rest overlap up to the limit, and do reach it.
    expect(requests[0]!.endedAt!).toBeLessThanOrEqual(requests[1]!.at);
    expect(ctx.server.maxInFlight).toBe(concurrency);
  });

  it('settles the output mode on the first chunk, so later chunks do not walk the ladder', async () => {
    ctx.server.set({ rejectJsonSchema: true });
    const run = await runVerify(ctx.server, { claims: many(30), imageDataUrl: image });
    expect(ladder(ctx.server)).toEqual(['json_schema 400', 'json_object 200', 'json_object 200', 'json_object 200']);
    expect(run.modes).toEqual(['json_object']);
  });

  it('asks again for skipped claims of several chunks in requests of at most the chunk size', async () => {
    ctx.server.set({ outputQueue: ['empty', 'empty'] });
    const claims = many(25);
    const run = await runVerify(ctx.server, { claims, imageDataUrl: image, concurrency: 1 });
    expect(run.error).toBeNull();
    expect(run.result?.verdicts.every(Boolean)).toBe(true);
    const sizes = chatRequests(ctx.server).map((r) => r.claims.length);
    expect(sizes.slice(0, 3)).toEqual([12, 12, 1]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(12);
    expect(sizes.slice(3).reduce((a, b) => a + b, 0)).toBe(24);
  });

  it('never sends more than the chunk size when every claim is asked again', async () => {
    ctx.server.set({ output: 'empty' });
    const run = await runVerify(ctx.server, { claims: many(13), imageDataUrl: image });
    expect(run.error?.kind).toBe('bad-output');
    const sizes = chatRequests(ctx.server).map((r) => r.claims.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(12);
  });

  it('stops every other chunk once one fails: no new request, no verdict reported after the error', async () => {
    // Chunk 1 answers; then chunk 2 fails at once while chunk 3 is still being written.
    ctx.server.set({ ...byNumber, pace: { tokensPerSecond: 1000, firstTokenMs: 200 } });
    let failedAt = Infinity;
    const late: number[] = [];
    const run = verifyClaims({
      client: clientFor(ctx.server),
      model: 'test-vlm',
      imageDataUrl: image,
      claims: many(12 * 4),
      concurrency: 2,
      onVerdict: (index) => {
        if (index === 0) ctx.server.set({ failures: [{ status: 500 }] });
        if (performance.now() >= failedAt) late.push(index);
      },
    }).catch((error: unknown) => {
      failedAt = performance.now();
      return toCheckError(error, 'test-vlm');
    });
    expect(await run).toMatchObject({ kind: 'server' });
    const settledAt = Date.now();
    // The check ends only once the chunk in flight was cancelled: the server has seen every request it got end, and no
    // request of the check is left that could start another.
    await expect.poll(() => chatRequests(ctx.server).filter((r) => r.endedAt === null).length).toBe(0);
    const requests = chatRequests(ctx.server);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.filter((r) => r.at > settledAt)).toEqual([]);
    expect(late).toEqual([]);
  });
});
