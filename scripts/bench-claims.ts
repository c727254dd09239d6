/**
 * Measures the on-device splitter against FaithScore's stage-1 labels.
 *
 *   npm run bench:claims              P/R/F1 of "kept" for lines 1–90, 91–180 and all, plus timing
 *   npm run bench:claims -- --dev     development mode: scores and mistakes of lines 1–90 only,
 *                                     so the held-out half is not looked at while rules change
 *
 * Mapping, stated once: each stage-1 piece is located in its answer (in order, it is a substring).
 * The piece counts as KEPT when at least half of its non-space characters lie inside claim spans
 * returned by `splitCaption(answer)`; otherwise (inside set-aside spans, or left uncovered such as
 * "In the image,") it counts as NOT KEPT. Gold 1 = descriptive = should be kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { splitCaption, type Span } from '../lib/claims/split.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataPath = resolve(repoRoot, '../shared/benchmarks/faithscore/annotation.jsonl');
const DEV_LINES = 90;

const answerSchema = z.object({ id: z.string(), answer: z.string(), 'stage 1': z.record(z.string(), z.number()) });
type Answer = z.infer<typeof answerSchema>;

interface Judged {
  line: number;
  piece: string;
  gold: boolean;
  kept: boolean;
}

function covered(spans: readonly Span[], start: number, end: number, text: string): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    if (/\s/u.test(text[i]!)) continue;
    if (spans.some((s) => s.start <= i && i < s.end)) count++;
  }
  return count;
}

function judge(answer: Answer, line: number): { judged: Judged[]; unlocated: number } {
  const { claims } = splitCaption(answer.answer);
  const judged: Judged[] = [];
  let unlocated = 0;
  let cursor = 0;
  for (const [raw, label] of Object.entries(answer['stage 1'])) {
    const piece = raw.trim();
    if (!piece) continue;
    let at = answer.answer.indexOf(piece, cursor);
    if (at < 0) at = answer.answer.indexOf(piece);
    if (at < 0) {
      unlocated++;
      continue;
    }
    cursor = at + piece.length;
    const nonSpace = piece.replace(/\s/gu, '').length;
    const inClaims = covered(claims, at, at + piece.length, answer.answer);
    judged.push({ line, piece, gold: label === 1, kept: inClaims * 2 >= nonSpace });
  }
  return { judged, unlocated };
}

function score(judged: readonly Judged[], keptOf: (j: Judged) => boolean) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const j of judged) {
    const kept = keptOf(j);
    if (kept && j.gold) tp++;
    else if (kept) fp++;
    else if (j.gold) fn++;
  }
  const p = tp / (tp + fp || 1);
  const r = tp / (tp + fn || 1);
  return { n: judged.length, p, r, f1: (2 * p * r) / (p + r || 1) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(): void {
  if (!existsSync(dataPath)) {
    console.error(`FaithScore data not found at ${dataPath}.`);
    console.error('Expected ../shared/benchmarks/faithscore/annotation.jsonl relative to the repository root.');
    process.exitCode = 1;
    return;
  }
  const lines = readFileSync(dataPath, 'utf8').split('\n').filter((l) => l.trim());
  const answers = lines.map((l, i) => {
    const parsed = answerSchema.safeParse(JSON.parse(l));
    if (!parsed.success) throw new Error(`annotation.jsonl line ${i + 1}: ${parsed.error.message}`);
    return parsed.data;
  });

  const all: Judged[] = [];
  let unlocated = 0;
  answers.forEach((a, i) => {
    const r = judge(a, i + 1);
    all.push(...r.judged);
    unlocated += r.unlocated;
  });
  const dev = process.argv.includes('--dev');
  const halves: Array<[string, Judged[]]> = [
    [`first half (lines 1–${DEV_LINES}, development)`, all.filter((j) => j.line <= DEV_LINES)],
    [`second half (lines ${DEV_LINES + 1}–${answers.length}, held out)`, all.filter((j) => j.line > DEV_LINES)],
    [`all (${answers.length} answers)`, all],
  ];
  if (dev) halves.splice(1);
  const fmt = (x: number) => x.toFixed(3);
  console.log(`FaithScore stage 1: ${dev ? 'development half only, ' : ''}${all.length} pieces located, ${unlocated} not found in their answer\n`);
  console.log('split            pieces  P      R      F1     | keep-all P   R      F1');
  for (const [name, judged] of halves) {
    const s = score(judged, (j) => j.kept);
    const b = score(judged, () => true);
    console.log(
      `${name}\n                 ${String(s.n).padStart(6)}  ${fmt(s.p)}  ${fmt(s.r)}  ${fmt(s.f1)}  |          ${fmt(b.p)}  ${fmt(b.r)}  ${fmt(b.f1)}`,
    );
  }

  let caption = '';
  for (const a of answers) {
    if (caption.length >= 2000) break;
    caption += `${a.answer} `;
  }
  caption = caption.slice(0, 2000);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    splitCaption(caption);
    times.push(performance.now() - t0);
  }
  console.log(`\nmedian time to split a ${caption.length}-character caption: ${median(times).toFixed(3)} ms (200 runs)`);

  if (dev) {
    console.log('\nMistakes on the development half (FP = kept but gold 0, FN = not kept but gold 1):');
    for (const j of all) if (j.line <= DEV_LINES && j.kept !== j.gold) console.log(`${j.kept ? 'FP' : 'FN'} #${j.line} ${j.piece}`);
  }
}

main();
