/**
 * How much of a figure is the classifier's seed: trains the clause classifier of the code as it stands with several
 * seeds (each in a copy of lib/, locales/, scripts/ and test/claims/ under the system's temporary folder; the
 * repository is not touched) and prints issue 44's target figures on both halves for each seed, their mean and their
 * range (`npm run bench:claims -- --targets-json`).
 *
 *   npm run seeds:claims                  seeds 13 to 17
 *   npm run seeds:claims -- --seeds=3     seeds 13 to 15
 *
 * A change judged against one seed's check half is judged against that seed's luck as well; the range says how far
 * a figure moves with nothing changed but the order training shuffles in. The stored weights are seed 13's.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['lib', 'locales', 'scripts', 'test/claims'];
type Figures = Record<'tuning' | 'check', Record<string, number>>;

function measure(root: string, seed: number): Figures {
  const tsx = join(repoRoot, 'node_modules/.bin/tsx');
  execFileSync(tsx, ['scripts/train-claims.ts', '--quick', `--seed=${seed}`], { cwd: root, stdio: 'pipe' });
  return JSON.parse(execFileSync(tsx, ['scripts/bench-claims.ts', '--targets-json'], { cwd: root, encoding: 'utf8' }).trim().split('\n').at(-1)!) as Figures;
}

function main(): void {
  const count = Number(process.argv.find((a) => a.startsWith('--seeds='))?.slice(8) ?? 5);
  const seeds = Array.from({ length: count }, (_, i) => 13 + i);
  // The copy reads ../shared/benchmarks beside itself, as the repository does.
  const base = mkdtempSync(join(tmpdir(), 'claims-seeds-'));
  try {
    mkdirSync(join(base, 'shared'));
    symlinkSync(resolve(repoRoot, '../shared/benchmarks'), join(base, 'shared/benchmarks'));
    const root = join(base, 'repo');
    for (const part of PARTS) cpSync(join(repoRoot, part), join(root, part), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
    const runs = seeds.map((seed) => measure(root, seed));
    const names = Object.keys(runs[0]!.tuning);
    const fmt = (x: number) => x.toFixed(3);
    console.log(`${'figure'.padEnd(32)}${seeds.map((s) => `seed ${s}`.padEnd(14)).join('')}mean (tuning / check)   range of check`);
    for (const name of names) {
      const of = (half: 'tuning' | 'check') => runs.map((r) => r[half][name]!);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const cells = runs.map((r) => `${fmt(r.tuning[name]!)}/${fmt(r.check[name]!)}`.padEnd(14)).join('');
      const check = of('check');
      console.log(`${name.padEnd(32)}${cells}${fmt(mean(of('tuning')))} / ${fmt(mean(check))}          ${fmt(Math.min(...check))}–${fmt(Math.max(...check))}`);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main();
