// Failures of the Files and Batches endpoints in words a person can act on, mapped by the SDK's error
// classes and documented codes (never by message text).
import { APIError, AuthenticationError, BadRequestError, PermissionDeniedError, RateLimitError } from 'openai';
import { CheckError } from '../../errors';
import { toCheckError } from '../../verify/client';

const RESUME = 'Everything submitted so far is recorded; run the same command again to continue.';

/** A CheckError for a failed upload, create, retrieve, download or cancel (`what` names the step). */
export function batchApiError(error: unknown, what: string, model: string): CheckError {
  if (error instanceof RateLimitError) {
    const quota = error.code === 'insufficient_quota';
    return new CheckError(
      'rate-limited',
      quota
        ? `The account has no quota left (${what}): add credit or raise the limit. ${RESUME}`
        : `The API is rate limiting requests (${what}). Wait a while. ${RESUME}`,
      null,
      { cause: error },
    );
  }
  if (error instanceof APIError && error.status === 413)
    return new CheckError('bad-request', `The API refused the file as too large (${what}): pass a lower --max-file-requests. ${RESUME}`, null, { cause: error });
  if (error instanceof BadRequestError)
    return new CheckError('bad-request', `The API refused the request (${what}): ${error.message.slice(0, 300)}`, null, { cause: error });
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError)
    return new CheckError('auth', `The API rejected the key (${what}). Pass the right key with --api-key or OPENAI_API_KEY. ${RESUME}`, null, { cause: error });
  const mapped = toCheckError(error, model);
  if (mapped.kind === 'aborted') return mapped;
  return new CheckError(mapped.kind, `${mapped.message} (${what}) ${RESUME}`, mapped.retryAfterMs, { cause: error });
}

/** The errors a batch reports (validation errors name the line), as lines for the terminal. */
export function batchErrorLines(errors: { data?: { code?: string | null; message?: string | null; line?: number | null }[] } | null | undefined): string[] {
  return (errors?.data ?? []).map((e) => `${e.line ? `line ${e.line}: ` : ''}${e.code ?? 'error'}: ${(e.message ?? '').slice(0, 200)}`);
}
