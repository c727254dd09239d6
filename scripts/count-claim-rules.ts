/**
 * Prints how many hand-written words and regular-expression alternatives the claim split holds
 * (what counts: scripts/claim-rules.ts).
 *
 *   npm run count:claim-rules               the total and each file's count
 *   npm run count:claim-rules -- --families also each family (top-level declaration, or rule of a rule table)
 */
import { ruleFiles, rulePieces, type RulePiece } from './claim-rules.ts';

const pieces = ruleFiles().flatMap((f) => rulePieces(f));
const sum = (list: readonly RulePiece[]) => list.reduce((n, p) => n + p.count, 0);
const byKey = (key: (p: RulePiece) => string) => {
  const groups = new Map<string, RulePiece[]>();
  for (const p of pieces) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  return [...groups].map(([name, list]) => ({ name, words: sum(list.filter((p) => p.kind === 'words')), regex: sum(list.filter((p) => p.kind === 'regex')) }));
};
const line = (name: string, words: number, regex: number) => `${name.padEnd(48)}${String(words + regex).padStart(6)}  (${words} words, ${regex} alternatives)`;

for (const f of byKey((p) => p.file)) console.log(line(f.name, f.words, f.regex));
if (process.argv.includes('--families')) {
  console.log('');
  for (const f of byKey((p) => p.family).sort((a, b) => b.words + b.regex - a.words - a.regex)) console.log(line(f.name, f.words, f.regex));
}
const words = sum(pieces.filter((p) => p.kind === 'words'));
const regex = sum(pieces.filter((p) => p.kind === 'regex'));
console.log(`\nhand-written words and regex alternatives in lib/claims: ${words + regex} (${words} words, ${regex} alternatives)`);
