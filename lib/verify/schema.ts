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

/**
 * The JSON schema of verdictListSchemaFor(`count`), written out: what zod's toJSONSchema makes of it without its
 * `$schema` line (test/verify/schema-format.test.ts compares the two for 1-40 claims). The request's response format
 * (lib/verify/request.ts) and the on-device model's constraint (builtin-session.ts) use it, so the engine carries no
 * zod-to-JSON-schema conversion and a woken worker runs none before its request.
 */
export function verdictListJsonSchema(count: number) {
  return {
    type: 'object',
    properties: {
      verdicts: {
        minItems: count,
        maxItems: count,
        type: 'array',
        items: {
          type: 'object',
          properties: {
            reasoning: { type: 'string' },
            label: { type: 'boolean' },
            error_type: { type: 'array', items: { type: 'string', enum: [...ERROR_TYPES] } },
          },
          required: ['reasoning', 'label', 'error_type'],
          additionalProperties: false,
        },
      },
    },
    required: ['verdicts'],
    additionalProperties: false,
  };
}

/** How a verdict's score was measured: the label token's probability, or agreement among k samples. */
export const scoreKindSchema = lazySchema(() => z.enum(['logprob', 'agreement']));
export type ScoreKind = z.infer<typeof scoreKindSchema>;
