// npm run bench:calibration — on simulated endpoints of known noise, how the calibrated verdicts fare
// at alpha 0.05 / 0.1 / 0.2 (delta 0.1) over many calibration/test splits, beside the naive rule
// "trust the label when its confidence is ≥ 0.9". Seeded: the same numbers every run.
//   npx tsx scripts/bench-calibration.ts [--splits 100] [--calibration 3000] [--test 20000]
import { parseArgs } from 'node:util';
import { calibrate, isDecided, type LabelledClaim } from '../lib/calibrate/calibration';
import { calibratedScorer, overconfidentScorer, seededRandom, syntheticClaims, tiedScorer, underconfidentScorer, type Scorer } from '../test/calibrate/synthetic';

const { values } = parseArgs({
  options: { splits: { type: 'string', default: '100' }, calibration: { type: 'string', default: '3000' }, test: { type: 'string', default: '20000' } },
});
const SPLITS = Number(values.splits);
const N_CAL = Number(values.calibration);
const N_TEST = Number(values.test);
const DELTA = 0.1;
const NAIVE = 0.9;

interface Row {
  decided: number;
  error: number;
  overAlpha: number;
}

function measure(test: readonly LabelledClaim[], decide: (c: LabelledClaim) => boolean) {
  const decided = test.filter(decide);
  const wrong = decided.filter((c) => c.label !== c.gold).length;
  return { share: decided.length / test.length, error: decided.length ? wrong / decided.length : 0 };
}

function run(scorer: Scorer, alpha: number): { ltt: Row; naive: Row } {
  const random = seededRandom(2024);
  const ltt: Row = { decided: 0, error: 0, overAlpha: 0 };
  const naive: Row = { decided: 0, error: 0, overAlpha: 0 };
  for (let s = 0; s < SPLITS; s++) {
    const calibration = calibrate(syntheticClaims(scorer, N_CAL, random), {
      alpha,
      delta: DELTA,
      model: 'simulated',
      endpointHost: '',
      promptVersion: 'bench',
      scoreKind: 'logprob',
    });
    const test = syntheticClaims(scorer, N_TEST, random);
    const a = measure(test, (c) => isDecided(calibration, c.label, c.score));
    const b = measure(test, (c) => c.score >= NAIVE);
    for (const [row, m] of [[ltt, a], [naive, b]] as const) {
      row.decided += m.share / SPLITS;
      row.error += m.error / SPLITS;
      row.overAlpha += (m.error > alpha ? 1 : 0) / SPLITS;
    }
  }
  return { ltt, naive };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
console.log(`${SPLITS} splits · ${N_CAL} calibration claims · ${N_TEST} test claims · delta ${DELTA}`);
console.log('endpoint         alpha | calibrated: decided  error  splits>alpha | naive (conf ≥ 0.9): decided  error  splits>alpha');
for (const scorer of [calibratedScorer, overconfidentScorer, underconfidentScorer, tiedScorer]) {
  for (const alpha of [0.05, 0.1, 0.2]) {
    const { ltt, naive } = run(scorer, alpha);
    console.log(
      `${scorer.name.padEnd(15)} ${alpha.toFixed(2).padStart(6)} | ${pct(ltt.decided)} ${pct(ltt.error)} ${pct(ltt.overAlpha)}` +
        `              | ${pct(naive.decided)} ${pct(naive.error)} ${pct(naive.overAlpha)}`,
    );
  }
}
