/**
 * Backward elimination inside rule families of the claim split: tries each word of a word list, or each top-level
 * alternative of a `cue` pattern, out in turn; retrains the classifier and measures the tuning halves only
 * (`bench-claims.ts --json`, the score of scripts/ablate-claims.ts). A word goes only where the score falls by no
 * more than --step below the last accepted state and --tol below the start, no figure falls more than 0.003 below the
 * start, and `vitest run --project unit test/claims` stays green. Each decision is appended to --log.
 *
 * It edits the checkout given by --dir in place (a scratch git worktree with node_modules, never the one you work in):
 *
 *   git worktree add ../scratch main && ln -s "$PWD/node_modules" ../scratch/node_modules && (cd ../scratch && npx wxt prepare)
 *   npm run eliminate:claim-rules -- --dir=../scratch --log=/tmp/eliminate.log "set-aside:RULES[evaluation]" …
 *
 * Family names are as `npm run count:claim-rules -- --families` prints them. Then read the log, judge what went
 * (grammar a reader expects the split to know stays), and carry the chosen removals over with their tests.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleFiles, rulePieces } from './claim-rules.ts';

const families = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const log = process.argv.find((a) => a.startsWith('--log='))?.slice(6) ?? 'eliminate-claim-rules.log';
const TOL = Number(process.argv.find((a) => a.startsWith('--tol='))?.slice(6) ?? 0.0015);

const dirArg = process.argv.find((a) => a.startsWith('--dir='));
if (!dirArg || families.length === 0) {
  console.error('usage: tsx scripts/eliminate-claim-rules.ts --dir=<scratch worktree> [--log=file] [--tol=0.0015] [--step=0.0001] family…');
  process.exit(2);
}
const dir = dirArg.slice(6);
const tsx = join(dir, 'node_modules/.bin/tsx');

function measure(): Record<string, number> {
  execFileSync(tsx, ['scripts/train-claims.ts', '--quick', '--seed=13'], { cwd: dir, stdio: 'pipe' });
  return JSON.parse(execFileSync(tsx, ['scripts/bench-claims.ts', '--json'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1)!);
}

interface Item { start: number; end: number; text: string }
/** Items of a literal: words (word list) or top-level alternatives (a `cue` template). */
function items(body: string, offset: number, kind: 'words' | 'regex'): Item[] {
  const out: Item[] = [];
  if (kind === 'words') {
    for (const m of body.matchAll(/[^\s'`+]+/gu)) out.push({ start: offset + m.index, end: offset + m.index + m[0].length, text: m[0] });
    return out;
  }
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i <= body.length; i++) {
    const ch = body[i];
    if (ch === '\\') { i++; continue; }
    if (ch === '$' && body[i + 1] === '{') { i = body.indexOf('}', i); continue; }
    if (inClass) { if (ch === ']') inClass = false; continue; }
    if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if ((ch === '|' && depth === 0) || i === body.length) {
      const raw = body.slice(from, i);
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text) out.push({ start: offset + from + lead, end: offset + from + lead + text.length, text });
      from = i + 1;
    }
  }
  return out;
}

/** The source without one item and one separator next to it. */
function without(source: string, item: Item, kind: 'words' | 'regex'): string {
  if (kind === 'words') {
    const after = /^\s+/u.exec(source.slice(item.end))?.[0].length ?? 0;
    if (after) return source.slice(0, item.start) + source.slice(item.end + after);
    const before = /\s+$/u.exec(source.slice(0, item.start))?.[0].length ?? 0;
    return source.slice(0, item.start - before) + source.slice(item.end);
  }
  const after = /^\s*\|\s*/u.exec(source.slice(item.end));
  if (after) return source.slice(0, item.start) + source.slice(item.end + after[0].length);
  const before = /\s*\|\s*$/u.exec(source.slice(0, item.start));
  if (before) return source.slice(0, item.start - before[0].length) + source.slice(item.end);
  return source;
}

const base = measure();
appendFileSync(log, `base ${JSON.stringify(base)}\n`);
let current = base;
const STEP = Number(process.argv.find((a) => a.startsWith('--step='))?.slice(7) ?? 0.0003);
const GUARD = ['vizwizBa', 'vizwizKept', 'vizwizWorstModel', 'hlBa', 'hlKept', 'faithF1', 'probesBa', 'probesCdBa'];
const ok = (m: Record<string, number>) =>
  m.score! >= current.score! - STEP && m.score! >= base.score! - TOL && GUARD.every((k) => m[k]! >= base[k]! - 0.003) && testsPass();
function testsPass(): boolean {
  try {
    execFileSync(join(dir, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', 'test/claims'], { cwd: dir, stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
let removed = 0;
for (const family of families) {
  // Re-read the family each round: offsets move as items go.
  for (let k = 0; ; k++) {
    const files = ruleFiles(join(dir, 'lib/claims'));
    const piece = files.flatMap((f) => rulePieces(f).map((p) => ({ ...p, path: f }))).filter((p) => p.family === family);
    if (piece.length === 0) break;
    const p = piece[0]!;
    const source = readFileSync(p.path, 'utf8');
    const literal = source.slice(p.start, p.end);
    const bodyStart = p.start + 1;
    const list = items(literal.slice(1, -1), bodyStart, p.kind);
    if (k >= list.length) break;
    const item = list[k]!;
    const trial = without(source, item, p.kind);
    if (trial === source) continue;
    writeFileSync(p.path, trial);
    let m: Record<string, number> | null = null;
    try { m = measure(); } catch { m = null; }
    if (m && ok(m)) {
      removed++;
      current = m;
      appendFileSync(log, `- ${family} «${item.text}» score ${m.score!.toFixed(4)} ${JSON.stringify(m)}\n`);
      k--; // the next item now sits at index k
    } else {
      writeFileSync(p.path, source);
      appendFileSync(log, `+ ${family} «${item.text}» ${m ? m.score!.toFixed(4) : 'breaks'}\n`);
    }
  }
}
appendFileSync(log, `done: ${removed} removed; workspace ${dir}\n`);
