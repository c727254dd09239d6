// A calibration.json as calibrate writes it, for the tests that import or apply one.
import type { Calibration } from '../../lib/calibrate/calibration';
import { PROMPT_VERSION } from '../../lib/verify/prompt';

/** A logprob calibration of test-vlm at alpha = delta = 0.1 with the given thresholds. */
export function sampleCalibration(thresholds: Calibration['thresholds']): Calibration {
  return {
    version: 1,
    model: 'test-vlm',
    endpoint_host: '127.0.0.1',
    prompt_version: PROMPT_VERSION,
    score_kind: 'logprob',
    alpha: 0.1,
    delta: 0.1,
    n_supported: 1800,
    n_not_supported: 1200,
    thresholds,
    empirical: {
      supported: { decided: 900, share: 0.5, error: 0.05 },
      not_supported: { decided: 300, share: 0.25, error: 0.07 },
      decided_share: 0.4,
      brier: 0.12,
      reliability: [],
    },
    method: 'learn-then-test',
    created: '2026-11-30T12:00:00.000Z',
  };
}
