// The short report calibrate prints: per verdict kind its threshold, share decided and error above
// it on the calibration data, then the reliability table and the Brier score.
import type { Calibration, KindStats } from '../calibrate/calibration';

const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

function kindRow(name: string, n: number, threshold: number | null, stats: KindStats): string {
  const t = threshold === null ? 'none' : threshold.toFixed(4);
  return `  ${name.padEnd(15)}${String(n).padStart(7)}${t.padStart(11)}${pct(stats.share).padStart(10)}${pct(stats.error).padStart(13)}`;
}

/** The report lines; `needed` is the fewest claims of one kind any threshold can pass with. */
export function formatCalibration(c: Calibration, needed: number): string[] {
  const lines = [
    `Calibrated ${c.model} (${c.score_kind} scores) on ${c.n_supported + c.n_not_supported} labelled claims: error ≤ ${pct(c.alpha)} among decided verdicts, with probability ≥ ${pct(1 - c.delta)}`,
    `  ${'verdict'.padEnd(15)}${'claims'.padStart(7)}${'threshold'.padStart(11)}${'decided'.padStart(10)}${'error above'.padStart(13)}`,
    kindRow('Supported', c.n_supported, c.thresholds.supported, c.empirical.supported),
    kindRow('Not supported', c.n_not_supported, c.thresholds.not_supported, c.empirical.not_supported),
    `  decided overall: ${pct(c.empirical.decided_share)} of the calibration claims`,
  ];
  for (const [name, n, t] of [['Supported', c.n_supported, c.thresholds.supported], ['Not supported', c.n_not_supported, c.thresholds.not_supported]] as const) {
    if (t !== null) continue;
    lines.push(
      n < needed
        ? `  ${name}: too few claims (${n}; at least ${needed} needed), so these verdicts always show as unsure.`
        : `  ${name}: no threshold meets the target; these verdicts always show as unsure.`,
    );
  }
  lines.push('Reliability (score bin · claims · mean score · accuracy):');
  for (const bin of c.empirical.reliability) {
    if (bin.count === 0) continue;
    lines.push(`  ${bin.from.toFixed(1)}–${bin.to.toFixed(1)}${String(bin.count).padStart(8)}${(bin.mean_score ?? 0).toFixed(3).padStart(8)}${pct(bin.accuracy).padStart(9)}`);
  }
  lines.push(`Brier score: ${c.empirical.brier === null ? '—' : c.empirical.brier.toFixed(4)}`);
  return lines;
}
