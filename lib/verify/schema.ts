import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

/** The five error categories of the seed prompt, in its spelling. */
export const ERROR_TYPES = ['Object', 'Attribute', 'Spatial', 'Interaction', 'Quantitative'] as const;
export const errorTypeSchema = lazySchema(() => z.enum(ERROR_TYPES));
export type ErrorType = z.infer<typeof errorTypeSchema>;

/** One verdict as the seed prompt asks for it. */
export const verdictSchema = lazySchema(() => z.object({
  reasoning: z.string(),
  label: z.boolean(),
  error_type: z.array(errorTypeSchema),
}));
export type Verdict = z.infer<typeof verdictSchema>;

/** The list schema for exactly `count` verdicts, so structured output cannot add or drop one (wrapped: strict structured output needs an object at the root). */
export function verdictListSchemaFor(count: number) {
  return z.object({ verdicts: z.array(verdictSchema).length(count) });
}

/** How a verdict's score was measured: the label token's probability, or agreement among k samples. */
export const scoreKindSchema = lazySchema(() => z.enum(['logprob', 'agreement']));
export type ScoreKind = z.infer<typeof scoreKindSchema>;
