// A run's scores on its claims: the kind of score, each verdict's score, and decided only where the
// model's calibration was made for that kind — for a check, a re-check and a comparison alike.
import { describe, expect, it } from 'vitest';
import type { CheckJob, JobCalibration } from '@/lib/job-record';
import { claimScores, outcomeScoreKind, scoredClaims, type ScoredOutcome } from '@/lib/claim-scores';
import { runCheck, type CheckDeps, type ModelAnswer } from '@/lib/check-lifecycle';
import { compareWithModel, recheckClaims } from '@/lib/recheck-lifecycle';
import type { Verdict } from '@/lib/verify/schema';

const yes: Verdict = { reasoning: 'A cat is on the sofa.', label: true, error_type: [] };
const no: Verdict = { reasoning: 'There is no dog.', label: false, error_type: ['Object'] };
const usage = { promptTokens: 1, completionTokens: 1 };
const thresholds = { supported: 0.8, not_supported: 0.8 };
const agreementCalibration: JobCalibration = { alpha: 0.1, delta: 0.1, thresholds, scoreKind: 'agreement' };
const logprobCalibration: JobCalibration = { alpha: 0.1, delta: 0.1, thresholds, scoreKind: 'logprob' };
/** Three claims scored by agreement among five samples: 5/5, 3/5 and no verdict. */
const agreed: ScoredOutcome = { verdicts: [yes, no, null], confidences: [null, null, null], scores: [1, 0.6, null], scoreKind: 'agreement' };

describe('outcomeScoreKind', () => {
  it.each<[string, ScoredOutcome, string | null]>([
    ['the verifier says agreement', agreed, 'agreement'],
    ['the verifier says none', { ...agreed, scoreKind: null }, null],
    ['an older verifier with logprobs', { verdicts: [yes], confidences: [0.9] }, 'logprob'],
    ['an older verifier without any', { verdicts: [yes], confidences: [null] }, null],
    ['the on-device model (no confidences at all)', { verdicts: [yes] }, null],
  ])('%s', (_name, outcome, kind) => {
    expect(outcomeScoreKind(outcome)).toBe(kind);
  });
});

describe('claimScores', () => {
  it('decides each verdict by a calibration of the same kind (null where there is no verdict)', () => {
    expect(claimScores(agreed, 3, agreementCalibration)).toEqual({
      scores: [1, 0.6, null],
      scoreKind: 'agreement',
      decided: [true, false, null],
      calibration: agreementCalibration,
      notes: [],
    });
  });

  it('treats a calibration stored before score kinds existed as a logprob one', () => {
    const { scoreKind: _kind, ...older } = logprobCalibration;
    const scored = claimScores({ verdicts: [yes, no], confidences: [0.95, 0.5] }, 2, older);
    expect(scored.decided).toEqual([true, false]);
    expect(scored.calibration).toEqual(older);
  });

  it('judges nothing with a calibration of another kind, drops it and says why', () => {
    const scored = claimScores(agreed, 3, logprobCalibration);
    expect(scored).toMatchObject({ scores: [1, 0.6, null], scoreKind: 'agreement', decided: null, calibration: undefined });
    expect(scored.notes).toEqual([expect.stringMatching(/calibration is for label-token probabilities .* scored by agreement among sampled answers, so none is marked decided/)]);
  });

  it('says what to change when the verdicts got no score at all', () => {
    const scored = claimScores({ ...agreed, scores: [null, null, null], scoreKind: null }, 3, agreementCalibration);
    expect(scored.decided).toBeNull();
    expect(scored.notes[0]).toMatch(/got no score .*Agreement score is off/);
  });

  it('without a calibration, scores only', () => {
    expect(claimScores(agreed, 3)).toEqual({ scores: [1, 0.6, null], scoreKind: 'agreement', decided: null, calibration: undefined, notes: [] });
  });

  it('pads the scores to the claims when the outcome has fewer', () => {
    expect(claimScores({ verdicts: [yes], scores: [0.8], scoreKind: 'agreement' }, 3).scores).toEqual([0.8, null, null]);
  });
});

describe('scoredClaims', () => {
  it('puts the final verdict, confidence, score and decision on each claim, dropping an earlier decision', () => {
    const claims = [
      { text: 'A cat.', start: 0, end: 6, hedged: false, verdict: no, decided: true },
      { text: 'A dog.', start: 7, end: 13, hedged: false, verdict: null },
    ];
    const outcome: ScoredOutcome = { verdicts: [yes, null], confidences: [null, null], scores: [0.6, null], scoreKind: 'agreement' };
    const result = scoredClaims(claims, outcome, claimScores(outcome, 2, agreementCalibration));
    expect(result).toEqual([
      { text: 'A cat.', start: 0, end: 6, hedged: false, verdict: yes, confidence: null, score: 0.6, decided: false },
      { text: 'A dog.', start: 7, end: 13, hedged: false, verdict: null, confidence: null, score: null },
    ]);
    expect('decided' in result[1]!).toBe(false);
  });
});

const input = { id: 'j', tabId: 1, model: 'test-vlm', maxClaims: 25, pageUrl: 'https://example.test/', imageUrl: 'https://example.test/a.jpg' };
const outcome: ModelAnswer = { ...agreed, usage, notes: [] };

function deps(result: ModelAnswer = outcome): CheckDeps & { saved: CheckJob[] } {
  let clock = 0;
  const saved: CheckJob[] = [];
  return {
    saved,
    now: () => (clock += 10),
    save: async (job) => void saved.push(job),
    gather: async () => ({ caption: 'A cat sits on a sofa. A dog sleeps. A lamp glows.', pageUrl: input.pageUrl, imageUrl: input.imageUrl }),
    acquireImage: async () => ({ dataUrl: 'data:image/jpeg;base64,AAAA', path: 'fetch', byteLength: 3 }),
    verify: async () => result,
  };
}

describe('a check scored by agreement', () => {
  it('records the score kind and decides by an agreement calibration', async () => {
    const job = await runCheck({ ...input, calibration: { alpha: 0.1, delta: 0.1, thresholds, score_kind: 'agreement' } }, deps());
    expect(job.scoreKind).toBe('agreement');
    expect(job.claims.map((c) => [c.score, c.decided])).toEqual([
      [1, true],
      [0.6, false],
      [null, undefined],
    ]);
    expect(job.calibration?.scoreKind).toBe('agreement');
  });

  it('keeps no logprob calibration for agreement scores: no decided, no summary, a note', async () => {
    const job = await runCheck({ ...input, calibration: { alpha: 0.1, delta: 0.1, thresholds, score_kind: 'logprob' } }, deps());
    expect(job.calibration).toBeUndefined();
    expect(job.claims.every((c) => c.decided === undefined)).toBe(true);
    expect(job.notes.at(-1)).toMatch(/none is marked decided/);
  });
});

const base: CheckJob = {
  id: 'base',
  tabId: 1,
  pageUrl: input.pageUrl,
  imageUrl: input.imageUrl,
  status: 'done',
  phase: 'finished',
  caption: 'A cat sits on a sofa. A dog sleeps. A lamp glows.',
  claims: ['A cat sits on a sofa.', 'A dog sleeps.', 'A lamp glows.'].map((text) => ({ text, start: 0, end: 0, hedged: false, verdict: yes })),
  setAside: [],
  notes: [],
  model: 'test-vlm',
  imagePath: 'fetch',
  imageBytes: 3,
  startedAt: 0,
  finishedAt: 1,
  usage,
  error: null,
  calibration: logprobCalibration,
  scoreKind: 'logprob',
};

describe('re-checks and comparisons keep scores', () => {
  it('a re-check scores its claims and decides them by the model calibration it is given', async () => {
    const job = await recheckClaims(base, base.claims.map((c) => c.text), 'data:image/jpeg;base64,AAAA', 'r', {
      ...deps(),
      calibration: agreementCalibration,
    });
    expect(job).toMatchObject({ status: 'done', scoreKind: 'agreement', calibration: agreementCalibration });
    expect(job.claims.map((c) => [c.score, c.decided])).toEqual([
      [1, true],
      [0.6, false],
      [null, undefined],
    ]);
  });

  it('a re-check without a calibration drops the earlier one: nothing claims a guarantee', async () => {
    const job = await recheckClaims(base, ['A cat sits on a sofa.'], 'data:image/jpeg;base64,AAAA', 'r', deps());
    expect(job.calibration).toBeUndefined();
    expect(job.claims[0]).toMatchObject({ score: 1 });
    expect(job.claims[0]!.decided).toBeUndefined();
  });

  it('a comparison keeps the other model its own scores, kind and decisions, beside the first model', async () => {
    const job = await compareWithModel(base, 'other-vlm', null, 'data:image/jpeg;base64,AAAA', { ...deps(), calibration: agreementCalibration });
    expect(job.comparison).toMatchObject({
      model: 'other-vlm',
      status: 'done',
      scores: [1, 0.6, null],
      scoreKind: 'agreement',
      decided: [true, false, null],
      calibration: agreementCalibration,
    });
    // The first model's run is untouched.
    expect(job.calibration).toEqual(logprobCalibration);
    expect(job.scoreKind).toBe('logprob');
  });

  it('a comparison with a calibration of another kind carries scores but no decisions', async () => {
    const job = await compareWithModel(base, 'other-vlm', null, 'data:image/jpeg;base64,AAAA', { ...deps(), calibration: logprobCalibration });
    expect(job.comparison?.scores).toEqual([1, 0.6, null]);
    expect(job.comparison?.decided).toBeUndefined();
    expect(job.comparison?.calibration).toBeUndefined();
  });
});
