// Exact binomial tail, summed in log space so that thousands of trials neither underflow nor overflow.

function logAddExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const max = Math.max(a, b);
  return max + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/** P(X ≤ k) for X ~ Binomial(n, p): the exact lower tail (the Clopper–Pearson p-value of "error rate > p"). */
export function binomialLowerTail(k: number, n: number, p: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0) throw new RangeError('k and n must be whole numbers, n ≥ 0');
  if (!(p >= 0 && p <= 1)) throw new RangeError('p must lie in [0, 1]');
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p === 0) return 1;
  if (p === 1) return 0;
  // pmf(j + 1) = pmf(j) · (n − j)/(j + 1) · p/(1 − p), from pmf(0) = (1 − p)^n.
  const ratio = Math.log(p) - Math.log1p(-p);
  let logPmf = n * Math.log1p(-p);
  let logTail = logPmf;
  for (let j = 0; j < k; j++) {
    logPmf += Math.log(n - j) - Math.log(j + 1) + ratio;
    logTail = logAddExp(logTail, logPmf);
  }
  return Math.min(1, Math.exp(logTail));
}

/** The fewest decided claims that can show "error ≤ alpha" at level delta at all: with no error among them. */
export function minimumDecided(alpha: number, delta: number): number {
  if (!(alpha > 0 && alpha < 1) || !(delta > 0 && delta < 1)) throw new RangeError('alpha and delta must lie in (0, 1)');
  // (1 − alpha)^n ≤ delta, the lower tail at k = 0.
  return Math.ceil(Math.log(delta) / Math.log1p(-alpha) - 1e-12);
}
