/**
 * Ablation of the claim split's hand-written rules: switches each family (a top-level word list or regular
 * expression of lib/claims, or one rule of the RULES table; see scripts/claim-rules.ts) off in turn, retrains the
 * classifier without it, and measures the tuning halves (`npm run bench:claims -- --json`; no check half is read). A family's gain
 * is the score with it minus the score without it; the spread is the range of the score over classifier seeds.
 *
 *   npm run ablate:claims                       every family of at least 5 words or alternatives
 *   npm run ablate:claims -- --min=20           only families of at least 20
 *   npm run ablate:claims -- --only=a,b         only these families (names as count:claim-rules --families prints)
 *   npm run ablate:claims -- --seeds=5          how many seeds measure the spread (default 5)
 *   npm run ablate:claims -- --only=a,b --together   these families off at once
 *
 * Switched off means: a word list holds only a word no text has, a regular expression matches nothing. Each run
 * works in a copy of lib/, locales/, scripts/ and test/claims/ under the system's temporary folder; the repository is not
 * touched.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleFiles, rulePieces, type RulePiece } from './claim-rules.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const NEVER_WORD = "'\\u0001'";

/** What replaces a piece to switch it off: a word no text holds, or a pattern that matches nothing (flags kept). */
function switchedOff(piece: RulePiece, text: string): string {
  if (piece.kind === 'words') return NEVER_WORD;
  if (text.startsWith('/')) return `/(?!)/${text.slice(text.lastIndexOf('/') + 1)}`;
  return "'(?!)'";
}

const PARTS = ['lib', 'locales', 'scripts', 'test/claims'];

/** A fresh copy of what the split, its training and its bench read (from the snapshot in `root`), with `pieces` switched off. */
function workspace(root: string, pieces: readonly RulePiece[]): string {
  const dir = mkdtempSync(join(root, 'run-'));
  for (const part of PARTS) cpSync(join(root, 'snapshot', part), join(dir, part), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  const byFile = new Map<string, RulePiece[]>();
  for (const p of pieces) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  for (const [file, list] of byFile) {
    const path = join(dir, 'lib/claims', file);
    let source = readFileSync(path, 'utf8');
    // From the end, so earlier offsets stay right.
    for (const p of [...list].sort((a, b) => b.start - a.start)) source = source.slice(0, p.start) + switchedOff(p, source.slice(p.start, p.end)) + source.slice(p.end);
    writeFileSync(path, source);
  }
  return dir;
}

function measure(root: string, pieces: readonly RulePiece[], seed: number): Record<string, number> | string {
  const dir = workspace(root, pieces);
  try {
    const tsx = join(repoRoot, 'node_modules/.bin/tsx');
    execFileSync(tsx, ['scripts/train-claims.ts', '--quick', `--seed=${seed}`], { cwd: dir, stdio: 'pipe' });
    return JSON.parse(execFileSync(tsx, ['scripts/bench-claims.ts', '--json'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1)!);
  } catch (error) {
    return `breaks: ${String((error as { stderr?: Buffer }).stderr ?? error).split('\n').find((l) => /Error/u.test(l)) ?? 'error'}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  // The copy reads ../shared/benchmarks beside itself, as the repository does.
  const root = mkdtempSync(join(tmpdir(), 'claims-ablate-'));
  mkdirSync(join(root, 'shared'));
  symlinkSync(resolve(repoRoot, '../shared/benchmarks'), join(root, 'shared/benchmarks'));
  // One snapshot at the start, so the offsets found below hold for every run even if the files change meanwhile.
  for (const part of PARTS) cpSync(join(repoRoot, part), join(root, 'snapshot', part), { recursive: true });
  const all = ruleFiles(join(root, 'snapshot/lib/claims')).flatMap((f) => rulePieces(f));
  const families = new Map<string, RulePiece[]>();
  for (const p of all) families.set(p.family, [...(families.get(p.family) ?? []), p]);
  const only = arg('only')?.split(',');
  const min = Number(arg('min') ?? 5);
  const size = (list: readonly RulePiece[]) => list.reduce((n, p) => n + p.count, 0);
  const chosen = [...families].filter(([name, list]) => (only ? only.includes(name) : size(list) >= min)).sort((a, b) => size(b[1]) - size(a[1]));

  const seeds = Array.from({ length: Number(arg('seeds') ?? 5) }, (_, i) => 13 + i);
  const base = seeds.map((seed) => measure(root, [], seed));
  const scores = base.map((b) => (typeof b === 'string' ? Number.NaN : b.score!));
  const spread = Math.max(...scores) - Math.min(...scores);
  const reference = base[0] as Record<string, number>;
  const fmt = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(4);
  console.log(`all rules, seeds ${seeds.join(', ')}: score ${scores.map((s) => s.toFixed(4)).join(', ')}; spread ${spread.toFixed(4)}`);
  console.log(`all rules, seed ${seeds[0]}: ${JSON.stringify(reference, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(3)) : v))}`);
  if (process.argv.includes('--together')) {
    // All chosen families off at once: what removing them together would cost.
    const m = measure(root, chosen.flatMap(([, list]) => list), seeds[0]!);
    console.log(`together (${chosen.map(([name]) => name).join(', ')}): ${JSON.stringify(m, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(3)) : v))}`);
    if (typeof m !== 'string') console.log(`gain ${fmt(reference.score! - m.score!)}`);
    rmSync(root, { recursive: true, force: true });
    return;
  }
  console.log(`\n${'family'.padEnd(44)} size   gain     vizwiz ba/kept    hl ba   faith f1  probes ba  cd ba   keep?`);
  for (const [name, list] of chosen) {
    const m = measure(root, list, seeds[0]!);
    if (typeof m === 'string') {
      console.log(`${name.padEnd(44)} ${String(size(list)).padStart(4)}   ${m}`);
      continue;
    }
    const d = (k: string) => fmt(reference[k]! - m[k]!);
    const gain = reference.score! - m.score!;
    console.log(
      `${name.padEnd(44)} ${String(size(list)).padStart(4)}  ${fmt(gain)}  ${d('vizwizBa')}/${d('vizwizKept')}  ${d('hlBa')}  ${d('faithF1')}  ${d('probesBa')}  ${d('probesCdBa')}  ${gain > spread ? 'yes' : 'no'}`,
    );
  }
  rmSync(root, { recursive: true, force: true });
  console.log(`\n(${basename(process.argv[1]!)}: gain = development score with the family minus without it; keep = gain > seed spread ${spread.toFixed(4)})`);
}

main();
