// The small arithmetic of training the clause classifier (scripts/train-claims.ts): a seeded generator, the
// logistic probability, and the fold a caption's clauses fall in.
import type { NamedModel as ClauseModel } from '../lib/claims/classifier.ts';

/** Mulberry32: a tiny seeded generator, so every run shuffles alike. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function probability(model: ClauseModel, features: readonly string[]): number {
  const z = features.reduce((sum, f) => sum + (model.weights[f] ?? 0), model.bias);
  return 1 / (1 + Math.exp(-z));
}

/** FNV-1a over the group and the repeat, to put a caption's clauses in one of `folds` folds of that repeat. */
export function foldOf(group: string, repeat: number, folds: number): number {
  let h = 0x811c9dc5 ^ repeat;
  for (let i = 0; i < group.length; i++) h = Math.imul(h ^ group.charCodeAt(i), 0x01000193) >>> 0;
  return h % folds;
}
