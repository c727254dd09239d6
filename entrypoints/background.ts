// First: marks when our code starts evaluating (scripts/bench.ts times start → ready).
import '@/lib/platform/boot-mark';
import { browser } from 'wxt/browser';
import { handleMenuClick, registerMenus } from '@/lib/platform/menus';
import { sweepAtStart } from '@/lib/platform/resume';
import { restoreLocalRule } from '@/lib/platform/local-endpoint';
import { pickAndCheck } from '@/lib/platform/pick';
import { handleMessage } from '@/lib/platform/router';
import { loadSettings } from '@/lib/platform/storage';

// Wiring only: every listener is registered synchronously at start so a woken worker gets its event.
export default defineBackground({
  type: 'module',
  main() {
    browser.runtime.onInstalled.addListener(() => void registerMenus());
    browser.contextMenus.onClicked.addListener(handleMenuClick);
    // The keyboard command (pages that block the context menu); like a menu click it grants activeTab.
    browser.commands.onCommand.addListener((command, tab) => {
      if (command === 'pick-image' && tab?.id !== undefined) void pickAndCheck({ tabId: tab.id, frameId: 0 });
    });
    browser.runtime.onMessage.addListener(handleMessage);
    // Checks left running by a stopped worker instance are marked interrupted (partial verdicts kept).
    void sweepAtStart();
    // Session rules are gone after a browser restart: the local endpoint's Origin rule comes back here.
    void restoreLocalRule(async () => (await loadSettings()).baseUrl);
    // Start-to-ready is a speed budget (scripts/bench.ts reads this mark).
    performance.mark('caption-check:ready');
  },
});
