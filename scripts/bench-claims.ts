/**
 * Measures the on-device split against human labels of "describes the image" vs "does not".
 *
 *   npm run bench:claims              every set, development and held-out parts, per source model
 *   npm run bench:claims -- --dev     development parts only, with their mistakes listed
 *   npm run bench:claims -- --json    the development figures the ablation weighs, as one JSON line
 *                                     (the held-out parts are not looked at while rules change)
 *
 * Sets (../shared/benchmarks/, see each README): FaithScore stage 1 (pieces of LLaVA-style answers),
 * VizWiz-LF (sentences of six models' long answers), HL (COCO object captions vs human rationales);
 * and our own written probes in the style of today's models (test/claims/probes.jsonl, development only;
 * test/claims/probes-cd.jsonl, written later by other hands, with a held-out half; test/claims/probes-g.jsonl,
 * all held out).
 * A unit counts as KEPT when at least half of its non-space characters lie inside claim spans
 * returned by `splitCaption(caption)` (VizWiz-LF, scored with its careful readers' labels: 30%, as its README
 * says); otherwise (set aside, or left uncovered such as "In the image,") it is NOT KEPT. Descriptive = should be kept. Balanced accuracy = mean of the
 * descriptive kept rate and the non-descriptive set-aside rate; keeping everything scores 0.5.
 * Last, the gold captions of the real saved pages (test/realpages/gold.json): how many lose every claim
 * (read without the page's language; --dev lists them).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCaption, type Span } from '../lib/claims/split.ts';
import { loadSets, type Item } from './claim-sets.ts';
import { readRealPagesGold } from './realpages-gold.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(repoRoot, '../shared/benchmarks');

interface Judged {
  item: Item;
  text: string;
  gold: boolean | null;
  kept: boolean;
}

function keptShare(claims: readonly Span[], caption: string, start: number, end: number): number {
  let inside = 0;
  let total = 0;
  for (let i = start; i < end; i++) {
    if (/\s/u.test(caption[i]!)) continue;
    total++;
    if (claims.some((s) => s.start <= i && i < s.end)) inside++;
  }
  return total ? inside / total : 0;
}

function judge(item: Item): Judged[] {
  const { claims } = splitCaption(item.caption);
  return item.units.map((u) => ({ item, text: u.text, gold: u.gold, kept: keptShare(claims, item.caption, u.start, u.end) >= (item.keptAt ?? 0.5) }));
}

interface Score {
  pos: number;
  neg: number;
  keptRate: number;
  asideRate: number;
  ba: number;
  p: number;
  r: number;
  f1: number;
  baselineF1: number;
}

function score(judged: readonly Judged[]): Score {
  const scored = judged.filter((j) => j.gold !== null);
  const pos = scored.filter((j) => j.gold).length;
  const neg = scored.length - pos;
  const tp = scored.filter((j) => j.gold && j.kept).length;
  const fp = scored.filter((j) => !j.gold && j.kept).length;
  const tn = neg - fp;
  const keptRate = tp / (pos || 1);
  const asideRate = tn / (neg || 1);
  const p = tp / (tp + fp || 1);
  const f1 = (2 * p * keptRate) / (p + keptRate || 1);
  const bp = pos / (pos + neg || 1);
  return { pos, neg, keptRate, asideRate, ba: (keptRate + asideRate) / 2, p, r: keptRate, f1, baselineF1: (2 * bp) / (bp + 1 || 1) };
}

const fmt = (x: number) => x.toFixed(3);

function row(name: string, judged: readonly Judged[]): string {
  const s = score(judged);
  const cols = [s.pos, s.neg].map((n) => String(n).padStart(5)).join('');
  const rates = [s.keptRate, s.asideRate, s.ba, s.p, s.r, s.f1, s.baselineF1].map(fmt).join('  ');
  return `${name.padEnd(28)}${cols}  ${rates}`;
}

function keepRates(judged: readonly Judged[]): string {
  const unscored = judged.filter((j) => j.gold === null);
  const groups = new Map<string, Judged[]>();
  for (const j of unscored) groups.set(j.item.group, [...(groups.get(j.item.group) ?? []), j]);
  const label = (list: Judged[]) => `${list.filter((j) => j.kept).length}/${list.length} kept`;
  if (judged[0]?.item.set === 'hl') return [...groups].map(([g, list]) => `${g} ${label(list)}`).join(', ');
  return label(unscored);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The development figures the ablation (scripts/ablate-claims.ts) weighs, and their mean, `score`: VizWiz-LF and
 * HL over their whole files (both are the development half of their data), FaithScore answers 1–90 and the
 * development parts of the probes. Held-out parts are not read.
 */
function developmentFigures(items: readonly Item[]): Record<string, number> {
  const of = (set: string, all = false) => score(items.filter((i) => i.set === set && (all || !i.heldOut)).flatMap(judge));
  const vizwiz = items.filter((i) => i.set === 'vizwiz-lf').flatMap(judge);
  const models = [...new Set(vizwiz.map((j) => j.item.group))].map((m) => score(vizwiz.filter((j) => j.item.group === m)).ba);
  const [v, h, f, p, cd] = [score(vizwiz), of('hl', true), of('faithscore'), of('probes'), of('probes-cd')];
  const figures = {
    vizwizBa: v.ba,
    vizwizKept: v.keptRate,
    vizwizWorstModel: Math.min(...models),
    hlBa: h.ba,
    hlKept: h.keptRate,
    faithF1: f.f1,
    probesBa: p.ba,
    probesCdBa: cd.ba,
  };
  const weighed = [v.ba, v.keptRate, h.ba, f.f1, p.ba, cd.ba];
  return { ...figures, score: weighed.reduce((a, b) => a + b, 0) / weighed.length };
}

function main(): void {
  const { items, missing } = loadSets(dataDir);
  for (const path of missing) console.error(`not found, skipped: ${path}`);
  if (items.length === 0) {
    console.error('No labelled data found: expected ../shared/benchmarks/ next to the repository.');
    process.exitCode = 1;
    return;
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(developmentFigures(items)));
    return;
  }
  const dev = process.argv.includes('--dev');
  const judged = items.filter((i) => !dev || !i.heldOut).flatMap(judge);
  console.log('set / part                    desc  non  kept   aside  bal.acc P      R      F1     | keep-all F1');
  for (const set of [...new Set(items.map((i) => i.set))]) {
    const ofSet = judged.filter((j) => j.item.set === set);
    if (!ofSet.length) continue;
    const development = ofSet.filter((j) => !j.item.heldOut);
    const heldOut = ofSet.filter((j) => j.item.heldOut);
    // A set with no held-out part (our first written probes) has only its development row, one that is all
    // held out (the last written probes) only its held-out row.
    const parts: Array<[string, Judged[]]> = development.length ? [[`${set} development`, development]] : [];
    if (!dev && heldOut.length) parts.push([`${set} held out`, heldOut]);
    if (!dev && heldOut.length && development.length) parts.push([`${set} all`, ofSet]);
    for (const [name, list] of parts) console.log(row(name, list));
    if (set.startsWith('probes')) for (const part of [...new Set(ofSet.map((j) => j.item.group))].sort()) console.log(row(`  ${part}`, ofSet.filter((j) => j.item.group === part)));
    if (set === 'vizwiz-lf') {
      for (const model of [...new Set(ofSet.map((j) => j.item.group))].sort()) {
        const ofModel = ofSet.filter((j) => j.item.group === model);
        console.log(row(`  ${model} dev`, ofModel.filter((j) => !j.item.heldOut)));
        if (!dev) console.log(row(`  ${model} held out`, ofModel.filter((j) => j.item.heldOut)));
        if (!dev) console.log(row(`  ${model} all`, ofModel));
      }
    }
    console.log(`  unscored: ${keepRates(ofSet)}`);
  }

  let caption = '';
  for (const item of items) {
    if (caption.length >= 2000) break;
    caption += `${item.caption} `;
  }
  caption = caption.slice(0, 2000);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    splitCaption(caption);
    times.push(performance.now() - t0);
  }
  console.log(`\nmedian time to split a ${caption.length}-character caption: ${median(times).toFixed(3)} ms (200 runs)`);

  const gold = readRealPagesGold();
  const captions = [...new Set(gold.images.flatMap((i) => (i.caption ? [i.caption] : [])))];
  const emptied = captions.filter((c) => splitCaption(c).claims.length === 0);
  console.log(`real-page gold captions with no claim left: ${emptied.length} of ${captions.length}`);
  if (dev) for (const c of emptied) console.log(`  ${c.replace(/\s+/gu, ' ').slice(0, 160)}`);

  if (dev) {
    const only = process.argv.find((a) => a.startsWith('--set='))?.slice(6);
    console.log('\nMistakes on the development parts (FP = kept but not descriptive, FN = descriptive but not kept):');
    for (const j of judged) {
      if (j.gold === null || j.kept === j.gold || (only && j.item.set !== only)) continue;
      console.log(`${j.kept ? 'FP' : 'FN'} ${j.item.id} ${j.text.replace(/\s+/gu, ' ').slice(0, 200)}`);
    }
  }
}

main();
