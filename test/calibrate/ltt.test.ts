import { describe, expect, it } from 'vitest';
import { binomialLowerTail } from '../../lib/calibrate/binomial';
import { learnThenTest, thresholdSequence, type ScoredVerdict } from '../../lib/calibrate/ltt';

const verdicts = (rows: [number, boolean][]): ScoredVerdict[] => rows.map(([score, wrong]) => ({ score, wrong }));

describe('thresholdSequence', () => {
  it('starts at the score that keeps 10% and walks down one step of claims at a time', () => {
    const scores = Array.from({ length: 100 }, (_, i) => i / 100);
    const sequence = thresholdSequence(scores);
    expect(sequence[0]).toBe(0.9); // the 10 highest: 0.99 … 0.90
    expect(sequence[1]).toBe(0.89);
    expect(sequence.at(-1)).toBe(0);
    expect(sequence).toHaveLength(91);
  });

  it('merges ties into one threshold that keeps all of them', () => {
    expect(thresholdSequence([1, 1, 1, 1, 1, 1, 0.5, 0.4, 0.3, 0.2])).toEqual([1, 0.5, 0.4, 0.3, 0.2]);
  });

  it('depends on the scores only', () => {
    expect(thresholdSequence([0.3, 0.9, 0.5])).toEqual(thresholdSequence([0.9, 0.5, 0.3]));
    expect(thresholdSequence([])).toEqual([]);
  });
});

describe('learnThenTest', () => {
  it('decides everything when no verdict is wrong and there are enough of them', () => {
    const rows = Array.from({ length: 300 }, (_, i): [number, boolean] => [i / 300, false]);
    const result = learnThenTest(verdicts(rows), { alpha: 0.1, delta: 0.1 });
    expect(result.threshold).toBe(0);
    expect(result.decided).toBe(300);
  });

  it('decides nothing when even the first threshold keeps too few to prove anything', () => {
    // 10% of 100 is 10 verdicts; 0.9^10 ≈ 0.35 > 0.1 even with no mistake.
    const rows = Array.from({ length: 100 }, (_, i): [number, boolean] => [i / 100, false]);
    const result = learnThenTest(verdicts(rows), { alpha: 0.1, delta: 0.1 });
    expect(result.threshold).toBeNull();
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]!.rejected).toBe(false);
  });

  it('stops at the first threshold whose test fails, even if a lower one would pass again', () => {
    // 1000 verdicts: the top 300 right, the next 100 all wrong, the rest right again.
    const rows = Array.from({ length: 1000 }, (_, i): [number, boolean] => [1 - i / 1000, i >= 300 && i < 400]);
    const result = learnThenTest(verdicts(rows), { alpha: 0.1, delta: 0.1 });
    expect(result.threshold).not.toBeNull();
    expect(result.wrong / result.decided).toBeLessThanOrEqual(0.1);
    const failed = result.steps.at(-1)!;
    expect(failed.rejected).toBe(false);
    // With 600 lower verdicts all right, the whole set has 10% errors; the walk never gets there.
    expect(result.decided).toBeLessThan(1000);
    expect(result.steps.every((s, i) => s.rejected === (i < result.steps.length - 1))).toBe(true);
  });

  it('computes each p-value from the counts at or above its threshold, ties included', () => {
    const rows: [number, boolean][] = [
      ...Array.from({ length: 60 }, (): [number, boolean] => [1, false]),
      ...Array.from({ length: 40 }, (_, i): [number, boolean] => [0.9, i < 2]),
      ...Array.from({ length: 100 }, (): [number, boolean] => [0.5, true]),
    ];
    const result = learnThenTest(verdicts(rows), { alpha: 0.1, delta: 0.1 });
    expect(result.steps[0]).toMatchObject({ threshold: 1, decided: 60, wrong: 0 });
    expect(result.steps[1]).toMatchObject({ threshold: 0.9, decided: 100, wrong: 2 });
    expect(result.steps[1]!.pValue).toBeCloseTo(binomialLowerTail(2, 100, 0.1), 12);
    expect(result.threshold).toBe(0.9);
    expect(result.steps[2]).toMatchObject({ threshold: 0.5, decided: 200, wrong: 102, rejected: false });
  });

  it('handles a single verdict and refuses a bad alpha', () => {
    expect(learnThenTest(verdicts([[0.9, false]]), { alpha: 0.1, delta: 0.1 }).threshold).toBeNull();
    expect(() => learnThenTest([], { alpha: 0, delta: 0.1 })).toThrow(RangeError);
  });
});
