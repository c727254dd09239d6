import { describe, expect, it } from 'vitest';
import { calibrate, calibrationSchema, claimsNeededPerKind, isDecided, type LabelledClaim } from '../../lib/calibrate/calibration';
import {
  calibratedScorer,
  overconfidentScorer,
  perfectScorer,
  seededRandom,
  syntheticClaims,
  tiedScorer,
  underconfidentScorer,
  uselessScorer,
  type Scorer,
} from './synthetic';

const META = { model: 'test-vlm', endpointHost: 'localhost', promptVersion: 'seed-x', scoreKind: 'logprob' as const, now: new Date(0) };

/** Error among the claims a calibration decides; null when it decides none. */
function realisedError(claims: readonly LabelledClaim[], calibration: Parameters<typeof isDecided>[0]): { error: number | null; share: number } {
  const decided = claims.filter((c) => isDecided(calibration, c.label, c.score));
  const wrong = decided.filter((c) => c.label !== c.gold).length;
  return { error: decided.length ? wrong / decided.length : null, share: decided.length / claims.length };
}

/** Over `splits` seeded calibration/test draws: how often the realised error exceeds alpha, and the mean share decided. */
function coverage(
  scorer: Scorer,
  { alpha, delta, nCal, nTest, splits, seed }: { alpha: number; delta: number; nCal: number; nTest: number; splits: number; seed: number },
  method: (claims: LabelledClaim[], alpha: number, delta: number) => Parameters<typeof isDecided>[0] = (claims, a, d) =>
    calibrate(claims, { ...META, alpha: a, delta: d }),
) {
  const random = seededRandom(seed);
  let violations = 0;
  let shares = 0;
  for (let s = 0; s < splits; s++) {
    const calibration = method(syntheticClaims(scorer, nCal, random), alpha, delta);
    const { error, share } = realisedError(syntheticClaims(scorer, nTest, random), calibration);
    if (error !== null && error > alpha) violations++;
    shares += share;
  }
  return { violationRate: violations / splits, meanShare: shares / splits };
}

describe('calibrate: the guarantee over many random splits', () => {
  it.each([calibratedScorer, overconfidentScorer, underconfidentScorer, tiedScorer])(
    '$name scorer: error among decided verdicts exceeds alpha in at most about delta of the splits',
    (scorer) => {
      const { violationRate } = coverage(scorer, { alpha: 0.1, delta: 0.1, nCal: 1500, nTest: 20_000, splits: 120, seed: 7 });
      // A test set of 20,000 leaves a little noise in each realised error; 0.03 of slack covers it.
      expect(violationRate).toBeLessThanOrEqual(0.13);
    },
  );

  it('the split check itself catches a method without a guarantee (lowest threshold whose calibration error ≤ alpha)', () => {
    const naive = (claims: LabelledClaim[], alpha: number) => {
      const lowest = (label: boolean) => {
        const kind = claims.filter((c) => c.label === label).sort((a, b) => b.score - a.score);
        let wrong = 0;
        let best: number | null = null;
        kind.forEach((c, i) => {
          wrong += c.label !== c.gold ? 1 : 0;
          if (wrong / (i + 1) <= alpha && i >= 10) best = c.score;
        });
        return best;
      };
      return { thresholds: { supported: lowest(true), not_supported: lowest(false) } };
    };
    const { violationRate } = coverage(calibratedScorer, { alpha: 0.1, delta: 0.1, nCal: 1500, nTest: 20_000, splits: 60, seed: 7 }, naive);
    expect(violationRate).toBeGreaterThan(0.3);
  });

  it('is useful: ~3,000 claims of a moderately noisy calibrated scorer decide well over a quarter at 0.1/0.1', () => {
    const { meanShare, violationRate } = coverage(calibratedScorer, { alpha: 0.1, delta: 0.1, nCal: 3000, nTest: 10_000, splits: 30, seed: 11 });
    expect(meanShare).toBeGreaterThan(0.3);
    expect(violationRate).toBeLessThanOrEqual(0.13);
  });

  it('a useless score decides nothing', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 20; i++) {
      const calibration = calibrate(syntheticClaims(uselessScorer, 3000, random), { ...META, alpha: 0.1, delta: 0.1 });
      expect(calibration.thresholds).toEqual({ supported: null, not_supported: null });
      expect(calibration.empirical.decided_share).toBe(0);
    }
  });

  it('a perfect score decides everything it got right, and nothing wrong', () => {
    const claims = syntheticClaims(perfectScorer, 3000, seededRandom(5));
    const calibration = calibrate(claims, { ...META, alpha: 0.1, delta: 0.1 });
    expect(calibration.thresholds).toEqual({ supported: 1, not_supported: 1 });
    const right = claims.filter((c) => c.label === c.gold).length;
    expect(calibration.empirical.decided_share).toBeCloseTo(right / claims.length, 12);
    expect(calibration.empirical.supported.error).toBe(0);
  });

  it('a perfect score whose wrong verdicts are rare decides every claim', () => {
    const claims = Array.from({ length: 2000 }, (_, i): LabelledClaim => ({ label: i % 2 === 0, gold: i % 2 === 0, score: 0.5 + (i % 50) / 100 }));
    const calibration = calibrate(claims, { ...META, alpha: 0.1, delta: 0.1 });
    expect(calibration.empirical.decided_share).toBe(1);
  });
});

describe('calibrate: edges', () => {
  it('leaves a verdict kind with no claims undecided and still calibrates the other', () => {
    const claims = syntheticClaims(perfectScorer, 3000, seededRandom(9), 1).filter((c) => c.label);
    const calibration = calibrate(claims, { ...META, alpha: 0.1, delta: 0.1 });
    expect(calibration.n_not_supported).toBe(0);
    expect(calibration.thresholds.not_supported).toBeNull();
    expect(calibration.thresholds.supported).toBe(1);
    expect(calibration.empirical.not_supported).toEqual({ decided: 0, share: 0, error: null });
  });

  it('decides nothing from a tiny set', () => {
    const claims = syntheticClaims(perfectScorer, 20, seededRandom(1));
    const calibration = calibrate(claims, { ...META, alpha: 0.1, delta: 0.1 });
    expect(calibration.thresholds).toEqual({ supported: null, not_supported: null });
  });

  it('writes what its own schema reads, with the reliability table and Brier score', () => {
    const calibration = calibrate(syntheticClaims(calibratedScorer, 500, seededRandom(2)), { ...META, alpha: 0.2, delta: 0.1 });
    expect(calibrationSchema.parse(JSON.parse(JSON.stringify(calibration)))).toEqual(calibration);
    expect(calibration.empirical.reliability).toHaveLength(10);
    expect(calibration.empirical.reliability.reduce((n, b) => n + b.count, 0)).toBe(500);
    // A calibrated score's Brier score is E[s(1 − s)] for s ~ U(0.5, 1): 1/6 − … ≈ 0.167.
    expect(calibration.empirical.brier).toBeGreaterThan(0.13);
    expect(calibration.empirical.brier).toBeLessThan(0.2);
  });

  it('names the claims needed per verdict kind', () => {
    // 0.9^n ≤ 0.05 needs n = 29; the first threshold keeps 10%, so 290.
    expect(claimsNeededPerKind(0.1, 0.1)).toBe(290);
  });

  it('decides a verdict only at or above the threshold of its own kind', () => {
    const c = { thresholds: { supported: 0.9, not_supported: null } };
    expect(isDecided(c, true, 0.9)).toBe(true);
    expect(isDecided(c, true, 0.89)).toBe(false);
    expect(isDecided(c, false, 1)).toBe(false);
    expect(isDecided(c, true, null)).toBe(false);
  });
});
