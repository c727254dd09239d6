// A local model server (Ollama, LM Studio, vLLM, llama.cpp) without the user setting OLLAMA_ORIGINS:
// Ollama answers 403 to any request whose Origin is a browser extension. With the user's grant for
// that one origin, a session rule drops the Origin header on our own requests to it, and only those.
import { t } from '../i18n';
import { browser } from 'wxt/browser';
import { isLocalEndpoint, originPattern } from './local-rule';

export { installLocalRule, isLocalEndpoint, localRuleFor, originPattern } from './local-rule';

/** Why we ask, in one sentence, for the Options page to show beside the browser's prompt. */
export const localAccessReason = (): string => t('localAccessReason');

/**
 * Asks for the endpoint's host permission. Call it first thing in the Save click handler, before
 * any await: browsers grant the prompt only inside a user gesture. Resolves false when declined.
 */
export function requestLocalAccess(baseUrl: string): Promise<boolean> {
  if (!isLocalEndpoint(baseUrl)) return Promise.resolve(false);
  return browser.permissions.request({ origins: [originPattern(baseUrl)] }).catch(() => false);
}
