import { z } from 'zod';

/** The five error categories of the seed prompt, in its spelling. */
export const ERROR_TYPES = ['Object', 'Attribute', 'Spatial', 'Interaction', 'Quantitative'] as const;
export const errorTypeSchema = z.enum(ERROR_TYPES);
export type ErrorType = z.infer<typeof errorTypeSchema>;

/** One verdict as the seed prompt asks for it. */
export const verdictSchema = z.object({
  reasoning: z.string(),
  label: z.boolean(),
  error_type: z.array(errorTypeSchema),
});
export type Verdict = z.infer<typeof verdictSchema>;

/** Strict structured output needs an object at the root, so the list is wrapped. */
export const verdictListSchema = z.object({ verdicts: z.array(verdictSchema) });

/** The list schema for exactly `count` verdicts, so structured output cannot add or drop one. */
export function verdictListSchemaFor(count: number) {
  return z.object({ verdicts: z.array(verdictSchema).length(count) });
}

/** How a verdict's score was measured: the label token's probability, or agreement among k samples. */
export const scoreKindSchema = z.enum(['logprob', 'agreement']);
export type ScoreKind = z.infer<typeof scoreKindSchema>;
