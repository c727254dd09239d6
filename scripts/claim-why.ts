/**
 * Why a unit of the tuning half was decided as it was (`npm run bench:claims -- --dev --why`): for each piece of the
 * split that overlaps it, set aside or kept, the path that decided it. A whole sentence set aside before any clause
 * split (a request, a question, advice or talk about the answer: request.ts, discourse.ts) has no clause of its own;
 * a clause shows the word rule that fired (or none), whether it inherited its status or a firm decision held it
 * (classifier.ts firmDecision), and P(descriptive) against the threshold that applied (1/3 where a rule fired, 1/8
 * where none did), as `clauseFacts` reads them (a relative clause narrowing a statement about the world set aside shows
 * no inherited reason there). Only the tuning half is ever passed here: the check half's mistakes are not listed.
 */
import { descriptiveProbability, firmDecision } from '../lib/claims/classifier.ts';
import { clauseFacts, splitCaption, type Span } from '../lib/claims/split.ts';
import stored from '../lib/claims/classifier-weights.json';
import type { Item, Unit } from './claim-sets.ts';

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
const short = (text: string) => text.replace(/\s+/gu, ' ').slice(0, 100);

/** One line per piece of the split overlapping `unit`: how it was decided. */
export function whyLines(item: Item, unit: Pick<Unit, 'start' | 'end'>): string[] {
  const { claims, setAside } = splitCaption(item.caption);
  const facts = clauseFacts(item.caption);
  const pieces: Array<Span & { reason?: string }> = [...setAside, ...claims].filter((p) => overlaps(p, unit)).sort((a, b) => a.start - b.start);
  return pieces.map((piece) => {
    const verdict = piece.reason ? `set aside (${piece.reason})` : 'kept';
    // A claim may join clauses ("a man who is wearing a hat") or be one item of a clause's list: its first clause, or
    // the clause it lies in.
    const clause = facts.find((f) => overlaps(f.clause, piece) && f.clause.start >= piece.start - 1 && f.clause.end <= piece.end + 1) ?? facts.find((f) => overlaps(f.clause, piece));
    if (!clause) return `    ${verdict}, whole sentence: ${short(piece.text)}`;
    const firm = firmDecision(clause);
    const rule = clause.rule ? `${clause.inherited ? 'inherited' : 'rule'} ${clause.rule}` : 'no rule';
    const p = descriptiveProbability(clause);
    const how = firm !== undefined ? `firm ${firm === null ? 'keep' : 'set aside'}` : `P ${p.toFixed(3)} against ${(clause.rule ? stored.threshold : stored.unflagged).toFixed(3)}`;
    return `    ${verdict}, ${rule}, ${how}: ${short(clause.clause.text)}`;
  });
}
