/**
 * A fingerprint of everything the claim split and its training compute on every text we hold: each development file
 * (both halves), our probes and written examples, and HL's training captions. For each text: the split's result, and
 * for each clause the word rule that fired, the firm decision and the classifier's features.
 *
 *   npm run fingerprint:claims                    one line: how many texts, and the hash of all of them
 *   npm run fingerprint:claims -- --save=<file>   also each text's own hash, to compare two versions of the code
 *
 * If a change to the rules leaves the fingerprint as it was, training sees the same features whatever the seed, so
 * the weights and every figure of both halves (`npm run bench:claims`, `npm run seeds:claims`) stay as they were:
 * the change alters nothing on any text held, only on text unlike all of it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauseFeatures, firmDecision } from '../lib/claims/classifier.ts';
import { clauseFacts, splitCaption } from '../lib/claims/split.ts';
import { CATEGORY_EXAMPLES } from './claim-example-categories.ts';
import { EXAMPLES } from './claim-examples.ts';
import { loadSets } from './claim-sets.ts';

const benchmarks = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/benchmarks');
const texts = [...loadSets(benchmarks).items.map((i) => i.caption), ...[...EXAMPLES, ...CATEGORY_EXAMPLES].map((e) => e.text)];
const hlTrain = resolve(benchmarks, 'hl/train.jsonl');
if (existsSync(hlTrain)) {
  for (const line of readFileSync(hlTrain, 'utf8').split('\n')) if (line.trim()) texts.push((JSON.parse(line) as { caption: string }).caption);
}

const all = createHash('sha256');
const each = texts.map((text) => {
  const facts = clauseFacts(text).map((f) => [f.rule, f.clause, firmDecision(f), clauseFeatures(f)]);
  const seen = JSON.stringify([splitCaption(text), facts]);
  all.update(seen);
  return `${createHash('sha1').update(seen).digest('hex').slice(0, 10)}\t${text.slice(0, 100).replace(/\s+/gu, ' ')}`;
});
console.log(`${texts.length} texts, fingerprint ${all.digest('hex')}`);
const save = process.argv.find((a) => a.startsWith('--save='))?.slice(7);
if (save) writeFileSync(save, `${each.join('\n')}\n`);
