import { describe, expect, it } from 'vitest';
import { capClaims, DEFAULT_MAX_CLAIMS } from '../../lib/claims/split.ts';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('capClaims', () => {
  it.each([
    [0, 25, 0, 0],
    [10, 25, 10, 0],
    [25, 25, 25, 0],
    [30, 25, 25, 5],
    [3, 0, 0, 3],
    [5, 2.7, 2, 3],
    [5, -1, 0, 5],
  ])('%i claims, max %d → keeps %i, cuts %i', (n, max, kept, cut) => {
    const result = capClaims(list(n), max);
    expect(result.claims).toEqual(list(kept));
    expect(result.cut).toBe(cut);
  });

  it('defaults to 25', () => {
    expect(DEFAULT_MAX_CLAIMS).toBe(25);
    expect(capClaims(list(40))).toEqual({ claims: list(25), cut: 15 });
  });
});
