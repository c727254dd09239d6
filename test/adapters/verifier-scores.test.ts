// The worker's verifier scores every endpoint check: by logprobs where the endpoint sends them, else by
// agreement among k sampled answers (k from Options, off by default), through the real SDK against the local server.
// Every outcome says how many requests it really sent, counted against what the server recorded.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { noLogprobsItem } from '@/lib/adapters/storage';
import { endpointVerifier, type VerifierOptions } from '@/lib/adapters/model';
import { CALIBRATION_SAMPLES, DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import { chatRequests, imageDataUrl, useModelServer } from '../server/fixtures';

const model = useModelServer();
const server = () => model.server;
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
});
beforeEach(() => {
  fakeBrowser.reset();
  server().reset();
});

const CLAIMS = ['Two cats sit on a sofa.', 'A dog sleeps under the table.', 'A lamp is on.'];

function settings(patch: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, baseUrl: server().baseUrl, apiKey: 'sk-test', model: 'test-vlm', stream: false, ...patch };
}

/** One verification; `fresh` unless told otherwise, so no test is answered by another's cached verdicts. */
async function verify(patch: Partial<Settings> = {}, options: VerifierOptions = { fresh: true }) {
  const streamed: number[] = [];
  const outcome = await endpointVerifier(settings(patch), new AbortController().signal, options)(CLAIMS, image, (i) => streamed.push(i));
  return { outcome, streamed };
}

/** The sampled requests (temperature above 0), as the server recorded them. */
const sampledRequests = () => chatRequests(server()).filter((r) => Number((r.body as { temperature?: unknown }).temperature) > 0);

describe('endpoint verifier scores', () => {
  it('scores by logprobs where the endpoint sends them: one request, kind logprob', async () => {
    server().set({ logprobs: true, labelProbability: (claim) => (/dog/.test(claim) ? 0.6 : 0.97) });
    const { outcome } = await verify();
    expect(outcome.scoreKind).toBe('logprob');
    expect(outcome.scores?.map((s) => s?.toFixed(2))).toEqual(['0.97', '0.60', '0.97']);
    expect(chatRequests(server())).toHaveLength(1);
    expect(outcome.requests).toBe(1);
  });

  it('by default, on an endpoint without logprobs that ignores n, sends one request and leaves the verdicts unscored', async () => {
    server().set({ honourN: false, sampling: { seed: 3, flip: () => 0.5 } });
    const { outcome } = await verify();
    expect(outcome).toMatchObject({ scoreKind: null, scores: [null, null, null], requests: 1 });
    expect(outcome.verdicts.every((v) => v !== null)).toBe(true);
    expect(chatRequests(server())).toHaveLength(1);
  });

  it('without logprobs, asks k answers (k from Options, n = k) and scores by agreement, the majority being the verdict', async () => {
    server().set({
      falseWhen: [{ match: /dog/, error_type: ['Object'] }],
      sampling: { seed: 7, flip: (claim) => (/lamp/.test(claim) ? 0.9 : /dog/.test(claim) ? 0.3 : 0) },
    });
    const { outcome, streamed } = await verify({ samplesPerClaim: 7 });
    expect(streamed.sort()).toEqual([0, 1, 2]);
    expect(outcome.scoreKind).toBe('agreement');
    const sampled = sampledRequests();
    expect(sampled).toHaveLength(1);
    expect(sampled[0]!.body).toMatchObject({ n: 7, temperature: 1 });
    // Never flipped: all seven agree. The lamp flips 90% of the time: its majority is "not supported".
    expect(outcome.scores?.[0]).toBe(1);
    expect(outcome.verdicts[2]?.label).toBe(false);
    for (const score of outcome.scores ?? []) expect(score! * 7).toBeCloseTo(Math.round(score! * 7), 6);
    expect(outcome.scores?.[2]).toBeGreaterThan(0.5);
    expect(outcome.usage.promptTokens).toBeGreaterThan(0);
  });

  it('asks k single requests where the endpoint ignores n, within the concurrency limit', async () => {
    server().set({ honourN: false, sampling: { seed: 1, flip: () => 0.2 } });
    const { outcome } = await verify({ samplesPerClaim: 4, concurrency: 2 });
    expect(outcome.scoreKind).toBe('agreement');
    expect(sampledRequests()).toHaveLength(4);
    // The answer and four samples: N + 1, as Options says.
    expect(chatRequests(server())).toHaveLength(5);
    expect(outcome.requests).toBe(5);
    expect(server().maxInFlight).toBeLessThanOrEqual(2);
  });

  it('with the agreement score off (1), sends nothing more and leaves the verdicts unscored', async () => {
    const { outcome } = await verify({ samplesPerClaim: 1 });
    expect(outcome).toMatchObject({ scoreKind: null, scores: [null, null, null] });
    expect(chatRequests(server())).toHaveLength(1);
  });

  it('samples an endpoint it remembers rejects logprobs, without asking for them again', async () => {
    await noLogprobsItem.setValue({ [`${server().baseUrl}|test-vlm`]: true });
    server().set({ logprobs: true, sampling: { seed: 2, flip: () => 0 } });
    const { outcome } = await verify({ samplesPerClaim: 3 });
    expect(outcome.scoreKind).toBe('agreement');
    expect(outcome.scores).toEqual([1, 1, 1]);
    expect((chatRequests(server())[0]!.body as { logprobs?: unknown }).logprobs).toBeUndefined();
  });

  it('for an agreement calibration with sampling off, asks the samples it needs and says so with the cost', async () => {
    server().set({ honourN: false, sampling: { seed: 2, flip: () => 0 } });
    const { outcome } = await verify({ samplesPerClaim: 1 }, { fresh: true, scoreKind: 'agreement' });
    expect(outcome.scoreKind).toBe('agreement');
    expect(sampledRequests()).toHaveLength(CALIBRATION_SAMPLES);
    expect(outcome.requests).toBe(CALIBRATION_SAMPLES + 1);
    expect(outcome.notes).toContain(
      `This model's calibration needs agreement scores, so this check asked for ${CALIBRATION_SAMPLES} extra answers (${CALIBRATION_SAMPLES + 1} requests in all; Options → Agreement score).`,
    );
  });

  it('for an agreement calibration, samples even an endpoint that sends logprobs', async () => {
    server().set({ logprobs: true, sampling: { seed: 2, flip: () => 0 } });
    const { outcome } = await verify({ samplesPerClaim: 3 }, { fresh: true, scoreKind: 'agreement' });
    expect(outcome.scoreKind).toBe('agreement');
    expect((chatRequests(server())[0]!.body as { logprobs?: unknown }).logprobs).toBeUndefined();
  });

  it('serves the scored result from the cache, scores and kind included, and keys it by the way of scoring', async () => {
    server().set({ sampling: { seed: 5, flip: (claim) => (/dog/.test(claim) ? 0.4 : 0) } });
    const first = (await verify({ samplesPerClaim: 5 }, { fresh: true })).outcome;
    const requests = chatRequests(server()).length;
    const again = (await verify({ samplesPerClaim: 5 }, {})).outcome;
    expect(chatRequests(server())).toHaveLength(requests);
    expect(again).toMatchObject({ scores: first.scores, scoreKind: 'agreement', verdicts: first.verdicts, requests: 0 });
    expect(first.requests).toBe(requests);
    // Another k is another answer: asked again (6: a k no other test stored an answer for).
    await verify({ samplesPerClaim: 6 }, {});
    expect(chatRequests(server()).length).toBeGreaterThan(requests);
  });
});
