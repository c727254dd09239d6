// A calibration: per verdict kind, the score threshold above which verdicts meet a stated error rate,
// found by Learn-then-Test on labelled claims, and the file that carries it (calibration.json).
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { minimumDecided } from './binomial';
import { DEFAULT_START_SHARE, learnThenTest, type ScoredVerdict } from './ltt';
import { brierScore, reliabilityTable, reliabilityBinSchema } from './reliability';
import { scoreKindSchema, type ScoreKind } from '../verify/schema';

/** One labelled calibration claim: the model's verdict, its score, and the gold label. */
export interface LabelledClaim {
  label: boolean;
  score: number;
  gold: boolean;
}

const kindStatsSchema = lazySchema(() => z.object({
  /** Claims of this verdict kind at or above the threshold. */
  decided: z.number().int().min(0),
  /** decided / all claims of this kind. */
  share: z.number().min(0).max(1),
  /** Share of the decided verdicts that disagree with gold; null when none is decided. */
  error: z.number().min(0).max(1).nullable(),
}));
export type KindStats = z.infer<typeof kindStatsSchema>;

export const CALIBRATION_VERSION = 1;

/** calibration.json, checked on every read. */
export const calibrationSchema = lazySchema(() => z.object({
  version: z.literal(CALIBRATION_VERSION),
  model: z.string().min(1),
  endpoint_host: z.string(),
  prompt_version: z.string().min(1),
  score_kind: scoreKindSchema,
  alpha: z.number().gt(0).lt(1),
  delta: z.number().gt(0).lt(1),
  n_supported: z.number().int().min(0),
  n_not_supported: z.number().int().min(0),
  thresholds: z.object({ supported: z.number().nullable(), not_supported: z.number().nullable() }),
  empirical: z.object({
    supported: kindStatsSchema,
    not_supported: kindStatsSchema,
    /** Share of all calibration claims decided. */
    decided_share: z.number().min(0).max(1),
    brier: z.number().min(0).max(1).nullable(),
    reliability: z.array(reliabilityBinSchema),
  }),
  method: z.string(),
  created: z.string(),
}));
export type Calibration = z.infer<typeof calibrationSchema>;

export interface CalibrateOptions {
  alpha: number;
  delta: number;
  model: string;
  endpointHost: string;
  promptVersion: string;
  scoreKind: ScoreKind;
  now?: Date;
}

export const METHOD = 'learn-then-test, fixed sequence from the 10%-kept threshold, exact binomial p-values, delta split evenly over the two verdict kinds';

function statsOf(verdicts: readonly ScoredVerdict[], threshold: number | null): KindStats {
  const decided = threshold === null ? [] : verdicts.filter((v) => v.score >= threshold);
  const wrong = decided.filter((v) => v.wrong).length;
  return {
    decided: decided.length,
    share: verdicts.length ? decided.length / verdicts.length : 0,
    error: decided.length ? wrong / decided.length : null,
  };
}

/**
 * Calibrates both verdict kinds. Each kind gets delta/2, so both thresholds hold together with
 * probability ≥ 1 − delta (a union bound), and the error among all decided verdicts is then ≤ alpha too.
 */
export function calibrate(claims: readonly LabelledClaim[], options: CalibrateOptions): Calibration {
  const perKind = options.delta / 2;
  const kind = (label: boolean) => claims.filter((c) => c.label === label).map((c) => ({ score: c.score, wrong: c.gold !== c.label }));
  const supported = kind(true);
  const notSupported = kind(false);
  const ltt = (verdicts: ScoredVerdict[]) =>
    verdicts.length ? learnThenTest(verdicts, { alpha: options.alpha, delta: perKind }).threshold : null;
  const thresholds = { supported: ltt(supported), not_supported: ltt(notSupported) };
  const s = statsOf(supported, thresholds.supported);
  const ns = statsOf(notSupported, thresholds.not_supported);
  return {
    version: CALIBRATION_VERSION,
    model: options.model,
    endpoint_host: options.endpointHost,
    prompt_version: options.promptVersion,
    score_kind: options.scoreKind,
    alpha: options.alpha,
    delta: options.delta,
    n_supported: supported.length,
    n_not_supported: notSupported.length,
    thresholds,
    empirical: {
      supported: s,
      not_supported: ns,
      decided_share: claims.length ? (s.decided + ns.decided) / claims.length : 0,
      brier: brierScore(claims),
      reliability: reliabilityTable(claims),
    },
    method: METHOD,
    created: (options.now ?? new Date()).toISOString(),
  };
}

/**
 * The fewest claims of one verdict kind with which any threshold could pass: the first threshold keeps
 * 10% of them, and those must number at least what a flawless run needs at delta/2.
 */
export function claimsNeededPerKind(alpha: number, delta: number): number {
  return Math.ceil(minimumDecided(alpha, delta / 2) / DEFAULT_START_SHARE);
}

/** Whether a verdict is decided under a calibration: its score at or above its kind's threshold. */
export function isDecided(calibration: Pick<Calibration, 'thresholds'>, label: boolean, score: number | null): boolean {
  const threshold = label ? calibration.thresholds.supported : calibration.thresholds.not_supported;
  return threshold !== null && score !== null && score >= threshold;
}
