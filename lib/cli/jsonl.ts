// One JSON line read through its schema: the input lines of `batch` and `split`, a batch engine's output lines.
import type { z } from 'zod';

/**
 * Parses one JSONL line with `schema`; throws an Error whose message says what is wrong with it:
 * "not valid JSON", or what `describe` makes of the schema's issues.
 */
export function parseJsonLine<S extends z.ZodType>(text: string, schema: S, describe: (error: z.ZodError) => string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(describe(parsed.error));
  return parsed.data;
}
