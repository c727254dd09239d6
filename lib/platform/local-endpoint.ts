// A local model server (Ollama, LM Studio, vLLM, llama.cpp) without the user setting OLLAMA_ORIGINS:
// Ollama answers 403 to any request whose Origin is a browser extension. With the user's grant for
// that one origin, a session rule drops the Origin header on our own requests to it, and only those.
import { PermissionDeniedError } from 'openai';
import { browser } from 'wxt/browser';
import { CheckError } from '../errors';
import { isLocalEndpoint, originPattern } from './local-rule';

export { installLocalRule, isLocalEndpoint, LOCAL_RULE_ID, localRuleFor, originPattern, restoreLocalRule } from './local-rule';

/** Why we ask, in one sentence, for the Options page to show beside the browser's prompt. */
export const LOCAL_ACCESS_REASON =
  'Local model servers such as Ollama refuse requests from browser extensions; allowing Caption Check to reach this address lets it send them without the extension origin, so you need not set OLLAMA_ORIGINS.';

/**
 * Asks for the endpoint's host permission. Call it first thing in the Save click handler, before
 * any await: browsers grant the prompt only inside a user gesture. Resolves false when declined.
 */
export function requestLocalAccess(baseUrl: string): Promise<boolean> {
  if (!isLocalEndpoint(baseUrl)) return Promise.resolve(false);
  return browser.permissions.request({ origins: [originPattern(baseUrl)] }).catch(() => false);
}

/** Whether the user granted access to the endpoint's host. */
async function hasLocalAccess(baseUrl: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(baseUrl)] }).catch(() => false);
}

/**
 * For a local endpoint, turns "refused" (403) and "unreachable" (a CORS failure looks the same)
 * into the exact fix; other errors and remote endpoints pass through unchanged.
 */
export function explainLocalFailure(error: unknown, baseUrl: string, granted: boolean): unknown {
  if (!(error instanceof CheckError) || !isLocalEndpoint(baseUrl)) return error;
  const origin = new URL(baseUrl).origin;
  const fix = granted
    ? `start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* (LM Studio: enable CORS).`
    : `open Options and press Save, then allow access to ${origin} when the browser asks — or start Ollama with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*.`;
  if (error.kind === 'auth' && error.cause instanceof PermissionDeniedError)
    return new CheckError('auth', `The local model server at ${origin} refused this extension (403). To fix it, ${fix}`, null, { cause: error });
  if (error.kind === 'network')
    return new CheckError(
      'network',
      `Could not reach the local model server at ${origin}. Check that it is running; if it is, it may be refusing this extension: ${fix}`,
      null,
      { cause: error },
    );
  return error;
}

/** Wraps a model step so its failures against a local endpoint say exactly how to fix them. */
export function withLocalHint<A extends unknown[], R>(step: (...args: A) => Promise<R>, baseUrl: string): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await step(...args);
    } catch (error) {
      throw explainLocalFailure(error, baseUrl, isLocalEndpoint(baseUrl) && (await hasLocalAccess(baseUrl)));
    }
  };
}
