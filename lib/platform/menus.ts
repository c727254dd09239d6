import { browser, type Browser } from 'wxt/browser';
import { startCheck } from './check-runner';

/** Menu item ids: stable, tests and docs outside this repo name them. */
export const MENU_IDS = { checkImage: 'check-image' } as const;

/** Creates the menus; called on install/update only, after clearing, so ids never collide. */
export async function registerMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_IDS.checkImage, title: 'Check caption claims', contexts: ['image'] });
}

/** Routes a menu click to the capability it names. */
export function handleMenuClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void {
  if (tab?.id === undefined) return;
  if (info.menuItemId === MENU_IDS.checkImage && info.srcUrl)
    void startCheck({
      tabId: tab.id,
      frameId: info.frameId ?? 0,
      srcUrl: info.srcUrl,
      pageUrl: info.pageUrl ?? tab.url ?? '',
      ...(info.frameUrl ? { frameUrl: info.frameUrl } : {}),
    });
}
