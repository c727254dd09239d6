// A local model server (Ollama, LM Studio, vLLM, llama.cpp) without the user setting OLLAMA_ORIGINS:
// Ollama answers 403 to any request whose Origin is a browser extension. With the user's grant for
// that one origin, a session rule drops the Origin header on our own requests to it, and only those.
import { PermissionDeniedError } from 'openai';
import { browser } from 'wxt/browser';
import { CheckError } from '../errors';

/** Our one session rule; session rules do not survive a browser restart, so the worker re-installs it at start. */
export const LOCAL_RULE_ID = 4401;

/** Hosts that are this machine or the local network: such servers send no CORS headers and check Origin. */
export function isLocalEndpoint(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^[a-z0-9-]+$/i.test(host) // a single-label name on the LAN ("gpu-box")
  );
}

/** The host permission pattern for an endpoint (any port of its host, as Chrome and Firefox match them). */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

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

/** The rule: our own requests (initiator = this extension) to the endpoint's host go out without an Origin header. */
export function localRuleFor(baseUrl: string, extensionHost: string) {
  return {
    id: LOCAL_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders' as const,
      requestHeaders: [{ header: 'origin', operation: 'remove' as const }],
    },
    condition: {
      requestDomains: [new URL(baseUrl).hostname.replace(/^\[|\]$/g, '')],
      initiatorDomains: [extensionHost],
      resourceTypes: ['xmlhttprequest' as const, 'other' as const],
    },
  };
}

/**
 * Installs (or removes, for a non-local endpoint) the session rule for the saved endpoint. The
 * rule acts only where the user granted the host permission (declarativeNetRequestWithHostAccess).
 */
export async function installLocalRule(baseUrl: string): Promise<void> {
  const dnr = browser.declarativeNetRequest;
  if (!dnr?.updateSessionRules) return;
  // Our requests' initiator is our own origin host: the id in Chrome, an internal UUID in Firefox.
  const extensionHost = new URL(browser.runtime.getURL('/')).host;
  await dnr.updateSessionRules({
    removeRuleIds: [LOCAL_RULE_ID],
    addRules: isLocalEndpoint(baseUrl) ? [localRuleFor(baseUrl, extensionHost)] : [],
  });
}

/** Whether the user granted access to the endpoint's host. */
export async function hasLocalAccess(baseUrl: string): Promise<boolean> {
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

/** Re-installs the rule for the saved endpoint when the worker starts (session rules are gone after a restart). */
export async function restoreLocalRule(loadBaseUrl: () => Promise<string>): Promise<void> {
  const baseUrl = await loadBaseUrl();
  if (baseUrl) await installLocalRule(baseUrl).catch(() => undefined);
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
