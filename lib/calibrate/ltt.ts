// Learn-then-Test for one verdict kind: the lowest score threshold whose decided verdicts have an
// error rate ≤ alpha with probability ≥ 1 − delta, by fixed-sequence testing with exact binomial p-values.
import { binomialLowerTail } from './binomial';

/** One calibration verdict: how sure the model was, and whether the verdict disagreed with gold. */
export interface ScoredVerdict {
  score: number;
  wrong: boolean;
}

export interface LttOptions {
  alpha: number;
  delta: number;
  /** The share of claims kept by the first threshold tested (chosen from scores alone). */
  startShare?: number;
  /** How much more of the claims each next threshold keeps. */
  step?: number;
}

/** One threshold of the sequence and its test. */
export interface LttStep {
  threshold: number;
  decided: number;
  wrong: number;
  pValue: number;
  rejected: boolean;
}

export interface LttResult {
  /** The lowest threshold reached before the first failed test; null when the first test fails. */
  threshold: number | null;
  decided: number;
  wrong: number;
  steps: LttStep[];
}

export const DEFAULT_START_SHARE = 0.1;
export const DEFAULT_STEP = 0.01;

/**
 * The thresholds to test, highest first: the score that keeps `startShare` of the claims, then one
 * that keeps `step` more each time, down to the lowest score. Built from the scores only (never the
 * labels), so the order is fixed before any test looks at a mistake.
 */
export function thresholdSequence(scores: readonly number[], startShare = DEFAULT_START_SHARE, step = DEFAULT_STEP): number[] {
  if (scores.length === 0) return [];
  const sorted = [...scores].sort((a, b) => b - a);
  const thresholds: number[] = [];
  for (let share = startShare; ; share += step) {
    const kept = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length - 1e-9)));
    const threshold = sorted[kept - 1]!;
    if (thresholds.at(-1) !== threshold) thresholds.push(threshold);
    if (kept === sorted.length) break;
  }
  return thresholds;
}

/**
 * Fixed-sequence testing: for each threshold in turn, the null "error among scores ≥ t exceeds alpha"
 * is rejected when P(Binomial(n_t, alpha) ≤ errors_t) ≤ delta; the first non-rejection stops the walk.
 * Every test runs at the full delta because a hypothesis is only tested once all before it fell.
 */
export function learnThenTest(verdicts: readonly ScoredVerdict[], options: LttOptions): LttResult {
  const { alpha, delta } = options;
  if (!(alpha > 0 && alpha < 1) || !(delta > 0 && delta < 1)) throw new RangeError('alpha and delta must lie in (0, 1)');
  const sequence = thresholdSequence(
    verdicts.map((v) => v.score),
    options.startShare ?? DEFAULT_START_SHARE,
    options.step ?? DEFAULT_STEP,
  );
  // Sorted once; each threshold's counts are a prefix of the descending order (ties included).
  const sorted = [...verdicts].sort((a, b) => b.score - a.score);
  const result: LttResult = { threshold: null, decided: 0, wrong: 0, steps: [] };
  let at = 0;
  let wrong = 0;
  for (const threshold of sequence) {
    while (at < sorted.length && sorted[at]!.score >= threshold) wrong += sorted[at++]!.wrong ? 1 : 0;
    const pValue = binomialLowerTail(wrong, at, alpha);
    const rejected = pValue <= delta;
    result.steps.push({ threshold, decided: at, wrong, pValue, rejected });
    if (!rejected) break;
    Object.assign(result, { threshold, decided: at, wrong });
  }
  return result;
}
