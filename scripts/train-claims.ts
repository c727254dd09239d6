/**
 * Trains the clause classifier of the claim split (lib/claims/classifier.ts) and writes its weights to
 * lib/claims/classifier-weights.json. Reproducible: a fixed seed, a fixed order, rounded weights.
 *
 *   npm run train:claims            train, print cross-validated scores, write the weights
 *   npm run train:claims -- --check train and fail if the stored weights differ (nothing written)
 *   npm run train:claims -- --errors also list the out-of-fold mistakes on the training data
 *   npm run train:claims -- --quick --seed=N  train with seed N, no out-of-fold report (scripts/ablate-claims.ts)
 *
 * Trained only on data whose licence allows it and that no figure is measured on: HL's training captions
 * (../shared/benchmarks/hl/train.jsonl, 1,399 pictures in neither HL's development file nor its held-out part;
 * Apache-2.0 / CC BY 4.0), our written probes (test/claims/probes.jsonl: answers in the style of today's models,
 * answers to blind users' questions, crowd-style captions and rationales, detailed descriptions), the development
 * half of the later probes written by other hands (test/claims/probes-cd.jsonl, odd ids), and the examples
 * in scripts/claim-examples*.ts and scripts/claim-example-categories.ts. The
 * development files (FaithScore, VizWiz-LF, HL dev.jsonl) are only measured on, their tuning halves to choose
 * settings and their check halves to judge them; so are probes-cd's held-out half (even ids) and probes-g.jsonl.
 * VizWiz-LF has no licence: it is measured on (`npm run bench:claims`), never trained on. Held-out
 * parts are never read here. Both thresholds are fixed by what a mistake costs: where a word rule fired, the
 * classifier overrules it at P(descriptive) ≥ 1/3 (dropping checkable text counts twice); where none did, a
 * clause is set aside only below 1/8 (it counts seven times). The out-of-fold figures (5 folds by caption,
 * three fold assignments pooled) are printed, and a warning if fewer than 97.5% of descriptive clauses stay.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauseFeatures, decodeModel, descriptiveProbability, encodeModel, featureHash, firmDecision } from '../lib/claims/classifier.ts';
import type { ClauseFacts, NamedModel as ClauseModel, StoredModel } from '../lib/claims/classifier.ts';
import { clauseFacts } from '../lib/claims/split.ts';
import { CATEGORY_EXAMPLES } from './claim-example-categories.ts';
import { EXAMPLES } from './claim-examples.ts';
import { loadSets } from './claim-sets.ts';
import { foldOf, probability, random } from './claim-train-math.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const weightsPath = resolve(repoRoot, 'lib/claims/classifier-weights.json');
// The development files (FaithScore, VizWiz-LF, HL dev.jsonl) are measured only: their tuning halves choose rules
// and settings, their check halves judge them. Trained on: our written probes (probes-cd's development half too) and
// HL's train.jsonl. probes-cd's development half, trained on from issue 44's sixth round: `npm run seeds:claims` check
// means VizWiz-LF kept 0.946 -> 0.960, FaithScore F1 0.904 -> 0.906, none lower (lib/claims/README.md).
const TRAINED_SETS = new Set(['probes', 'probes-cd']);
const HL_TRAIN = resolve(repoRoot, '../shared/benchmarks/hl/train.jsonl');
/**
 * What one HL training caption weighs against one written sentence (15,390 short crowd captions against 3,300 clauses
 * of answers in today's models' style). Chosen on the tuning halves (`bench:claims -- --json` score) over 0.05, 0.1,
 * 0.2 and 0.5: 0.9445, 0.9479, 0.9430, 0.9449.
 */
const HL_WEIGHT = Number(process.env.CLAIMS_HL_WEIGHT ?? 0.1);
const SEED = 13;
const EPOCHS = 40;
const SHUFFLES = 5;
// Chosen out of fold (balanced accuracy, the line this script prints) over 0, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3,
// 3.5e-3, 5e-3, 7e-3 and 1e-2: 0.902, 0.905, 0.905, 0.903, 0.902, 0.896, 0.898, 0.897, 0.895, 0.893.
// The averaging over epochs and shuffles already holds the weights back; more shrinkage cost accuracy.
const L2 = 2e-4;
// A feature seen in fewer clauses gets no weight. Chosen out of fold over 2, 3 and 4 with parts e and f of
// the probes in the pool: 0.900, 0.902, 0.900; 3 also keeps the weights file at 72 kB instead of 123 kB.
const MIN_COUNT = 3;
const MIN_KEPT = 0.975;
/**
 * At most this many weights are stored (3,652 before HL's training captions came in: 75 kB), the largest kept: as
 * many as the weights file held before probes-cd was trained on, so the engine's bundle does not grow for it
 * (3,600 scored the same on both halves of every seed, `npm run seeds:claims`).
 */
const MAX_WEIGHTS = Number(process.env.CLAIMS_MAX_WEIGHTS ?? 3591);
/** And at most this many bytes of them as `"feature":weight,` text (how they were stored until issue 44; now by hash, 6 bytes each before base64), so the selection stays as chosen. */
const MAX_WEIGHT_BYTES = 70_400;
const FOLDS = 5;
const REPEATS = 3;
/** A descriptive clause set aside costs this many times a non-descriptive one kept. */
const DROP_COST = 2;
const FLAGGED = Math.round((1 / (1 + DROP_COST)) * 1000) / 1000;
/** The same where no word rule fired, so the classifier's word alone sets aside (see chooseThresholds). */
const UNFLAGGED_DROP_COST = 7;
const UNFLAGGED = Math.round((1 / (1 + UNFLAGGED_DROP_COST)) * 1000) / 1000;

interface Sample {
  text: string;
  flagged: boolean;
  // Kept or set aside whatever the classifier says (lib/claims/classifier.ts firmDecision): true = kept.
  firm?: boolean;
  features: string[];
  label: 0 | 1;
  group: string;
  /** How much the sample counts in training (1 unless it is one of HL's many training captions). */
  weight?: number;
}

function described(facts: ClauseFacts): Pick<Sample, 'text' | 'flagged' | 'firm' | 'features'> {
  const firm = firmDecision(facts);
  return { text: facts.clause.text, flagged: facts.rule !== null, firm: firm === undefined ? undefined : firm === null, features: clauseFeatures(facts) };
}

/** What stays in one fold: an HL picture's captions and rationales together (its held-out part is cut by picture too). */
function foldGroup(item: { set: string; id: string }): string {
  return item.set === 'hl' ? item.id.split('/').slice(0, 2).join('/') : item.id;
}

function samples(): Sample[] {
  const out: Sample[] = [];
  const { items } = loadSets(resolve(repoRoot, '../shared/benchmarks'));
  for (const item of items) {
    if (!TRAINED_SETS.has(item.set) || item.heldOut) continue;
    const clauses = clauseFacts(item.caption).map((facts) => {
      const { start, end } = facts.clause;
      let best = 0;
      let gold: boolean | null = null;
      let unitAt = -1;
      item.units.forEach((unit, u) => {
        const overlap = Math.min(end, unit.end) - Math.max(start, unit.start);
        // HL scene answers ("in a park") name a place in view: kept. Action answers are unlabelled by the
        // data set (not scored) and often worded like its rationales ("getting ready for the office"):
        // labelling them descriptive taught that a person's activity is a description, so they are left out.
        const label = unit.gold ?? (item.set === 'hl' && item.group === 'scene' ? true : null);
        if (overlap > best) [best, gold, unitAt] = [overlap, label, u];
      });
      return { facts, gold: best * 2 < end - start ? null : gold, unitAt };
    });
    for (const { facts, gold, unitAt } of clauses) {
      if (gold === null) continue;
      // probes-cd labels whole sentences where our probes cut an add-on into a unit of its own: "The bottle has a
      // handle, suggesting that it is a liquid detergent" is descriptive there as a sentence (kept when most of it
      // is checked), which does not make "suggesting that …" descriptive. An add-on a word rule flags inside such a
      // sentence is unlabelled.
      if (item.set === 'probes-cd' && gold && facts.rule !== null && clauses.filter((c) => c.unitAt === unitAt).length > 1) continue;
      out.push({ ...described(facts), label: gold ? 1 : 0, group: foldGroup(item) });
    }
  }
  out.push(...hlTraining());
  [...EXAMPLES, ...CATEGORY_EXAMPLES].forEach((example, i) => {
    for (const facts of clauseFacts(example.text)) {
      out.push({ ...described(facts), label: example.descriptive ? 1 : 0, group: `example/${i}` });
    }
  });
  return out;
}

/**
 * HL's training captions (train.jsonl: 1,399 COCO pictures in neither the development file nor the held-out part;
 * Apache-2.0 and CC BY 4.0, see its README): object captions are descriptive, rationales are not, scene answers
 * ("in a park") name a place in view and count as descriptive. Action answers are neither ("getting ready for the
 * office" reads like a rationale) and are left out, as in the development file.
 */
function hlTraining(): Sample[] {
  const out: Sample[] = [];
  if (!existsSync(HL_TRAIN)) {
    console.warn(`not found, trained without it: ${HL_TRAIN}`);
    return out;
  }
  for (const line of readFileSync(HL_TRAIN, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { id, axis, caption } = JSON.parse(line) as { id: string; axis: string; caption: string };
    const label = axis === 'object' || axis === 'scene' ? 1 : axis === 'rationale' ? 0 : null;
    if (label === null) continue;
    for (const facts of clauseFacts(caption)) out.push({ ...described(facts), label, group: id.split('/').slice(0, 2).join('/'), weight: HL_WEIGHT });
  }
  return out;
}

function train(all: readonly Sample[], seed: number): ClauseModel {
  // A clause a firm rule decides (a hedge, a heading, the evidence of a conclusion) is never put to the
  // classifier, so its label would only pull the words it shares with the others (out of fold 0.889 with
  // them, 0.893 without, at the commit that added the evidence cut).
  const data = all.filter((s) => s.firm === undefined);
  const counts = new Map<string, number>();
  for (const s of data) for (const f of s.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const w = new Map<string, number>();
  for (const [f, n] of counts) if (n >= MIN_COUNT) w.set(f, 0);
  const total = data.reduce((n, s) => n + (s.weight ?? 1), 0);
  const positives = data.reduce((n, s) => n + (s.label === 1 ? (s.weight ?? 1) : 0), 0);
  // Each class weighs the same in total, so the majority class does not buy the threshold.
  const classWeight = [total / (2 * (total - positives || 1)), total / (2 * (positives || 1))] as const;
  const sum = new Map<string, number>();
  let biasSum = 0;
  let averaged = 0;
  // Several shuffles, their weights averaged: with one, the order of the samples decided borderline clauses
  // (a different seed moved a held-out figure by a whole clause).
  for (let run = 0; run < SHUFFLES; run++) {
    for (const f of w.keys()) w.set(f, 0);
    let bias = 0;
    const next = random(seed + 7919 * run);
    const order = data.map((_, i) => i);
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const rate = 0.2 / (1 + epoch * 0.2);
      for (const index of order) {
        const s = data[index]!;
        const known = s.features.filter((f) => w.has(f));
        const z = known.reduce((total, f) => total + w.get(f)!, bias);
        const gradient = (s.label - 1 / (1 + Math.exp(-z))) * classWeight[s.label] * (s.weight ?? 1);
        bias += rate * gradient;
        for (const f of known) w.set(f, w.get(f)! + rate * (gradient - L2 * w.get(f)!));
      }
      // The mean over the second half of the epochs, not where the last step landed.
      if (epoch >= EPOCHS / 2) {
        for (const [f, value] of w) sum.set(f, (sum.get(f) ?? 0) + value);
        biasSum += bias;
        averaged++;
      }
    }
  }
  // The largest MAX_WEIGHTS weights by size, to two decimals, so the engine does not grow with the training data
  // (three decimals and 3,600 weights: 74 kB; two: 71 kB, the same figures on the tuning halves).
  let bytes = 0;
  const kept = [...sum]
    .map(([f, value]) => [f, Math.round((value / averaged) * 100) / 100] as const)
    .filter(([, value]) => Math.abs(value) >= 0.005)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_WEIGHTS)
    .filter(([f, value]) => (bytes += JSON.stringify(f).length + String(value).length + 3) <= MAX_WEIGHT_BYTES)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const weights: Record<string, number> = Object.fromEntries(kept);
  return { threshold: 0.5, unflagged: 0.5, bias: Math.round((biasSum / averaged) * 1000) / 1000, weights };
}

function chooseThresholds(data: readonly Sample[]): Pick<ClauseModel, 'threshold' | 'unflagged'> {
  // Several fold assignments, pooled: one assignment's luck would otherwise move the chosen thresholds.
  const scored: Array<{ p: number; label: 0 | 1; sample: Sample; repeat: number }> = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    for (let k = 0; k < FOLDS; k++) {
      const model = train(
        data.filter((s) => foldOf(s.group, repeat, FOLDS) !== k),
        SEED + repeat * FOLDS + k,
      );
      for (const s of data) if (foldOf(s.group, repeat, FOLDS) === k) scored.push({ p: probability(model, s.features), label: s.label, sample: s, repeat });
    }
  }
  const pos = scored.filter((s) => s.label === 1);
  const neg = scored.filter((s) => s.label === 0);
  const rates = (flagged: number, unflagged: number) => {
    const asideOf = (s: (typeof scored)[number]) => (s.sample.firm === undefined ? s.p < (s.sample.flagged ? flagged : unflagged) : !s.sample.firm);
    const kept = pos.filter((s) => !asideOf(s)).length / pos.length;
    const aside = neg.filter(asideOf).length / neg.length;
    return { kept, aside, ba: (kept + aside) / 2 };
  };
  // Where a word rule fired, the threshold is fixed by what each mistake costs, not chosen from the data:
  // out of fold any value from 0.3 to 0.95 scores within 0.01 of any other, so choosing the best of them
  // chose noise (it jumped between 0.275 and 0.9 from one retraining to the next). Dropping checkable text
  // unseen is the harm this stage exists to avoid; checking a sentence that was not about the image costs a
  // verdict the reader can discount. Weighing the first twice the second sets aside only below
  // P(descriptive) = 1 / (1 + 2): when the classifier is unsure, the clause is kept.
  // Where no rule fired, nothing but the classifier speaks against the clause, so a drop costs more. This
  // threshold was once the highest that kept 98% of descriptive clauses out of fold; it landed on 0.1, 0.125
  // or 0.15 from one retraining to the next, one clause at the floor deciding, and each step moved a
  // held-out figure by a sentence that no change had touched. It is now fixed at 1/8, the middle of those.
  const best = { threshold: FLAGGED, unflagged: UNFLAGGED, ...rates(FLAGGED, UNFLAGGED) };
  if (best.kept < MIN_KEPT) console.warn(`warning: out of fold only ${best.kept.toFixed(3)} of descriptive clauses stay (floor ${MIN_KEPT})`);
  console.log(
    `out-of-fold (${FOLDS} folds × ${REPEATS} assignments, clause level): thresholds ${best.threshold} (a rule fired) / ${best.unflagged} (none), ` +
      `descriptive kept ${best.kept.toFixed(3)}, set aside ${best.aside.toFixed(3)}, balanced accuracy ${best.ba.toFixed(3)} ` +
      `(${pos.length / REPEATS} + ${neg.length / REPEATS} clauses)`,
  );
  if (process.argv.includes('--errors')) {
    for (const s of scored) {
      if (s.repeat !== 0) continue;
      const kept = s.sample.firm ?? s.p >= (s.sample.flagged ? best.threshold : best.unflagged);
      if (kept === (s.label === 1)) continue;
      console.log(`${s.label ? 'FN' : 'FP'} ${s.p.toFixed(2)} ${s.sample.group} ${s.sample.text}`);
    }
  }
  return { threshold: best.threshold, unflagged: best.unflagged };
}

function main(): void {
  const data = samples();
  // --seed=N trains with another seed (the ablation measures the spread between seeds); --quick skips the
  // out-of-fold report, which only prints: the thresholds are fixed by what a mistake costs.
  const seed = Number(process.argv.find((a) => a.startsWith('--seed='))?.slice(7) ?? SEED);
  const thresholds = process.argv.includes('--quick') ? { threshold: FLAGGED, unflagged: UNFLAGGED } : chooseThresholds(data);
  const model = { ...train(data, seed), ...thresholds };
  // Stored by hash (lib/claims/classifier.ts): two features that shared one would share a weight.
  if (new Set(Object.keys(model.weights).map(featureHash)).size < Object.keys(model.weights).length) throw new Error('two features share a hash');
  const text = `${JSON.stringify(encodeModel(model), null, 0).replace(/,"/gu, ',\n"')}\n`;
  console.log(`${Object.keys(model.weights).length} weights, ${text.length} bytes`);
  if (process.argv.includes('--check')) {
    const same = readFileSync(weightsPath, 'utf8') === text;
    console.log(same ? 'stored weights match the training run' : 'stored weights differ from the training run');
    if (!same) process.exitCode = 1;
    return;
  }
  writeFileSync(weightsPath, text);
  // Sanity check through the product's own path, not the training copy of the formula.
  const stored = decodeModel(JSON.parse(readFileSync(weightsPath, 'utf8')) as StoredModel);
  const first = clauseFacts(EXAMPLES[0]!.text)[0];
  if (first) console.log(`P(descriptive) of the first example: ${descriptiveProbability(first, stored).toFixed(3)}`);
  console.log(`wrote ${weightsPath}`);
}

main();
