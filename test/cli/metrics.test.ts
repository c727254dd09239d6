// Gold-label metrics, checked against numbers worked out by hand.
import { describe, expect, it } from 'vitest';
import { computeMetrics, formatMetrics, type GoldClaim, type PredictedClaim } from '../../lib/cli/metrics';

const pair = (gold: GoldClaim, predicted: PredictedClaim) => ({ gold, predicted });
const T = (types: string[] = []): GoldClaim => ({ label: true, errorTypes: types });
const F = (types: string[] | null): GoldClaim => ({ label: false, errorTypes: types });
const pT: PredictedClaim = { label: true, errorTypes: [] };
const pF = (...types: string[]): PredictedClaim => ({ label: false, errorTypes: types });
const none: PredictedClaim = { label: null, errorTypes: [] };

describe('computeMetrics', () => {
  it.each([
    // [name, pairs, accuracy, false-claim counts {tp, fp, fn}]
    ['all right', [pair(T(), pT), pair(F(['Object']), pF('Object'))], 1, { tp: 1, fp: 0, fn: 0 }],
    ['one of each mistake', [pair(T(), pF('Object')), pair(F(['Object']), pT), pair(F(null), pF()), pair(T(), pT)], 0.5, { tp: 1, fp: 1, fn: 1 }],
    ['unverified claims left out', [pair(T(), none), pair(F(null), none), pair(T(), pT)], 1, { tp: 0, fp: 0, fn: 0 }],
    ['nothing scored', [pair(T(), none)], null, { tp: 0, fp: 0, fn: 0 }],
  ])('%s', (_, pairs, accuracy, falseClaims) => {
    const m = computeMetrics(pairs);
    expect(m.accuracy).toBe(accuracy);
    expect(m.falseClaims).toMatchObject(falseClaims);
  });

  it('scores error types only where gold types are known, a true label meaning none', () => {
    const m = computeMetrics([
      pair(F(['Quantitative', 'Attribute']), pF('Quantitative')), // Q tp, A fn
      pair(F(['Spatial']), pF('Spatial', 'Object')), //               S tp, O fp
      pair(T(), pF('Object')), //                                     O fp
      pair(F(null), pF('Interaction')), //                            no gold types: not typed
      pair(T(['Object']), pT), //                                     gold true: types ignored
      pair(F(['Object']), pT), //                                     O fn (predicted true has no types)
    ]);
    expect(m.typed).toBe(5);
    expect(m.errorTypes.Quantitative).toEqual({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1 });
    expect(m.errorTypes.Attribute).toEqual({ tp: 0, fp: 0, fn: 1, precision: null, recall: 0 });
    expect(m.errorTypes.Spatial).toEqual({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1 });
    expect(m.errorTypes.Object).toEqual({ tp: 0, fp: 2, fn: 1, precision: 0, recall: 0 });
    expect(m.errorTypes.Interaction).toEqual({ tp: 0, fp: 0, fn: 0, precision: null, recall: null });
    expect(m.falseClaims).toMatchObject({ tp: 3, fp: 1, fn: 1, precision: 0.75, recall: 0.75 });
    expect(m.accuracy).toBeCloseTo(4 / 6);
  });

  it('says so when the input has no gold error types', () => {
    const lines = formatMetrics(computeMetrics([pair(F(null), pF('Object')), pair(F(null), pT)]));
    expect(lines).toEqual([
      'Against gold labels: 2 of 2 labelled claims got a verdict · accuracy 50.0% (1/2)',
      '  false claims found: precision 100.0% · recall 50.0% (tp 1, fp 0, fn 1)',
      '  error types: no gold error types in the input (give "error_types" to score them)',
    ]);
  });
});
