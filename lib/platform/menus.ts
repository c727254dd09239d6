import { browser, type Browser } from 'wxt/browser';
import { startCheck } from './check-runner';
import { listPageCheck } from './page-check';
import { checkSelectionAgainstImage, pickAndCheck } from './pick';
import { showResultsView } from './toolbar';
import { sampleAt } from '../welcome';

/** Menu item ids: stable, tests and docs outside this repo name them. */
export const MENU_IDS = { checkImage: 'check-image', pickImage: 'pick-image', checkSelection: 'check-selection', checkAltText: 'check-alt-text' } as const;

/** Creates the menus; called on install/update only, after clearing, so ids never collide. */
export async function registerMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_IDS.checkImage, title: 'Check caption claims', contexts: ['image'] });
  // For images right-click cannot reach (CSS backgrounds, overlays, canvas): the in-page picker.
  browser.contextMenus.create({ id: MENU_IDS.pickImage, title: 'Check an image on this page…', contexts: ['page'] });
  // Text first, image second: the selection is the caption, then the picker.
  browser.contextMenus.create({ id: MENU_IDS.checkSelection, title: 'Check this text against an image…', contexts: ['selection'] });
  // Accessibility review: every picture's alt text, checked against its own image.
  browser.contextMenus.create({ id: MENU_IDS.checkAltText, title: 'Check alt text on this page', contexts: ['page'] });
}

/** Routes a menu click to the capability it names. */
export function handleMenuClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void {
  if (tab?.id === undefined) return;
  const frame = { tabId: tab.id, frameId: info.frameId ?? 0 };
  if (info.menuItemId === MENU_IDS.pickImage) void pickAndCheck(frame);
  if (info.menuItemId === MENU_IDS.checkSelection) void checkSelectionAgainstImage(frame);
  if (info.menuItemId === MENU_IDS.checkAltText) {
    // The list shows in the panel or popup; it opens now, in the click, and fills in once the page answers.
    showResultsView(tab.id);
    void listPageCheck(tab.id, 'alt').catch((error: unknown) => console.warn('Caption Check: could not list the alt texts of this page', String(error)));
  }
  if (info.menuItemId === MENU_IDS.checkImage && info.srcUrl) {
    // On the welcome page (no page script runs there) a sample's caption is known: no chooser.
    const sample = sampleAt(info.srcUrl, browser.runtime.getURL('/'));
    void startCheck(
      {
        tabId: tab.id,
        frameId: info.frameId ?? 0,
        srcUrl: info.srcUrl,
        pageUrl: info.pageUrl ?? tab.url ?? '',
        ...(info.frameUrl ? { frameUrl: info.frameUrl } : {}),
      },
      undefined,
      sample ? { caption: sample.caption } : {},
    );
  }
}
