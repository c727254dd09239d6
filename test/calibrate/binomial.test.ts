import { describe, expect, it } from 'vitest';
import { binomialLowerTail, minimumDecided } from '../../lib/calibrate/binomial';

/** The tail by direct summation with exact binomial coefficients (small n only). */
function naiveTail(k: number, n: number, p: number): number {
  let sum = 0;
  for (let j = 0; j <= k; j++) {
    let c = 1;
    for (let i = 0; i < j; i++) c = (c * (n - i)) / (i + 1);
    sum += c * p ** j * (1 - p) ** (n - j);
  }
  return sum;
}

describe('binomialLowerTail', () => {
  it.each([
    [0, 10, 0.1],
    [1, 10, 0.1],
    [3, 20, 0.25],
    [5, 30, 0.5],
    [9, 40, 0.2],
    [0, 1, 0.9],
  ])('P(X ≤ %i) for Binomial(%i, %f) matches direct summation', (k, n, p) => {
    expect(binomialLowerTail(k, n, p)).toBeCloseTo(naiveTail(k, n, p), 12);
  });

  it('knows the edges', () => {
    expect(binomialLowerTail(-1, 10, 0.3)).toBe(0);
    expect(binomialLowerTail(10, 10, 0.3)).toBe(1);
    expect(binomialLowerTail(0, 0, 0.3)).toBe(1);
    expect(binomialLowerTail(3, 10, 0)).toBe(1);
    expect(binomialLowerTail(3, 10, 1)).toBe(0);
  });

  it('stays finite and exact for thousands of trials', () => {
    // Normal approximation: mean 500, sd ≈ 21.2; 500 sits near the middle of the distribution.
    const middle = binomialLowerTail(500, 5000, 0.1);
    expect(middle).toBeGreaterThan(0.5);
    expect(middle).toBeLessThan(0.53);
    expect(binomialLowerTail(300, 5000, 0.1)).toBeGreaterThan(0);
    expect(binomialLowerTail(300, 5000, 0.1)).toBeLessThan(1e-20);
  });

  it('grows with k and falls with p', () => {
    expect(binomialLowerTail(4, 50, 0.1)).toBeLessThan(binomialLowerTail(5, 50, 0.1));
    expect(binomialLowerTail(4, 50, 0.2)).toBeLessThan(binomialLowerTail(4, 50, 0.1));
  });

  it('refuses nonsense', () => {
    expect(() => binomialLowerTail(1.5, 10, 0.1)).toThrow(RangeError);
    expect(() => binomialLowerTail(1, 10, 1.1)).toThrow(RangeError);
  });
});

describe('minimumDecided', () => {
  it.each([
    [0.1, 0.05, 29],
    [0.1, 0.1, 22],
    [0.05, 0.05, 59],
  ])('alpha %f, delta %f needs %i flawless verdicts', (alpha, delta, n) => {
    expect(minimumDecided(alpha, delta)).toBe(n);
    expect((1 - alpha) ** n).toBeLessThanOrEqual(delta);
    expect((1 - alpha) ** (n - 1)).toBeGreaterThan(delta);
  });
});
