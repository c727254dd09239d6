/**
 * Which hand-written words and regular-expression alternatives of the claim split change nothing that training or
 * the split compute on any text held (the per-text fingerprint of scripts/claim-fingerprint.ts: both halves of every
 * development file, our probes and written examples, HL's train.jsonl). For each word or alternative (at any depth of
 * a pattern): a copy of lib/claims without it is loaded, and every text that could be touched (one holding the word,
 * or the longest literal run of letters of the alternative) is split and compared with the code as it stands.
 *
 *   npm run neutral:claim-rules -- [--family=<prefix>] [--json=<file>]
 *   npm run neutral:claim-rules -- --decisions   what the split decides, not what it computes (below)
 *
 * With `--decisions` a piece counts where what is kept and what is set aside (the spans, not the reasons) stays the
 * same under the stored weights, on the texts training reads and the tuning halves only (no check half, no held-out
 * part): a piece whose work the classifier already does. Its features change, so a cut needs retraining and the gate
 * of `npm run seeds:claims`.
 * A neutral piece's removal leaves `npm run fingerprint:claims` unchanged (confirm it with all of them out), so the
 * weights and every figure of both halves stay as they were for every seed. It can still matter on unseen text.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ruleFiles, rulePieces, type RulePiece } from './claim-rules.ts';
import { CATEGORY_EXAMPLES } from './claim-example-categories.ts';
import { EXAMPLES } from './claim-examples.ts';
import { loadSets } from './claim-sets.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const benchmarks = resolve(repoRoot, '../shared/benchmarks');
const decisions = process.argv.includes('--decisions');
const scratch = resolve(repoRoot, `node_modules/.cache/claim-rule-${decisions ? 'decisions' : 'neutral'}`);

// Decisions are compared on what may be tuned on only: the check halves and held-out parts are left out.
const texts = [...loadSets(benchmarks).items.filter((i) => !decisions || !i.heldOut).map((i) => i.caption), ...[...EXAMPLES, ...CATEGORY_EXAMPLES].map((e) => e.text)];
const hlTrain = resolve(benchmarks, 'hl/train.jsonl');
if (existsSync(hlTrain)) for (const line of readFileSync(hlTrain, 'utf8').split('\n')) if (line.trim()) texts.push((JSON.parse(line) as { caption: string }).caption);
const lowered = texts.map((t) => t.toLowerCase().replace(/[’]/gu, "'"));

interface Engine {
  splitCaption: (t: string) => unknown;
  clauseFacts: (t: string) => { rule: unknown; clause: unknown }[];
  clauseFeatures: (f: unknown) => string[];
  firmDecision: (f: unknown) => unknown;
}
async function load(dir: string): Promise<Engine> {
  const split = await import(pathToFileURL(join(dir, 'split.ts')).href);
  const classifier = await import(pathToFileURL(join(dir, 'classifier.ts')).href);
  return { splitCaption: split.splitCaption, clauseFacts: split.clauseFacts, clauseFeatures: classifier.clauseFeatures, firmDecision: classifier.firmDecision };
}
const seen = (e: Engine, text: string) => {
  if (decisions) {
    const { claims, setAside } = e.splitCaption(text) as Record<'claims' | 'setAside', { start: number; end: number }[]>;
    return JSON.stringify([claims.map((c) => [c.start, c.end]), setAside.map((c) => [c.start, c.end])]);
  }
  const facts = e.clauseFacts(text).map((f) => [f.rule, f.clause, e.firmDecision(f), e.clauseFeatures(f)]);
  return createHash('sha1').update(JSON.stringify([e.splitCaption(text), facts])).digest('hex');
};

interface Candidate { piece: RulePiece; file: string; start: number; end: number; text: string; source: string; filter: string | null }

/** The alternatives of a literal's body at every depth: [start, end) of each, with holes `${…}` masked. */
function alternativesIn(body: string): { start: number; end: number }[] {
  let masked = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '$' && body[i + 1] === '{') {
      let depth = 0;
      let j = i;
      for (; j < body.length; j++) {
        if (body[j] === '{') depth++;
        else if (body[j] === '}' && --depth === 0) break;
      }
      masked += 'x'.repeat(j - i + 1);
      i = j;
    } else masked += body[i];
  }
  const alts: { start: number; end: number }[] = [];
  const stack: { start: number; bars: number[] }[] = [{ start: 0, bars: [] }];
  let inClass = false;
  const close = (g: { start: number; bars: number[] }, end: number) => {
    if (g.bars.length === 0) return;
    const edges = [g.start - 1, ...g.bars, end];
    for (let k = 0; k + 1 < edges.length; k++) alts.push({ start: edges[k]! + 1, end: edges[k + 1]! });
  };
  for (let i = 0; i < masked.length; i++) {
    const ch = masked[i]!;
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') {
      const prefix = /^\((?:\?(?:<?[=!]|:|<[\p{L}_]+>))?/u.exec(masked.slice(i))![0];
      stack.push({ start: i + prefix.length, bars: [] });
      i += prefix.length - 1;
    } else if (ch === ')') {
      // A piece of a pattern written over several strings: its parts are left alone.
      if (stack.length < 2) return [];
      close(stack.pop()!, i);
    }
    else if (ch === '|') stack.at(-1)!.bars.push(i);
  }
  if (stack.length !== 1) return [];
  close(stack.pop()!, masked.length);
  return alts.filter((a) => masked.slice(a.start, a.end).trim() !== '');
}

/** The longest run of letters every match of an alternative must hold, or null when none is sure. */
function literalRun(alt: string): string | null {
  let s = alt.replace(/\$\{[^}]*\}/gu, ' ').replace(/\\\\/gu, '\\');
  // Nested groups, classes, escapes and optional characters promise nothing.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/\([^()]*\)[?*]?/gu, ' ');
  }
  s = s.replace(/\[[^\]]*\][?*+]?(?:\{[^}]*\})?/gu, ' ').replace(/\\p\{[^}]*\}/gu, ' ').replace(/\\./gu, ' ').replace(/x{4,}/gu, ' ');
  s = s.replace(/.[?*]|.\{0,[^}]*\}/gu, ' ');
  const runs = (s.toLowerCase().match(/[\p{L}'’-]{2,}/gu) ?? []).sort((a, b) => b.length - a.length);
  return runs[0] ?? null;
}

function candidates(filter: string | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const file of ruleFiles()) {
    const source = readFileSync(file, 'utf8');
    for (const piece of rulePieces(file, source)) {
      if (filter && !filter.split(',').some((f) => piece.family.startsWith(f))) continue;
      const lit = source.slice(piece.start, piece.end);
      if (piece.kind === 'words') {
        if (piece.count === 1 && /^['"]/u.test(lit)) {
          // A lone word in an array: the element and its comma.
          const after = /^\s*,\s*/u.exec(source.slice(piece.end))?.[0] ?? '';
          const word = lit.slice(1, -1);
          out.push({ piece, file, start: piece.start, end: piece.end + after.length, text: word, source, filter: word.toLowerCase() });
          continue;
        }
        for (const m of lit.matchAll(/[^\s'`"]+(?:'[^\s'`"]+)?/gu)) {
          if (m.index === 0 || /^[`'"]/u.test(m[0])) continue;
          const start = piece.start + m.index;
          let end = start + m[0].length;
          const after = /^\s+/u.exec(source.slice(end))?.[0] ?? '';
          let from = start;
          // The last word of its string takes the space before it instead.
          if (/^\s*[`'"]/u.test(source.slice(end))) from -= /\s+$/u.exec(source.slice(0, start))?.[0].length ?? 0;
          else end += after.length;
          out.push({ piece, file, start: from, end, text: m[0], source, filter: m[0].toLowerCase() });
        }
        continue;
      }
      const open = lit.startsWith('/') ? 1 : lit.startsWith('String.raw`') ? 11 : 1;
      const close = lit.startsWith('/') ? lit.lastIndexOf('/') : lit.length - 1;
      const body = lit.slice(open, close);
      for (const a of alternativesIn(body)) {
        const text = body.slice(a.start, a.end);
        // Take the alternative with the bar after it, or before it when it is the last.
        const bodyAt = piece.start + open;
        let start = bodyAt + a.start;
        let end = bodyAt + a.end;
        if (body[a.end] === '|') end += 1;
        else start -= 1;
        out.push({ piece, file, start, end, text: text.trim(), source, filter: literalRun(text) });
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  const family = process.argv.find((a) => a.startsWith('--family='))?.slice(9);
  const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice(7);
  // A snapshot of lib/claims as it stands (the weights too), so nothing written meanwhile changes what is compared.
  rmSync(scratch, { recursive: true, force: true });
  const snapshot = join(scratch, 'snapshot');
  cpSync(resolve(repoRoot, 'lib/claims'), snapshot, { recursive: true });
  const base = await load(resolve(repoRoot, 'lib/claims'));
  const before = texts.map((t) => seen(base, t));
  const list = candidates(family);
  console.error(`${list.length} candidates over ${texts.length} texts`);
  const neutral: { family: string; text: string; start: number; end: number; file: string }[] = [];
  let n = 0;
  for (const c of list) {
    n++;
    const root = join(scratch, `c${n}`);
    const lib = join(root, 'lib');
    mkdirSync(lib, { recursive: true });
    for (const entry of readdirSync(resolve(repoRoot, 'lib'))) if (entry !== 'claims') symlinkSync(resolve(repoRoot, 'lib', entry), join(lib, entry));
    cpSync(snapshot, join(lib, 'claims'), { recursive: true });
    writeFileSync(join(lib, 'claims', basename(c.file)), c.source.slice(0, c.start) + c.source.slice(c.end));
    let same = true;
    let touched = 0;
    try {
      const engine = await load(join(lib, 'claims'));
      for (let k = 0; k < texts.length && same; k++) {
        if (c.filter && !lowered[k]!.includes(c.filter)) continue;
        touched++;
        if (seen(engine, texts[k]!) !== before[k]) same = false;
      }
    } catch (error) {
      same = false;
      console.error(`${c.piece.family} ${c.text}: ${(error as Error).message.slice(0, 80)}`);
    }
    rmSync(root, { recursive: true, force: true });
    if (same) {
      neutral.push({ family: c.piece.family, text: c.text, start: c.start, end: c.end, file: basename(c.file) });
      console.log(`neutral\t${c.piece.family}\t${c.text}\t(${touched} texts)`);
    }
    if (n % 50 === 0) console.error(`${n}/${list.length}, ${neutral.length} neutral`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(neutral, null, 1));
  console.error(`${neutral.length} of ${list.length} neutral`);
}

void main();
