// A small learned second opinion on each clause, for where word lists fail: "he is working" reads like
// a description, "a can of soda" holds a modal's word. Logistic regression over words, word pairs, the
// clause's opening words and kind, and what the word rules said; the weights are produced by
// `scripts/train-claims.ts` from licensed development data and examples written for this project.
import { z } from 'zod';
import type { Clause } from './span.ts';
import { shapeFeatures } from './clause-shape.ts';
import { gated } from './gate.ts';
import { MAYBE, PERSONAL, WORD } from './words.ts';
import { cueText, isHedged, reportsText, type SetAsideReason } from './set-aside.ts';
import rawModel from './classifier-weights.json';

/** One clause as the set-aside stage sees it: its text and kind, and what the word rules say of it. */
export interface ClauseFacts {
  clause: Clause;
  rule: SetAsideReason | null;
  inherited: boolean;
}

// As stored: the thresholds, the bias, and the weights as one base64 string: for each feature, in the ascending order
// of its 32-bit hash (featureHash), the step from the hash before it and its weight in hundredths (zig-zag: 0, -1, 1,
// -2, …), each as a variable-length number (seven bits a byte, the top bit set where another byte follows). The names
// themselves are not shipped: 3,591 weights take 21 kB instead of 70 kB (29 kB as fixed 4-byte hashes and 2-byte
// weights). A feature with no weight meets one of the 3,591 hashes among 2^32 about once in 1.2 million lookups.
const storedSchema = z.object({
  threshold: z.number().min(0).max(1),
  unflagged: z.number().min(0).max(1),
  bias: z.number(),
  weights: z.string(),
});
/** The trained model as stored in classifier-weights.json. */
export type StoredModel = z.infer<typeof storedSchema>;
/** The model as the split reads it: set-aside thresholds on P(descriptive) (a rule fired / none did), the bias and the weight of each feature's hash. */
export interface ClauseModel {
  threshold: number;
  unflagged: number;
  bias: number;
  weights: ReadonlyMap<number, number>;
}

/** A feature's 32-bit hash (FNV-1a over its UTF-16 code units), the key its weight is stored under. */
export function featureHash(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) h = Math.imul(h ^ feature.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The model as training makes it: named weights. */
export type NamedModel = Omit<ClauseModel, 'weights'> & { weights: Record<string, number> };

/** A model with named weights (as training makes it) as the split reads it. */
export function namedModel(model: NamedModel): ClauseModel {
  return { ...model, weights: new Map(Object.entries(model.weights).map(([f, w]) => [featureHash(f), w])) };
}

/** The stored model as the split reads it. */
export function decodeModel(stored: StoredModel): ClauseModel {
  const bytes = atob(stored.weights);
  let at = 0;
  const next = () => {
    let value = 0;
    for (let scale = 1; ; scale *= 128) {
      const byte = bytes.charCodeAt(at++);
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
  };
  const weights = new Map<number, number>();
  for (let hash = 0; at < bytes.length; ) {
    hash += next();
    const zigzag = next();
    weights.set(hash, ((zigzag >> 1) ^ -(zigzag & 1)) / 100);
  }
  return { ...stored, weights };
}

/** The named weights (from training) as stored: their hashes ascending, each as the step from the one before, and their weights in hundredths (train-claims.ts checks that no two share a hash). */
export function encodeModel(model: NamedModel): StoredModel {
  const entries = Object.entries(model.weights).map(([f, w]) => [featureHash(f), Math.round(w * 100)] as const);
  entries.sort((a, b) => a[0] - b[0]);
  let out = '';
  const put = (value: number) => {
    for (; value >= 0x80; value = Math.floor(value / 128)) out += String.fromCharCode((value % 128) | 0x80);
    out += String.fromCharCode(value);
  };
  entries.forEach(([hash, w], i) => {
    put(hash - (i ? entries[i - 1]![0] : 0));
    put(w < 0 ? -2 * w - 1 : 2 * w);
  });
  const { threshold, unflagged, bias } = model;
  return { threshold, unflagged, bias, weights: btoa(out) };
}

// Parsed once, when the engine first splits a caption: a corrupt file fails loudly here, not as odd verdicts.
let model: ClauseModel | undefined;
const loaded = (): ClauseModel => (model ??= decodeModel(storedSchema.parse(rawModel)));

// Who the subject is says nothing about whether the statement is visible, and the development data
// would teach otherwise (its rationales start "she is …", its object captions "A woman …"): personal
// pronouns give no word feature. The clause's shape (clause-shape.ts) reads them only together with what
// the clause says of the person ("she is bored" vs "she is holding …"), and reads "I"/"you" as person:
// an answer speaking of itself or to the reader.
const PERSON = '<person>';
const lengthBucket = (n: number) => (n <= 2 ? 'tiny' : n <= 5 ? 'short' : n <= 12 ? 'medium' : 'long');

// Deciding one clause reads its features up to three times (a firm hedge, P(descriptive), the reason given): the last
// clause's are kept.
let lastFacts: ClauseFacts | undefined;
let lastFeatures: string[] = [];

/** The sparse features of a clause: words, word pairs, openers, kind, length, grammatical shape and the word rules' verdict. */
export function clauseFeatures(facts: ClauseFacts): string[] {
  if (facts !== lastFacts) {
    lastFacts = facts;
    lastFeatures = readFeatures(facts);
  }
  return lastFeatures;
}

function readFeatures(facts: ClauseFacts): string[] {
  const text = cueText(facts.clause.text);
  const found = [...text.matchAll(WORD)];
  const plain = found.map(([w]) => (/^\p{N}/u.test(w) ? '<num>' : w));
  // Where cueText kept every character's place (all but "as shown on …"), the clause's own text says which words had a capital.
  const aligned = text.length === facts.clause.text.length;
  const capitalized = found.map((m) => aligned && /\p{Lu}/u.test(facts.clause.text[m.index] ?? ''));
  const words = plain.map((w) => (PERSONAL.has(w) ? PERSON : w));
  const features = new Set<string>([`kind:${facts.clause.kind}`, `len:${lengthBucket(words.length)}`]);
  // The shape counts twice where no word rule fired: what it says there is all the evidence there is,
  // while on a flagged clause it competes with the rule's own cue.
  for (const f of shapeFeatures(plain, /\?\s*$/u.test(text), capitalized)) {
    features.add(`g:${f}`);
    if (!facts.rule) features.add(`g0:${f}`);
  }
  const add = (feature: string) => feature.includes(PERSON) || features.add(feature);
  add(facts.rule ? `${facts.inherited ? 'inherited' : 'rule'}:${facts.rule}` : 'rule:none');
  add(`first:${words[0] ?? ''}`);
  if (words.length > 1) add(`first2:${words[0]} ${words[1]}`);
  words.forEach((w, i) => {
    add(`w:${w}`);
    // A crude stem joins a word's forms ("evoke", "evokes", "evoking"), so a form never seen in
    // training still counts what its siblings taught.
    const stem = w.length > 4 && w.replace(/(?:ing|ed|es|s|e)$/u, '');
    if (stem && stem !== w) add(`s:${stem}`);
    if (i > 0) add(`b:${words[i - 1]} ${w}`);
    // Word shape stands in for a part-of-speech tag: "-ing" activities, "-ly" manner, "-ed" states.
    const shape = /(?:ing|ly|ed)$/u.exec(w);
    if (shape) features.add(`shape:${shape[0]}`);
  });
  return [...features];
}

/** P(descriptive) of a clause under `weights` (the stored model by default). */
export function descriptiveProbability(facts: ClauseFacts, weights: ClauseModel = loaded()): number {
  let z = weights.bias;
  for (const f of clauseFeatures(facts)) z += weights.weights.get(featureHash(f)) ?? 0;
  return 1 / (1 + Math.exp(-z));
}

// What the classifier may not overrule: a taste or smell is never in a picture.
const FIRM: ReadonlySet<SetAsideReason> = new Set(['not visible']);

// "would be" is a condition or a suggestion ("a tip would be 18%", "these would be great"), not a hedge; nor is a
// modal on a doing ("they might be modifying the controllers", "she could be planning a trip"): a guess at what
// happens, which the classifier judges like any other clause (it keeps "the man might be holding a phone").
const HEDGED_BE = gated(String.raw`\b${MAYBE}(?: also)? be\b(?! \p{L}+ing\b)`, 'u');
// "Colour: red", also with the label in bold ("Lighting**: warm sunlight" once the leading "**" is trimmed).
const KEY_VALUE = /^[\p{L}][\p{L} ]{0,30}(?:\*\*|__)?:\s*\S/u;
// A heading or a name in title case ("Changing Font Size of All Text Elements", "Roger Ailes") labels what
// is shown: most of its longer words are capitalised, which a sentence about intent or the world never is.
function isTitleCase(text: string): boolean {
  const long = text.match(/\p{L}[\p{L}'’-]{3,}/gu) ?? [];
  return long.length >= 2 && long.filter((w) => /^\p{Lu}/u.test(w)).length >= 0.75 * long.length;
}
const STATE_OF_MIND = new Set(['g:pred:person+inner-state', 'g:pred:person+abstract-activity']);
// A person's doing ("they are camping") or a purpose ("to get some exercise").
const personOrPurpose = (text: string) => PERSONAL.has(text.match(WORD)?.[0] ?? '') || /^to \p{L}/u.test(text);

/** The decision the classifier may not change: a firm rule's reason, null for a firm keep, undefined otherwise. */
export function firmDecision(facts: ClauseFacts): SetAsideReason | null | undefined {
  if (facts.rule && (facts.inherited || FIRM.has(facts.rule))) return facts.rule;
  // The things a conclusion is drawn from ("the presence of plates and glasses") are named as seen.
  if (facts.clause.kind === 'evidence') return null;
  // What no word rule flagged and the caption itself frames as a description stays a claim: a hedge
  // ("it could be a cat") is checked and flagged, a "Key: value" line reads a property off the image, and a
  // title-case heading or name labels it.
  const text = cueText(facts.clause.text).trim();
  if (facts.rule) return undefined;
  // A hedged inner state ("he seems lost in the music", "she looks determined to score") is no hedged
  // description: the classifier judges it like any other.
  const hedged = (isHedged(text) || HEDGED_BE.test(text)) && !clauseFeatures(facts).some((f) => STATE_OF_MIND.has(f));
  // What a label or a sign says, reported without quotes, is read off the picture like a quotation.
  if (hedged || KEY_VALUE.test(text) || isTitleCase(facts.clause.text) || reportsText(facts.clause.text)) return null;
  return undefined;
}

/** The set-aside decision for one clause: firm rules stand; otherwise the classifier decides, keeping when unsure. */
export function judgeClause(facts: ClauseFacts): SetAsideReason | null {
  const firm = firmDecision(facts);
  if (firm !== undefined) return firm;
  const m = loaded();
  if (descriptiveProbability(facts, m) >= (facts.rule ? m.threshold : m.unflagged)) return null;
  // Where no word rule fired, a clause that opens on a verb and its object ("Press the red button twice", "Wait until
  // …") is a step or advice; a person's doing ("they are camping", "to get some exercise") is read as intent, anything
  // else as an inference from the picture.
  if (facts.rule) return facts.rule;
  if (clauseFeatures(facts).some((f) => f === 'g:open:imperative' || f === 'g:open:verb-first')) return 'advice';
  return personOrPurpose(cueText(facts.clause.text).trim()) ? 'inference about intent' : 'inference';
}
