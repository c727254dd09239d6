// Scores through the real SDK against the local model server: logprobs where it sends them, else
// agreement among k sampled answers (one request with n = k, or k requests where n is ignored).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { majorityOf, scoreVerdicts, type ScoreOptions } from '../../lib/verify/score';
import { verifyClaims } from '../../lib/verify/verify';
import { chatRequests, clientFor, imageDataUrl, useModelServer } from '../server/fixtures';

const model = useModelServer();
const server = () => model.server;
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
});
beforeEach(() => server().reset());

const CLAIMS = ['A dog.', 'A red sofa.', 'Two cats.'];

async function check(claims: readonly string[], samples?: number) {
  const options: ScoreOptions = { client: clientFor(server()), model: 'test-vlm', imageDataUrl: image, claims, ...(samples !== undefined ? { samples } : {}) };
  const greedy = await verifyClaims(options);
  return { greedy, scored: await scoreVerdicts(options, greedy) };
}

describe('majorityOf', () => {
  it.each([
    [[true, true, false], null, { label: true, agreement: 2 / 3 }],
    [[false, false, false, true, true], true, { label: false, agreement: 3 / 5 }],
    [[true, false], false, { label: false, agreement: 0.5 }],
    [[true, false], null, { label: true, agreement: 0.5 }],
    [[], true, null],
  ])('%j with greedy %j → %j', (labels, greedy, expected) => {
    expect(majorityOf(labels, greedy)).toEqual(expected);
  });
});

describe('scoreVerdicts', () => {
  it('takes the label token probability when every verdict has one: one request, kind logprob', async () => {
    server().set({ logprobs: true, labelProbability: (claim) => (claim === 'A dog.' ? 0.55 : 0.93) });
    const { scored } = await check(CLAIMS);
    expect(scored.scoreKind).toBe('logprob');
    expect(scored.scores.map((s) => s?.toFixed(6))).toEqual(['0.550000', '0.930000', '0.930000']);
    expect(chatRequests(server())).toHaveLength(1);
  });

  it('samples k answers in one request with n = k where the endpoint honours n; the score is the share agreeing', async () => {
    server().set({ sampling: { seed: 1, flip: (claim) => (claim === 'A dog.' ? 0 : 0.3) } });
    const { scored } = await check(CLAIMS, 5);
    expect(scored.scoreKind).toBe('agreement');
    const requests = chatRequests(server());
    expect(requests).toHaveLength(2);
    const sampling = requests[1]!.body as Record<string, unknown>;
    expect(sampling).toMatchObject({ n: 5, temperature: 1 });
    expect(sampling.stream).toBe(false);
    expect(requests.every((r) => r.status === 200 && r.problems.length === 0)).toBe(true);
    expect(scored.scores[0]).toBe(1);
    for (const score of scored.scores) expect([0.6, 0.8, 1]).toContain(score);
  });

  it('asks one by one, under the concurrency limit, when the endpoint ignores n', async () => {
    server().set({ honourN: false, sampling: { seed: 1, flip: () => 0.2 } });
    const { scored } = await check(CLAIMS, 5);
    expect(scored.scoreKind).toBe('agreement');
    // The greedy answer, the n = 5 request that got one choice, then four more.
    expect(chatRequests(server())).toHaveLength(6);
    expect(scored.requests).toBe(5);
    expect(server().maxInFlight).toBeLessThanOrEqual(3);
  });

  it('makes the majority the verdict, keeping a sampled reasoning that agrees with it', async () => {
    server().set({ sampling: { seed: 4, flip: (claim) => (claim === 'Two cats.' ? 0.95 : 0) } });
    const { greedy, scored } = await check(CLAIMS, 5);
    expect(greedy.verdicts[2]!.label).toBe(true);
    expect(scored.verdicts[2]!.label).toBe(false);
    expect(scored.verdicts[2]!.reasoning).toMatch(/does not match/);
    expect(scored.verdicts[0]).toEqual(greedy.verdicts[0]);
  });

  it('draws the same samples again from the same seed', async () => {
    server().set({ sampling: { seed: 9, flip: () => 0.35 } });
    const first = (await check(CLAIMS, 7)).scored.scores;
    server().reset();
    server().set({ sampling: { seed: 9, flip: () => 0.35 } });
    expect((await check(CLAIMS, 7)).scored.scores).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('samples nothing unless asked: on an endpoint without logprobs that ignores n, a check is one request, unscored', async () => {
    server().set({ honourN: false, sampling: { seed: 1, flip: () => 0.2 } });
    const { greedy, scored } = await check(CLAIMS);
    expect(greedy.confidences).toEqual([null, null, null]);
    expect(scored).toMatchObject({ scoreKind: null, scores: [null, null, null], requests: 0, notes: [] });
    expect(chatRequests(server())).toHaveLength(1);
  });

  it('does not sample with k below 2: the verdicts stay unscored', async () => {
    const { greedy, scored } = await check(CLAIMS, 1);
    expect(scored).toMatchObject({ scoreKind: null, scores: [null, null, null], requests: 0 });
    expect(scored.incomplete).toBeUndefined();
    expect(scored.verdicts).toEqual(greedy.verdicts);
    expect(chatRequests(server())).toHaveLength(1);
  });

  it('keeps the verdicts, unscored and with a note, when sampling fails', async () => {
    const options: ScoreOptions = { client: clientFor(server()), model: 'test-vlm', imageDataUrl: image, claims: CLAIMS, samples: 5 };
    const greedy = await verifyClaims(options);
    server().set({ failures: [{ status: 500 }] });
    const scored = await scoreVerdicts(options, greedy);
    expect(scored.scoreKind).toBeNull();
    expect(scored.verdicts).toEqual(greedy.verdicts);
    expect(scored.notes.join(' ')).toMatch(/not scored/);
    // Marked so the verdict cache does not keep it: the next check asks for the scores again.
    expect(scored.incomplete).toBe(true);
  });
});
