// Synthetic scorers of known noise for the calibration tests and benchmark: seeded, so a run repeats.
import type { LabelledClaim } from '../../lib/calibrate/calibration';

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How a scorer relates its score to being right: `accuracy(score)` is the true chance the verdict is
 * right at that score. A scorer draws scores in [0.5, 1] the way models give the chosen label.
 */
export interface Scorer {
  name: string;
  /** Draws a score and whether the verdict at that score is right. */
  draw(random: () => number): { score: number; right: boolean };
}

const uniformScore = (random: () => number) => 0.5 + 0.5 * random();

function byAccuracy(name: string, accuracy: (score: number) => number): Scorer {
  return {
    name,
    draw(random) {
      const score = uniformScore(random);
      return { score, right: random() < accuracy(score) };
    },
  };
}

/** The score is the chance of being right. */
export const calibratedScorer = byAccuracy('calibrated', (s) => s);
/** Says more than it knows: right less often than its score. */
export const overconfidentScorer = byAccuracy('overconfident', (s) => 0.5 + 0.6 * (s - 0.5));
/** Says less than it knows. */
export const underconfidentScorer = byAccuracy('underconfident', (s) => Math.min(1, 0.55 + 1.4 * (s - 0.5)));
/** The score says nothing: every verdict is right 75% of the time. */
export const uselessScorer = byAccuracy('useless', () => 0.75);
/** Right verdicts score 1, wrong ones 0.6: the score separates them perfectly. */
export const perfectScorer: Scorer = {
  name: 'perfect',
  draw(random) {
    const right = random() < 0.75;
    return { score: right ? 1 : 0.6, right };
  },
};
/** Like endpoints that give logprobs: most scores sit at exactly 1 (ties), the rest spread below. */
export const tiedScorer: Scorer = {
  name: 'tied',
  draw(random) {
    if (random() < 0.5) return { score: 1, right: random() < 0.95 };
    const score = uniformScore(random);
    return { score, right: random() < score };
  },
};

/** n labelled claims from a scorer; about `supportedShare` of gold labels are true. */
export function syntheticClaims(scorer: Scorer, n: number, random: () => number, supportedShare = 0.6): LabelledClaim[] {
  return Array.from({ length: n }, () => {
    const gold = random() < supportedShare;
    const { score, right } = scorer.draw(random);
    return { gold, score, label: right ? gold : !gold };
  });
}
