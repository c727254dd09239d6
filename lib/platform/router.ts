import { browser, type Browser } from 'wxt/browser';
import { messageSchema, type Message, type MessageResponse } from '../messages';
import { cancelCheck, startCheck } from './check-runner';
import { loadJob } from './storage';

type Handlers = { [T in Message['type']]: (message: Extract<Message, { type: T }>) => Promise<MessageResponse> };

/** One handler per message type; adding a message to lib/messages.ts without a handler fails the type check. */
const handlers: Handlers = {
  cancelCheck: async ({ tabId }) => ({ ok: cancelCheck(tabId) }),
  rerunCheck: async ({ tabId }) => {
    const job = await loadJob(tabId);
    if (!job) return { ok: false, error: 'There is no earlier check on this tab to run again.' };
    // The caption was settled the first time: a re-run does not ask again.
    void startCheck({ tabId, frameId: 0, srcUrl: job.imageUrl, pageUrl: job.pageUrl }, undefined, { caption: job.caption });
    return { ok: true };
  },
};

/**
 * Whether a message comes from one of our own extension pages (popup, options — also when opened
 * in a tab). Our page script runs in web pages with our extension id too, so the id alone is not
 * enough: the sender's URL must be inside the extension.
 */
export function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL('/'));
}

/** Validates a message and its sender (our own extension pages only), then runs its handler. */
export function handleMessage(raw: unknown, sender: Browser.runtime.MessageSender): Promise<MessageResponse> | undefined {
  if (!isOwnPage(sender)) return undefined;
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) return Promise.resolve({ ok: false, error: 'Unknown message.' });
  const message = parsed.data;
  return (handlers[message.type] as (m: Message) => Promise<MessageResponse>)(message);
}
