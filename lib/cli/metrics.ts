// Scores a batch against gold labels: claim accuracy, precision/recall of finding false claims, and
// per-error-type precision/recall. Pure, so the numbers are checked by hand in tests.
import { ERROR_TYPES } from '../verify/schema';

/** A gold claim; `errorTypes` null when the file gave a label but no error types for it. */
export interface GoldClaim {
  label: boolean;
  errorTypes: string[] | null;
}

export interface PredictedClaim {
  label: boolean | null;
  errorTypes: readonly string[];
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
}

export interface Metrics {
  /** Claims with a gold label. */
  gold: number;
  /** Of those, claims the model gave a verdict for (the rest are left out of every score). */
  scored: number;
  correct: number;
  accuracy: number | null;
  /** "False" is the positive class: how well the model finds the claims that are wrong. */
  falseClaims: Counts;
  /** Claims whose gold error types are known (given, or implied empty by a true label) and that got a verdict. */
  typed: number;
  errorTypes: Record<string, Counts>;
}

function counts(tp: number, fp: number, fn: number): Counts {
  return { tp, fp, fn, precision: tp + fp > 0 ? tp / (tp + fp) : null, recall: tp + fn > 0 ? tp / (tp + fn) : null };
}

// A claim judged true has no error, whatever types were attached to it.
function typesOf(label: boolean, types: readonly string[]): Set<string> {
  return new Set(label ? [] : types);
}

/** Metrics over pairs of (gold, predicted) claims. */
export function computeMetrics(pairs: readonly { gold: GoldClaim; predicted: PredictedClaim }[]): Metrics {
  let scored = 0;
  let correct = 0;
  let typed = 0;
  const f = { tp: 0, fp: 0, fn: 0 };
  const types = new Map<string, { tp: number; fp: number; fn: number }>(ERROR_TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));
  for (const { gold, predicted } of pairs) {
    if (predicted.label === null) continue;
    scored++;
    if (predicted.label === gold.label) correct++;
    if (!predicted.label && !gold.label) f.tp++;
    else if (!predicted.label && gold.label) f.fp++;
    else if (predicted.label && !gold.label) f.fn++;
    const goldTypes = gold.label ? new Set<string>() : gold.errorTypes ? new Set(gold.errorTypes) : null;
    if (!goldTypes) continue;
    typed++;
    const predictedTypes = typesOf(predicted.label, predicted.errorTypes);
    for (const type of new Set([...goldTypes, ...predictedTypes])) {
      const c = types.get(type) ?? { tp: 0, fp: 0, fn: 0 };
      types.set(type, c);
      if (goldTypes.has(type) && predictedTypes.has(type)) c.tp++;
      else if (predictedTypes.has(type)) c.fp++;
      else c.fn++;
    }
  }
  return {
    gold: pairs.length,
    scored,
    correct,
    accuracy: scored > 0 ? correct / scored : null,
    falseClaims: counts(f.tp, f.fp, f.fn),
    typed,
    errorTypes: Object.fromEntries([...types].map(([type, c]) => [type, counts(c.tp, c.fp, c.fn)])),
  };
}

function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** The metrics as the lines of the batch summary. */
export function formatMetrics(m: Metrics): string[] {
  const lines = [
    `Against gold labels: ${m.scored} of ${m.gold} labelled claims got a verdict · accuracy ${percent(m.accuracy)} (${m.correct}/${m.scored})`,
    `  false claims found: precision ${percent(m.falseClaims.precision)} · recall ${percent(m.falseClaims.recall)} (tp ${m.falseClaims.tp}, fp ${m.falseClaims.fp}, fn ${m.falseClaims.fn})`,
  ];
  if (m.typed === 0) return [...lines, '  error types: no gold error types in the input (give "error_types" to score them)'];
  lines.push(`  error types over ${m.typed} claims:`, `    ${'type'.padEnd(14)}${'precision'.padStart(10)}${'recall'.padStart(9)}${'tp'.padStart(6)}${'fp'.padStart(6)}${'fn'.padStart(6)}`);
  for (const [type, c] of Object.entries(m.errorTypes))
    lines.push(`    ${type.padEnd(14)}${percent(c.precision).padStart(10)}${percent(c.recall).padStart(9)}${String(c.tp).padStart(6)}${String(c.fp).padStart(6)}${String(c.fn).padStart(6)}`);
  return lines;
}

/** Pairs gold labels with the predicted claims; null when the counts differ (the split found other claims). */
export function pairsOf(gold: GoldClaim[], claims: readonly { label: boolean | null; error_type: readonly string[] | null }[]) {
  if (gold.length !== claims.length) return null;
  return gold.map((g, i) => ({ gold: g, predicted: { label: claims[i]!.label, errorTypes: claims[i]!.error_type ?? [] } satisfies PredictedClaim }));
}
