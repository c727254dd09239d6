// Streaming as the user sees it: verdicts arrive while the model still writes, and cancelling keeps them.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Verdict } from '../../lib/verify/schema';
import { parseVerdicts } from '../../lib/verify/parse';
import { createVerdictStreamParser } from '../../lib/verify/stream-parse';
import { verifyClaims } from '../../lib/verify/verify';
import { toCheckError } from '../../lib/verify/client';
import { chatRequests, clientFor, failOnUnhandledRejection, imageDataUrl, runVerify, useModelServer } from '../server/fixtures';

failOnUnhandledRejection();
const ctx = useModelServer();
let image = '';
beforeEach(async () => {
  ctx.server.reset();
  image ||= await imageDataUrl();
});

const CLAIMS = ['A cat sits on a mat.', 'The mat is red.', 'There are two dogs.', 'A lamp stands on the left.', 'The wall is white.'];
const PACE = { tokensPerSecond: 40, firstTokenMs: 300 };
// A token per chunk, spaced out: a model's stream, at the speed of a fast one.
const FAST_PACE = { tokensPerSecond: 400, firstTokenMs: 50 };

// "Early" is proven by order, not by the clock: the server sends nothing past the middle of the answer
// (`holdAt`) until the first verdict has been reported, so that verdict came from the first half alone
// (so a fast pace proves it as well as a slow one).
const withinFirstHalf = (p: { sent: number; total: number }) => p.sent <= Math.floor(p.total * 0.5);
describe('streamed verdicts', () => {
  it.each(['json_schema', 'json_object', 'prompt'] as const)(
    'reports the first verdict before the second half of the answer is sent (%s)',
    async (outputMode) => {
      ctx.server.set({ pace: FAST_PACE, holdAt: 0.5, falseWhen: [{ match: 'dogs', error_type: ['Quantitative'] }] });
      const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, outputMode });
      expect(run.error).toBeNull();
      expect(run.result?.verdicts.map((v) => v?.label)).toEqual([true, true, false, true, true]);
      // In claim order, one at a time, spread over the answer: the first from its first half, the last from its second.
      expect(run.reported.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
      expect(withinFirstHalf(run.reported[0]!.progress)).toBe(true);
      const last = run.reported[4]!.progress;
      expect(last.sent).toBeGreaterThan(Math.floor(last.total * 0.5));
    },
  );

  it.each(['fenced', 'prose'] as const)('streams verdicts early from a "%s" answer too', async (output) => {
    ctx.server.set({ output, pace: FAST_PACE, holdAt: 0.5 });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, outputMode: 'json_object' });
    expect(run.result?.verdicts.every(Boolean)).toBe(true);
    expect(run.reported.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    expect(withinFirstHalf(run.reported[0]!.progress)).toBe(true);
  });

  it('reads a "python" answer only once it is complete (its literals are not JSON)', async () => {
    ctx.server.set({ output: 'python', pace: FAST_PACE });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, outputMode: 'json_object' });
    expect(run.result?.verdicts.every(Boolean)).toBe(true);
    expect(run.reported.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    const first = run.reported[0]!.progress;
    expect(first.sent).toBe(first.total);
  });

  it('reports nothing early when not streaming: every verdict comes with the complete answer', async () => {
    ctx.server.set({ pace: { tokensPerSecond: 400, firstTokenMs: 100 } });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: false });
    expect(run.reported).toHaveLength(5);
    const first = run.reported[0]!.progress;
    expect(first.total).toBeGreaterThan(0);
    expect(first.sent).toBe(first.total);
  });

  it('adds up the usage of the streamed answer', async () => {
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true });
    expect(run.result?.usage.completionTokens).toBeGreaterThan(0);
    expect(run.result?.usage.promptTokens).toBeGreaterThan(0);
  });
});

describe('cancelling', () => {
  it('stops mid-stream with kind "aborted"; verdicts that arrived stay reported, nothing after', async () => {
    ctx.server.set({ pace: PACE });
    const controller = new AbortController();
    const reported: [number, Verdict][] = [];
    let abortedAfter = -1;
    const result = verifyClaims({
      client: clientFor(ctx.server),
      model: 'test-vlm',
      imageDataUrl: image,
      claims: CLAIMS,
      stream: true,
      signal: controller.signal,
      onVerdict: (index, verdict) => {
        if (abortedAfter >= 0) throw new Error(`verdict ${index} reported after the abort`);
        reported.push([index, verdict]);
        if (reported.length === 2) {
          abortedAfter = reported.length;
          controller.abort();
        }
      },
    });
    const error = await result.then(
      () => null,
      (e: unknown) => toCheckError(e, 'test-vlm'),
    );
    expect(error?.kind).toBe('aborted');
    expect(reported.map(([index]) => index)).toEqual([0, 1]);
    // No follow-up request for the claims the cancelled answer did not reach.
    expect(chatRequests(ctx.server)).toHaveLength(1);
  });

  it('cancels while the request waits for its first token', async () => {
    ctx.server.set({ pace: { tokensPerSecond: 40, firstTokenMs: 5000 } });
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, signal: AbortSignal.timeout(200) });
    expect(run.error?.kind).toBe('aborted');
    expect(run.reported).toEqual([]);
    // The client left before the first token: the server saw it go and sent nothing.
    await expect.poll(() => chatRequests(ctx.server)[0]?.endedAt ?? null).not.toBeNull();
    expect(ctx.server.progress.sent).toBe(0);
  });

  it('does not report a verdict that was cut off by the abort', async () => {
    // Slow tokens, and an abort shortly after the third verdict's label (but not its closing brace) arrived.
    ctx.server.set({
      pace: { tokensPerSecond: 20, firstTokenMs: 0 },
      verdict: (claim) => (claim.includes('dogs') ? { reasoning: 'No.', label: false, error_type: ['Quantitative'] } : { reasoning: 'Yes.', label: true, error_type: [] }),
    });
    const controller = new AbortController();
    const seen = { content: '' };
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!response.body) return response;
      const decoder = new TextDecoder();
      const encoder = new TextEncoder();
      let pending = '';
      // Passed on one server-sent event at a time, and nothing after the event that carries the label: under load the
      // socket can hand over several events in one chunk, the closing brace among them, before any abort could act.
      const tee = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          if (controller.signal.aborted) return;
          pending += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const event = pending.slice(0, end + 2);
            pending = pending.slice(end + 2);
            out.enqueue(encoder.encode(event));
            for (const line of event.split('\n')) {
              if (!line.startsWith('data: {')) continue;
              seen.content += (JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '';
            }
            if (/"label":false,"error_type":\["Q/.test(seen.content)) {
              controller.abort();
              return;
            }
          }
        },
      });
      return new Response(response.body.pipeThrough(tee), response);
    };
    const run = await runVerify(ctx.server, { claims: CLAIMS, imageDataUrl: image, stream: true, signal: controller.signal, clientOptions: { fetch: watching } });
    expect(run.error?.kind).toBe('aborted');
    expect(seen.content).not.toMatch(/"Quantitative"\]\}/);
    expect(run.reported.map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('finding the verdict list among other brackets', () => {
  const a = '{"reasoning":"a","label":true,"error_type":[]}';
  const b = '{"reasoning":"b","label":false,"error_type":["Object"]}';
  it.each([
    ['prose brackets before an object', `I checked claims [1-2].\n{"verdicts":[${a},${b}]}`, 2],
    ['prose brackets before a bare array', `Claims [1-2]:\n[${a},${b}]`, 2],
    ['a list of claims before the verdicts', `{"claims":["x","y"],"verdicts":[${a},${b}]}`, 2],
    ['a single bare verdict with error types', b, 1],
  ])('%s: streamed one by one and read whole', (_name, answer, count) => {
    const streamed: number[] = [];
    const parser = createVerdictStreamParser((index) => streamed.push(index));
    for (const ch of answer) parser.push(ch);
    expect(streamed).toEqual([0, 1].slice(0, count));
    expect(parseVerdicts(answer).verdicts.filter(Boolean)).toHaveLength(count);
  });
});
