import { browser, type Browser } from 'wxt/browser';
import { messageSchema, type Message, type MessageResponse } from '@/lib/messages';
import { cancelCheck, startCheck } from '@/lib/platform/check-runner';
import { loadJob } from '@/lib/platform/storage';

export const MENU_CHECK_IMAGE = 'check-image';

export default defineBackground({
  type: 'module',
  main() {
    // Menus persist across worker restarts; create them only on install/update, after clearing,
    // so neither a restart nor an update can hit "duplicate id".
    browser.runtime.onInstalled.addListener(async () => {
      await browser.contextMenus.removeAll();
      browser.contextMenus.create({ id: MENU_CHECK_IMAGE, title: 'Check caption claims', contexts: ['image'] });
    });

    browser.contextMenus.onClicked.addListener((info, tab) => {
      if (info.menuItemId !== MENU_CHECK_IMAGE || tab?.id === undefined || !info.srcUrl) return;
      void startCheck({ tabId: tab.id, frameId: info.frameId ?? 0, srcUrl: info.srcUrl, pageUrl: info.pageUrl ?? tab.url ?? '' });
    });

    const handlers: { [T in Message['type']]: (message: Extract<Message, { type: T }>) => Promise<MessageResponse> } = {
      cancelCheck: async ({ tabId }) => ({ ok: cancelCheck(tabId) }),
      rerunCheck: async ({ tabId }) => {
        const job = await loadJob(tabId);
        if (!job) return { ok: false, error: 'There is no earlier check on this tab to run again.' };
        void startCheck({ tabId, frameId: 0, srcUrl: job.imageUrl, pageUrl: job.pageUrl });
        return { ok: true };
      },
    };

    browser.runtime.onMessage.addListener((raw: unknown, sender: Browser.runtime.MessageSender) => {
      // Only our own extension pages may drive the worker; content scripts and other extensions may not.
      if (sender.id !== browser.runtime.id || sender.tab) return undefined;
      const parsed = messageSchema.safeParse(raw);
      if (!parsed.success) return Promise.resolve<MessageResponse>({ ok: false, error: 'Unknown message.' });
      const message = parsed.data;
      return (handlers[message.type] as (m: Message) => Promise<MessageResponse>)(message);
    });
  },
});
