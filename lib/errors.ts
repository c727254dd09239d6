import { t } from './i18n';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** What went wrong, in terms a person can act on; the UI picks its fix from the kind. */
export const checkErrorKindSchema = lazySchema(() => z.enum([
  'not-configured',
  'auth',
  'model-not-found',
  'endpoint-not-found',
  'no-image-input',
  'rate-limited',
  'timeout',
  /** Nothing answered at the address (connection refused, or what a browser cannot tell apart from it). */
  'unreachable',
  'host-not-found',
  'tls',
  /** The server answered, but the browser withheld its answer from the extension (no CORS permission). */
  'blocked',
  /** A local server answered 403 to the extension's Origin (Ollama without OLLAMA_ORIGINS). */
  'origin-refused',
  /** A connection failure whose cause is not known. */
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
]));
export type CheckErrorKind = z.infer<typeof checkErrorKindSchema>;

export const checkErrorInfoSchema = lazySchema(() => z.object({
  kind: checkErrorKindSchema,
  message: z.string(),
  retryAfterMs: z.number().nullable().default(null),
}));
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

/** Longest part of an unexpected error's own text that a person is shown. */
const UNEXPECTED_DETAIL_CHARS = 300;

/**
 * Any thrown value as a CheckError: a CheckError stays as it is; anything else was not foreseen and
 * becomes a `server` failure that quotes its text (so the user has something to report).
 */
export function asCheckError(error: unknown): CheckError {
  if (error instanceof CheckError) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new CheckError('server', t('errUnexpected', text.slice(0, UNEXPECTED_DETAIL_CHARS)), null, { cause: error });
}
