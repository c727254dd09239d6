// The real cause of an endpoint failure as the extension sees it. In a browser every connection
// failure is one "Failed to fetch": a probe of the address tells "nothing answers there" from "it
// answered, but the browser withheld the answer" (no CORS permission for the extension), and only a
// 403 that actually came back from a local server is called an origin refusal.
import { t } from '../i18n';
import { APIConnectionTimeoutError, PermissionDeniedError } from 'openai';
import { browser } from 'wxt/browser';
import { CheckError } from '../errors';
import { diagnoseAddress } from '../verify/connection-failure';
import { isLocalEndpoint, originPattern } from './local-rule';

/** The server-side fix for a local server, as a clause ("start Ollama with OLLAMA_ORIGINS=… (LM Studio: enable CORS)"). */
const ollamaFix = () => t('fixOllamaOrigins', 'OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*');

export interface FailureContext {
  /** Whether the extension holds the endpoint's host permission (then CORS is not in the way). */
  granted: boolean;
  /** The fetch the probe uses (the worker's own). */
  fetch: typeof fetch;
  /** How long the probe waits for any answer (default PROBE_TIMEOUT_MS). */
  probeTimeoutMs?: number;
}

/** Ollama's refusal of an extension Origin: a 403 with an empty body, where a key refusal explains itself. */
function isOriginRefusal(error: CheckError, baseUrl: string): boolean {
  const answer = error.cause;
  return error.kind === 'auth' && answer instanceof PermissionDeniedError && answer.error == null && isLocalEndpoint(baseUrl);
}

/**
 * Turns a failure whose cause the browser hid into the cause it has, with its fix: an origin refusal
 * (403 from a local server), an address where nothing answers (probed, also after a timeout), or a
 * server that answers but not to this extension. Every other error passes through unchanged.
 */
export async function explainEndpointFailure(error: unknown, baseUrl: string, context: FailureContext): Promise<unknown> {
  if (!(error instanceof CheckError)) return error;
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return error;
  }
  if (isOriginRefusal(error, baseUrl)) {
    const fix = context.granted ? `${ollamaFix()}.` : t('fixGrantOrOllama', origin, ollamaFix());
    return new CheckError('origin-refused', t('errOriginRefused', origin, fix), null, { cause: error });
  }
  // A request that timed out: a slow model, unless nothing answers at the address at all.
  const timedOut = error.kind === 'timeout' && error.cause instanceof APIConnectionTimeoutError;
  if (error.kind !== 'network' && !timedOut) return error;
  const noAnswer = await diagnoseAddress(baseUrl, context.fetch, context.probeTimeoutMs);
  if (noAnswer) return new CheckError(noAnswer.kind, noAnswer.message, null, { cause: error });
  if (timedOut) return error;
  if (context.granted)
    // With the host permission CORS does not apply: the server took the connection and then broke it off.
    return new CheckError('network', t('errBrokeOff', origin), null, { cause: error });
  return new CheckError(
    'blocked',
    isLocalEndpoint(baseUrl) ? t('errBlockedLocal', origin, ollamaFix()) : t('errBlocked', origin),
    null,
    { cause: error },
  );
}

/** Wraps a model step so that its failures name their real cause (see explainEndpointFailure). */
export function withFailureCause<A extends unknown[], R>(step: (...args: A) => Promise<R>, baseUrl: string): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await step(...args);
    } catch (error) {
      throw await explainEndpointFailure(error, baseUrl, { granted: await hasEndpointAccess(baseUrl), fetch: (...a) => fetch(...a) });
    }
  };
}

/** Whether the user granted access to the endpoint's host. */
export async function hasEndpointAccess(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originPattern(baseUrl)] });
  } catch {
    return false;
  }
}
