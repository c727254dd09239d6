// A calibration.json as the CLI uses it: read and validated, checked against the run it is applied
// to, and applied to a result (each claim decided or not, never hidden).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { calibrationSchema, isDecided, type Calibration } from '../calibrate/calibration';
import { PROMPT_VERSION } from '../verify/prompt';
import type { ScoreKind } from '../verify/score';
import { UsageError } from './args';
import type { CheckResult } from './check-item';

/** The calibration at `path`; a missing, unreadable or invalid file is a usage error saying what to do. */
export function readCalibration(path: string, cwd: string, command: string): Calibration {
  const full = resolve(cwd, path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(full, 'utf8'));
  } catch {
    throw new UsageError(`--calibration ${full} cannot be read as JSON. Pass the file caption-check calibrate wrote.`, command);
  }
  const parsed = calibrationSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `--calibration ${full} is not a calibration file (${issue ? `${issue.path.join('.') || 'root'}: ${issue.message}` : 'invalid'}). Run caption-check calibrate again to make one.`,
      command,
    );
  }
  return parsed.data;
}

/** Why a calibration cannot be used for this model, prompt or score kind; null when it can. */
export function calibrationMismatch(calibration: Calibration, run: { model: string; scoreKind?: ScoreKind | null }): string | null {
  if (calibration.model !== run.model)
    return `The calibration is for the model "${calibration.model}", not "${run.model}". Calibrate this model first (caption-check calibrate).`;
  if (calibration.prompt_version !== PROMPT_VERSION)
    return `The calibration was made with prompt ${calibration.prompt_version}; this version uses ${PROMPT_VERSION}. Run batch and calibrate again.`;
  if (run.scoreKind !== undefined && run.scoreKind !== calibration.score_kind)
    return run.scoreKind === null
      ? `The calibration needs ${calibration.score_kind} scores, but this check has none. Use --samples 2 or more, or an endpoint that returns logprobs.`
      : `The calibration is for ${calibration.score_kind} scores, but this endpoint gave ${run.scoreKind} scores. Calibrate with this endpoint's scores.`;
  return null;
}

/** The result with each claim marked decided (score at or above its verdict kind's threshold) or not. */
export function applyCalibration(result: CheckResult, calibration: Calibration): CheckResult {
  return {
    ...result,
    claims: result.claims.map((c) => (c.label === null ? { ...c, decided: false } : { ...c, decided: isDecided(calibration, c.label, c.score) })),
  };
}

/** "3 of 5 claims decided at ≤ 10% error · 2 unsure". */
export function decidedSummary(decided: number, total: number, alpha: number): string {
  const percent = Number((alpha * 100).toFixed(1));
  return `${decided} of ${total} claim${total === 1 ? '' : 's'} decided at ≤ ${percent}% error · ${total - decided} unsure`;
}
