import { browser } from 'wxt/browser';
import { handleMenuClick, registerMenus } from '@/lib/platform/menus';
import { handleMessage } from '@/lib/platform/router';

// Wiring only: every listener is registered synchronously at start so a woken worker gets its event.
export default defineBackground({
  type: 'module',
  main() {
    browser.runtime.onInstalled.addListener(() => void registerMenus());
    browser.contextMenus.onClicked.addListener(handleMenuClick);
    browser.runtime.onMessage.addListener(handleMessage);
  },
});
