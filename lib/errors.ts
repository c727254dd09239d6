import { z } from 'zod';

/** What went wrong, in terms a person can act on; the UI picks its fix from the kind. */
export const checkErrorKindSchema = z.enum([
  'not-configured',
  'auth',
  'model-not-found',
  'endpoint-not-found',
  'no-image-input',
  'rate-limited',
  'timeout',
  'network',
  'bad-output',
  'refused',
  'aborted',
  'server',
  'bad-request',
  'image',
  'caption',
  'page',
  'interrupted',
  'storage',
]);
export type CheckErrorKind = z.infer<typeof checkErrorKindSchema>;

export const checkErrorInfoSchema = z.object({
  kind: checkErrorKindSchema,
  message: z.string(),
  retryAfterMs: z.number().nullable().default(null),
});
export type CheckErrorInfo = z.infer<typeof checkErrorInfoSchema>;

/** The one error type the pipeline throws: a kind and a sentence that says what to do. */
export class CheckError extends Error {
  override readonly name = 'CheckError';
  constructor(
    readonly kind: CheckErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Plain data for storage and messages. */
  toInfo(): CheckErrorInfo {
    return { kind: this.kind, message: this.message, retryAfterMs: this.retryAfterMs };
  }
}
