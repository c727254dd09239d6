// The one rule that lets a local model server (Ollama, LM Studio, vLLM) accept our requests without the
// user setting OLLAMA_ORIGINS: a session rule that drops the Origin header on our own requests to it.
// Light on purpose (browser APIs only): the service worker's start-up re-installs it without loading
// the check code.
import { browser } from 'wxt/browser';

/** Our one session rule; session rules do not survive a browser restart, so the worker re-installs it at start. */
export const LOCAL_RULE_ID = 4401;

/** The endpoint's host name as rules match it (an IPv6 address without its brackets). */
function endpointHost(baseUrl: string): string {
  return new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
}

/** Hosts that are this machine or the local network: such servers send no CORS headers and check Origin. */
export function isLocalEndpoint(baseUrl: string): boolean {
  let host: string;
  try {
    host = endpointHost(baseUrl);
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

/**
 * The host permission pattern for an endpoint: its own port only, where the browser's match patterns
 * take a port (Chrome). A grant for the whole host would let the extension read, with cookies, every
 * other server on it (a router's admin page, a dev server). Firefox's patterns cannot name a port, so
 * there the grant is for the host.
 */
export function originPattern(baseUrl: string, portsInPatterns = !import.meta.env.FIREFOX): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${portsInPatterns ? url.host : url.hostname}/*`;
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
      requestDomains: [endpointHost(baseUrl)],
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

/**
 * Re-installs the rule for a saved local endpoint when the worker starts. Session rules outlive a
 * stopped worker but not a browser restart, so only a missing rule is installed: most starts change
 * nothing (Options keeps the rule in step with the endpoint when it is saved).
 */
export async function restoreLocalRule(loadBaseUrl: () => Promise<string>): Promise<void> {
  const baseUrl = await loadBaseUrl();
  const dnr = browser.declarativeNetRequest;
  if (!baseUrl || !isLocalEndpoint(baseUrl) || !dnr?.getSessionRules) return;
  const host = endpointHost(baseUrl);
  const rules = await dnr.getSessionRules();
  if (rules.some((rule) => rule.id === LOCAL_RULE_ID && rule.condition.requestDomains?.includes(host))) return;
  await installLocalRule(baseUrl).catch(() => undefined);
}
