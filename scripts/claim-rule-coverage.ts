/**
 * Which hand-written words and regular-expression alternatives of the claim split (lib/claims) ever change
 * anything on the development data. Runs the split over the development parts of the labelled sets and the
 * training examples, records every word-list lookup that hit and every input each pattern of lib/claims saw,
 * then removes each alternative of each pattern in turn and replays the recorded inputs: an alternative whose
 * removal changes no match on any input is dead on this data. Held-out parts are not run.
 *
 *   npm run coverage:claim-rules            dead words and alternatives per word list and pattern
 *   npm run coverage:claim-rules -- --json  the same as one JSON object on the last line
 *   npm run coverage:claim-rules -- --all   over every text held: both halves of each set, every probe, HL's train.jsonl
 *
 * A dead rule can still matter on unseen text; the ablation (scripts/ablate-claims.ts) decides what stays.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const claimsDir = resolve(repoRoot, 'lib/claims');

// Patterns and word lists are told apart from the rest of the program by where they were made.
const fromClaims = () => (new Error().stack ?? '').split('\n').slice(2, 6).some((l) => l.includes(claimsDir) && !l.includes('atomic.ts'));

const patternInputs = new Map<string, { re: RegExp; inputs: Set<string> }>();
const listHits = new Map<Set<unknown>, Set<unknown>>();
const claimSets = new WeakSet<Set<unknown>>();
const claimPatterns = new WeakSet<RegExp>();

const NativeRegExp = RegExp;
const NativeSet = Set;
// Record where each pattern and word list is made (literals are made when their module is evaluated).
globalThis.RegExp = new Proxy(NativeRegExp, {
  construct(target, args) {
    const made = Reflect.construct(target, args) as RegExp;
    if (fromClaims()) claimPatterns.add(made);
    return made;
  },
});
const nativeExec = NativeRegExp.prototype.exec;
NativeRegExp.prototype.exec = function exec(this: RegExp, input: string) {
  if (this.source.includes('|') && (claimPatterns.has(this) || fromClaims())) {
    const key = `${this.source}/${this.flags}`;
    let seen = patternInputs.get(key);
    if (!seen) patternInputs.set(key, (seen = { re: this, inputs: new NativeSet() }));
    seen.inputs.add(String(input));
  }
  return nativeExec.call(this, input);
};
const nativeHas = NativeSet.prototype.has;
NativeSet.prototype.has = function has(this: Set<unknown>, value: unknown) {
  const hit = nativeHas.call(this, value);
  if (hit && claimSets.has(this)) {
    let hits = listHits.get(this);
    if (!hits) listHits.set(this, (hits = new NativeSet()));
    hits.add(value);
  }
  return hit;
};

/** Each `|` outside a character class, with the bounds of the alternative it ends or starts. */
function alternativesOf(source: string): { start: number; end: number }[] {
  let inClass = false;
  const alts: { start: number; end: number }[] = [];
  const groups: { start: number; end: number; bars: number[] }[] = [];
  const stack: { start: number; bars: number[] }[] = [{ start: 0, bars: [] }];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') {
      // The group's body starts after its "(?:", "(?<!", "(?=" … prefix.
      const prefix = /^\((?:\?(?:<?[=!]|:|<[\p{L}_]+>))?/u.exec(source.slice(i))![0];
      stack.push({ start: i + prefix.length, bars: [] });
      i += prefix.length - 1;
    } else if (ch === ')') {
      const g = stack.pop()!;
      groups.push({ start: g.start, end: i, bars: g.bars });
    } else if (ch === '|') stack.at(-1)!.bars.push(i);
  }
  const top = stack.pop()!;
  groups.push({ start: top.start, end: source.length, bars: top.bars });
  for (const g of groups) {
    if (g.bars.length === 0) continue;
    const edges = [g.start - 1, ...g.bars, g.end];
    for (let k = 0; k + 1 < edges.length; k++) alts.push({ start: edges[k]! + 1, end: edges[k + 1]! });
  }
  return alts;
}

/** The source with one alternative and one of its bars taken out. */
function without(source: string, alt: { start: number; end: number }): string {
  if (source[alt.end] === '|') return source.slice(0, alt.start) + source.slice(alt.end + 1);
  return source.slice(0, alt.start - 1) + source.slice(alt.end);
}

const outcome = (re: RegExp, input: string) => {
  re.lastIndex = 0;
  const m = nativeExec.call(re, input);
  return m ? `${m.index}:${m[0]}` : '-';
};

async function main(): Promise<void> {
  const { splitCaption } = await import('../lib/claims/split.ts');
  // Every pattern sees every input, as before the split's gates (lib/claims/gate.ts): a pattern whose literals no text
  // holds is still listed, with its dead alternatives.
  (await import('../lib/claims/gate.ts')).gates.open = true;
  const { loadSets } = await import('./claim-sets.ts');
  const { EXAMPLES } = await import('./claim-examples.ts');
  const { CATEGORY_EXAMPLES } = await import('./claim-example-categories.ts');
  const { items } = loadSets(resolve(repoRoot, '../shared/benchmarks'));
  const all = process.argv.includes('--all');
  const hlTrain = resolve(repoRoot, '../shared/benchmarks/hl/train.jsonl');
  const captions = [
    ...items.filter((i) => all || (!i.heldOut && i.set !== 'probes-g')).map((i) => i.caption),
    ...[...EXAMPLES, ...CATEGORY_EXAMPLES].map((e) => e.text),
    ...(all && existsSync(hlTrain) ? readFileSync(hlTrain, 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { caption: string }).caption) : []),
  ];
  for (const caption of captions) splitCaption(caption);

  const report: { pattern: string; alive: number; dead: string[] }[] = [];
  for (const { re, inputs } of patternInputs.values()) {
    const alts = alternativesOf(re.source);
    if (alts.length === 0) continue;
    const before = [...inputs].map((input) => outcome(re, input));
    const dead: string[] = [];
    for (const alt of alts) {
      let variant: RegExp;
      try {
        variant = new NativeRegExp(without(re.source, alt), re.flags);
      } catch {
        continue;
      }
      if ([...inputs].every((input, k) => outcome(variant, input) === before[k])) dead.push(re.source.slice(alt.start, alt.end));
    }
    report.push({ pattern: re.source.slice(0, 80), alive: alts.length - dead.length, dead });
  }
  const lists: { list: string; size: number; hit: number; dead: string[]; live: string[] }[] = [];
  for (const set of listHitsOrAll()) {
    const hits = listHits.get(set) ?? new NativeSet();
    const words = [...set].map(String);
    lists.push({ list: words.slice(0, 4).join(' '), size: words.length, hit: hits.size, dead: words.filter((w) => !nativeHas.call(hits, w)), live: words.filter((w) => nativeHas.call(hits, w)) });
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ captions: captions.length, patterns: report, lists }));
    return;
  }
  console.log(`${captions.length} development captions and examples`);
  for (const r of report.sort((a, b) => b.dead.length - a.dead.length)) console.log(`pattern ${r.pattern}…: ${r.alive} alive, ${r.dead.length} dead: ${r.dead.join(" | ")}`);
  for (const l of lists.sort((a, b) => b.dead.length - a.dead.length)) console.log(`list ${l.list} …: ${l.size} words, ${l.hit} hit, dead: ${l.dead.join(' ')}`);
}

// Every word list made in lib/claims, hit or not (the WeakSet cannot be listed, so they are kept as they are made).
function listHitsOrAll(): Set<unknown>[] {
  return [...madeLists];
}
const madeLists: Set<unknown>[] = [];
globalThis.Set = new Proxy(NativeSet, {
  construct(target, args, newTarget) {
    const made = Reflect.construct(target, args, newTarget) as Set<unknown>;
    if (fromClaims() && made.size >= 2 && [...made].every((w) => typeof w === 'string' && !w.includes(':'))) {
      claimSets.add(made);
      madeLists.push(made);
    }
    return made;
  },
});

void main();
