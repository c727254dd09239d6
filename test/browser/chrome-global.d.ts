// Code passed to worker.evaluate runs in the extension's service worker, where `chrome` is the global.
import type { WxtBrowser } from 'wxt/browser';

declare global {
  const chrome: WxtBrowser & {
    contextMenus: WxtBrowser['contextMenus'] & {
      onClicked: WxtBrowser['contextMenus']['onClicked'] & { dispatch(info: unknown, tab: unknown): void };
    };
  };
}
