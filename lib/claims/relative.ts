import { FINITE, PREPOSITION, SUBJECT_PRONOUN, words, type Token } from './words.ts';

// "shelters that you would …"; not "it": "a sign that it rained" says what the sign means.
const RELATIVE_SUBJECT = new Set([...[...SUBJECT_PRONOUN].filter((w) => w !== 'it'), ...words('people someone anyone')]);

/** "a bowl that is used …", "shelters that you would …": a relative clause with no comma before it. */
export function restrictiveRelative(tokens: Token[], i: number): boolean {
  const w = tokens[i]!.word;
  if (w !== 'that' && w !== 'which' && w !== 'who') return false;
  const before = tokens[i - 1];
  const next = tokens[i + 1];
  // Its own verb right after, or (after "that" only) a subject of its own.
  if (!before?.isWord || !next || !(FINITE.has(next.word) || (w === 'that' && RELATIVE_SUBJECT.has(next.word)))) return false;
  // "so tired that he …", "such a mess that …": a result, not a relative.
  if (tokens.slice(Math.max(0, i - 4), i).some((t) => t.word === 'so' || t.word === 'such')) return false;
  return !FINITE.has(before.word) && !PREPOSITION.has(before.word) && !before.word.endsWith('ly');
}
