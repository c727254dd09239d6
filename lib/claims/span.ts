import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

export const spanSchema = lazySchema(() => z.object({ text: z.string(), start: z.number().int(), end: z.number().int() }));
/** A piece of the caption: `caption.slice(start, end) === text`. */
export type Span = z.infer<typeof spanSchema>;
/** A claim as the split gives it; here, not in split.ts, so a check's record reads it without loading the splitter. */
export const claimSpanSchema = lazySchema(() => spanSchema.extend({ hedged: z.boolean() }));
/** A piece of the caption set aside, with its reason. */
export const setAsideSchema = lazySchema(() => spanSchema.extend({ reason: z.string() }));

/** How a clause hangs off its sentence; set-aside rules read relative clauses differently. */
export type ClauseKind = 'main' | 'coordinate' | 'relative' | 'participle' | 'subordinate' | 'hedge' | 'evidence';

/** A clause of a sentence, as a span of the caption. */
export interface Clause extends Span {
  kind: ClauseKind;
}

// Separators that belong to the seam between two pieces, never to a claim (terminal . ! ? stay).
const EDGE_PUNCTUATION = /[\s,;:\u2013\u2014\-、，；：]/u;

/** The span of `caption[start, end)` with surrounding whitespace removed, or null if nothing is left. */
export function trimSpan(caption: string, start: number, end: number): Span | null {
  while (start < end && /\s/u.test(caption[start]!)) start++;
  while (end > start && /\s/u.test(caption[end - 1]!)) end--;
  return end > start ? { text: caption.slice(start, end), start, end } : null;
}

/** Like `trimSpan`, but also drops the commas, semicolons and dashes a clause was cut at. */
export function trimPiece(caption: string, start: number, end: number): Span | null {
  while (start < end && EDGE_PUNCTUATION.test(caption[start]!)) start++;
  while (end > start && EDGE_PUNCTUATION.test(caption[end - 1]!)) end--;
  if (!/[\p{L}\p{N}]/u.test(caption.slice(start, end))) return null;
  return trimSpan(caption, start, end);
}
