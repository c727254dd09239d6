// The one line a person reads when a check fails in a terminal: the core's errors speak of
// Options, so the kinds whose fix is a flag are reworded here (by kind, never by message text).
import { CheckError } from '../errors';
import { hostOf } from '../report';
// Re-exported: the CLI's commands take every message helper from here.
export { asCheckError } from '../errors';
import { ENDPOINT_ENV, type Endpoint } from './args';

/** What to do about a failed check, phrased for the command line. */
export function cliMessage(error: CheckError, endpoint: Pick<Endpoint, 'baseUrl' | 'model'>): string {
  switch (error.kind) {
    case 'auth':
      return `The endpoint at ${endpoint.baseUrl} rejected the API key. Pass the right key with --api-key or ${ENDPOINT_ENV.apiKey}.`;
    case 'model-not-found':
      return `The endpoint does not know the model "${endpoint.model}". Pass another one with --model or ${ENDPOINT_ENV.model}.`;
    case 'no-image-input':
      return `The model "${endpoint.model}" does not accept images. Pass a vision model with --model.`;
    case 'unreachable':
      return `Nothing is listening at ${hostOf(endpoint.baseUrl) ?? endpoint.baseUrl} (the connection was refused). Start the model server, or pass the right address with --base-url (or ${ENDPOINT_ENV.baseUrl}).`;
    case 'host-not-found':
      return `The host name in ${endpoint.baseUrl} was not found. Check --base-url (or ${ENDPOINT_ENV.baseUrl}) for a typo.`;
    case 'network':
      return `Could not reach the model endpoint at ${endpoint.baseUrl}. Check --base-url (or ${ENDPOINT_ENV.baseUrl}) and that the server is running.`;
    case 'timeout':
      return 'The model did not answer in time. Retry, or pass a faster model with --model.';
    case 'bad-output':
      return 'The model answered, but with no verdict that could be read. Retry, or pass a stronger model with --model.';
    case 'aborted':
      return 'Cancelled.';
    default:
      return error.message;
  }
}

/** The stack of an error and its causes, for CAPTION_CHECK_DEBUG=1 (never shown otherwise). */
export function debugDetail(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 5; depth++) {
    parts.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return `${parts.join('\ncaused by: ')}\n`;
}

/** Failures that would repeat for every item: the batch stops at the first instead of writing thousands. */
export const ENDPOINT_FAILURES: ReadonlySet<CheckError['kind']> = new Set([
  'auth',
  'model-not-found',
  'no-image-input',
  'network',
  'unreachable',
  'host-not-found',
  'tls',
]);
