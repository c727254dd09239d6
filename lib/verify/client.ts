import { t } from '../i18n';
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from 'openai';
import { asCheckError, CheckError } from '../errors';
import { nodeNoAnswerCause, noAnswerError } from './connection-failure';

export interface EndpointConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface ClientOptions {
  timeoutMs?: number;
  maxRetries?: number;
  fetch?: typeof fetch;
}

/** An openai SDK client for any OpenAI-compatible endpoint; the key stays inside the caller's context. */
export function createClient(endpoint: EndpointConfig, options: ClientOptions = {}): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl.replace(/\/+$/, ''),
    // Local servers take no key, but the SDK insists on one.
    apiKey: endpoint.apiKey || 'no-key',
    dangerouslyAllowBrowser: true,
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: options.maxRetries ?? 2,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

function retryAfterMs(headers: Headers | undefined): number | null {
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Whether a 400-type answer is the endpoint saying it cannot take images (the only such case worth naming). */
export function mentionsImageInput(error: APIError): boolean {
  const text = `${error.message} ${JSON.stringify(error.error ?? '')}`.toLowerCase();
  return /image|vision|multimodal|image_url/.test(text);
}

/**
 * Maps anything the SDK throws to a CheckError by class (and, for a connection that got no answer, by
 * the `code` Node gives its cause), never by message text. `baseUrl` lets the message name the address.
 */
export function toCheckError(error: unknown, model: string, baseUrl: string | null = null): CheckError {
  if (error instanceof CheckError) return error;
  const cause = { cause: error };
  if (error instanceof APIUserAbortError) return new CheckError('aborted', t('errCancelled'), null, cause);
  if (error instanceof APIConnectionTimeoutError)
    return new CheckError('timeout', t('errTimeout'), null, cause);
  if (error instanceof APIConnectionError) {
    const noAnswer = nodeNoAnswerCause(error);
    if (noAnswer) return noAnswerError(noAnswer, baseUrl, cause);
    return new CheckError(
      'network',
      t('errNetwork'),
      null,
      cause,
    );
  }
  if (error instanceof AuthenticationError)
    return new CheckError('auth', t('errAuthKey'), null, cause);
  if (error instanceof PermissionDeniedError)
    return new CheckError(
      'auth',
      t('errAuthForbidden'),
      null,
      cause,
    );
  if (error instanceof NotFoundError && (error.code === 'model_not_found' || /model/i.test(error.message)))
    return new CheckError('model-not-found', t('errModelNotFound', model), null, cause);
  if (error instanceof NotFoundError)
    return new CheckError(
      'endpoint-not-found',
      t('errEndpointNotFound'),
      null,
      cause,
    );
  if (error instanceof RateLimitError)
    return new CheckError(
      'rate-limited',
      t('errRateLimited'),
      retryAfterMs(error.headers),
      cause,
    );
  if ((error instanceof BadRequestError || error instanceof UnprocessableEntityError) && mentionsImageInput(error))
    return new CheckError('no-image-input', t('errNoImageInput', model), null, cause);
  if (error instanceof BadRequestError || error instanceof UnprocessableEntityError)
    return new CheckError('bad-request', t('errBadRequest', error.message.slice(0, 200)), null, cause);
  if (error instanceof InternalServerError)
    return new CheckError('server', t('errServer5xx'), null, cause);
  if (error instanceof APIError)
    return new CheckError('server', t('errServerOther', error.message.slice(0, 200)), null, cause);
  if (error instanceof Error && error.name === 'AbortError')
    return new CheckError('aborted', t('errCancelled'), null, cause);
  return asCheckError(error);
}
