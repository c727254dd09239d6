// A finished model step's scores on the claims of a check, a re-check or a comparison: each verdict's
// score, the kind of score, and — where the model's calibration was made for that same kind — whether
// each verdict is decided. One place, so the three runs can never judge the same verdicts differently.
import { t, type MessageKey } from './i18n';
import { isDecided, type Calibration } from './calibrate/calibration';
import type { ClaimResult, JobCalibration } from './job-record';
import type { ScoreKind, Verdict } from './verify/schema';

/** What a model step hands back about scores (see ModelAnswer). */
export interface ScoredOutcome {
  verdicts: (Verdict | null)[];
  /** Per claim, the label token's probability where the endpoint sent logprobs. */
  confidences?: (number | null)[];
  /** Per claim, the score the verifier settled on (logprob or agreement); absent: the confidences are the scores. */
  scores?: (number | null)[];
  /** Absent from verifiers that only read logprobs. */
  scoreKind?: ScoreKind | null;
}

/** The part of a calibration a job keeps. */
export function jobCalibration(calibration: Pick<Calibration, 'alpha' | 'delta' | 'thresholds' | 'score_kind'>): JobCalibration {
  return { alpha: calibration.alpha, delta: calibration.delta, thresholds: calibration.thresholds, scoreKind: calibration.score_kind };
}

/** The kind of the outcome's scores: as the verifier said, else `logprob` where any confidence came back. */
export function outcomeScoreKind(outcome: ScoredOutcome): ScoreKind | null {
  if (outcome.scoreKind !== undefined) return outcome.scoreKind;
  return outcome.confidences?.some((c) => c !== null) ? 'logprob' : null;
}

const KIND_WORDS: Record<ScoreKind, MessageKey> = { logprob: 'scoreMadeOfLogprob', agreement: 'scoreMadeOfAgreement' };

/** Why a calibration cannot judge these verdicts, said so the user knows what to change. */
function mismatchNote(calibration: JobCalibration, actual: ScoreKind | null): string {
  const wanted = t(KIND_WORDS[calibration.scoreKind ?? 'logprob']);
  if (actual === null)
    return t('noteCalibrationNoScore', wanted);
  return t('noteCalibrationOtherKind', wanted, t(KIND_WORDS[actual]));
}

export interface ClaimScores {
  /** Per claim, its score (null where none was measured). */
  scores: (number | null)[];
  scoreKind: ScoreKind | null;
  /** Per claim, decided or not (null without a verdict); null when no calibration applies. */
  decided: (boolean | null)[] | null;
  /** The calibration that judged the verdicts: only one made for this kind of score. */
  calibration: JobCalibration | undefined;
  notes: string[];
}

/**
 * Scores the outcome's verdicts and, where `calibration` was made for the kind of score they got,
 * marks each decided (its score at or above its verdict kind's threshold) or not. A calibration for
 * another kind judges nothing (no invented guarantee) and a note says why.
 */
export function claimScores(outcome: ScoredOutcome, claimCount: number, calibration?: JobCalibration | null): ClaimScores {
  const kind = outcomeScoreKind(outcome);
  const source = outcome.scores ?? outcome.confidences ?? [];
  const scores = Array.from({ length: claimCount }, (_, i) => source[i] ?? null);
  if (!calibration) return { scores, scoreKind: kind, decided: null, calibration: undefined, notes: [] };
  if ((calibration.scoreKind ?? 'logprob') !== kind)
    return { scores, scoreKind: kind, decided: null, calibration: undefined, notes: [mismatchNote(calibration, kind)] };
  const decided = scores.map((score, i) => {
    const verdict = outcome.verdicts[i];
    return verdict ? isDecided(calibration, verdict.label, score) : null;
  });
  return { scores, scoreKind: kind, decided, calibration, notes: [] };
}

/** The claims with the outcome's final verdicts (the authority over streamed ones), confidences, scores and decisions. */
export function scoredClaims(claims: readonly ClaimResult[], outcome: ScoredOutcome, scored: ClaimScores): ClaimResult[] {
  return claims.map(({ decided: _earlier, ...claim }, i) => {
    const decided = scored.decided?.[i];
    return {
      ...claim,
      verdict: outcome.verdicts[i] ?? null,
      confidence: outcome.confidences?.[i] ?? null,
      score: scored.scores[i] ?? null,
      ...(decided !== undefined && decided !== null ? { decided } : {}),
    };
  });
}
