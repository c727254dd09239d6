import { z } from 'zod';
import { splitClauses, isFramingText, type Clause } from './clauses.ts';
import { isHedged, setAsideReason, type SetAsideReason } from './set-aside.ts';
import { splitSentences } from './sentences.ts';
import { spanSchema, type Span } from './span.ts';

export { spanSchema, type Span } from './span.ts';
export { splitSentences } from './sentences.ts';
export { capClaims, DEFAULT_MAX_CLAIMS } from './cap.ts';
export { SET_ASIDE_REASONS, type SetAsideReason } from './set-aside.ts';

export const claimSpanSchema = spanSchema.extend({ hedged: z.boolean() });
/** A checkable claim; `hedged` when the caption itself softens it ("appears to", "possibly"). */
export type ClaimSpan = z.infer<typeof claimSpanSchema>;

export const setAsideSchema = spanSchema.extend({ reason: z.string() });
/** A piece the image cannot confirm (mood, intent, world knowledge), kept visible but not checked. */
export type SetAside = z.infer<typeof setAsideSchema>;

export const splitResultSchema = z.object({ claims: z.array(claimSpanSchema), setAside: z.array(setAsideSchema) });
/** Claims and set-aside pieces, each in caption order; they never overlap. */
export type SplitResult = z.infer<typeof splitResultSchema>;

// Epistemic scope: in "the hats might protect them, keeping them dry" or "the meter indicates that
// parking is paid, and drivers are expected to pay", the add-on is only as certain as what it hangs on.
const SCOPING: ReadonlySet<SetAsideReason> = new Set(['inference', 'speculation', 'inference about intent']);

function inheritedReason(clause: Clause, previous: SetAsideReason | null): SetAsideReason | null {
  if (!previous) return null;
  if (clause.kind === 'participle' && /^\p{L}+ing\b/u.test(clause.text)) return previous;
  // ", possibly at a vintage store" narrows the clause it hangs on, so it shares its status.
  if (clause.kind === 'hedge') return previous;
  if (clause.kind === 'coordinate' && SCOPING.has(previous) && /^(?:and|or)\b/iu.test(clause.text)) return previous;
  return null;
}

// A coordinated clause is sent on its own, so the word that joined it ("and a dog runs…") only
// gets in the way of the claim; the span starts after it (the set-aside pieces keep theirs).
const LEADING_CONJUNCTION = /^(?:and|but|yet)\s+(?=\S)/iu;

function withoutLeadingConjunction(caption: string, piece: Span): Span {
  const match = LEADING_CONJUNCTION.exec(piece.text);
  if (!match) return piece;
  const start = piece.start + match[0].length;
  return { text: caption.slice(start, piece.end), start, end: piece.end };
}

/** The on-device split: the caption's checkable claims as spans, and what is set aside. */
export function splitCaption(caption: string): SplitResult {
  const result: SplitResult = { claims: [], setAside: [] };
  for (const sentence of splitSentences(caption)) {
    let previous: SetAsideReason | null = null;
    for (const clause of splitClauses(caption, sentence)) {
      // "In the image," and "Firstly," state nothing: they are left uncovered rather than checked.
      if (isFramingText(clause.text)) continue;
      const piece: Span = { text: clause.text, start: clause.start, end: clause.end };
      const reason: SetAsideReason | null = setAsideReason(clause.text, clause.kind) ?? inheritedReason(clause, previous);
      previous = reason;
      if (reason) result.setAside.push({ ...piece, reason });
      else result.claims.push({ ...withoutLeadingConjunction(caption, piece), hedged: isHedged(clause.text) });
    }
  }
  return result;
}
