// The context menu and the keyboard command: each item names one capability, and a click hands its
// tab and frame to it. The items themselves are created by lib/adapters/menus.ts.
import { asCheckError } from '../errors';
import { failedListing } from '../page-check-state';
import { sampleAt } from '../welcome';
import { checkImage } from './check-image';
import { listPageCheck } from './check-page';
import { checkSelection, pickAndCheck } from './pick';
import { MENU_IDS } from './menu-ids';
import type { Platform } from './ports';

export { MENU_IDS };

/** The keyboard command that opens the picker (pages that block the context menu). */
const PICK_COMMAND = 'pick-image';

/** What a menu click says (the fields of the browser's click data that a capability needs). */
export interface MenuClick {
  menuItemId: string | number;
  frameId?: number;
  srcUrl?: string;
  pageUrl?: string;
  frameUrl?: string;
}

/** Routes a menu click to the capability it names. */
export function handleMenuClick(platform: Platform, info: MenuClick, tab: { id?: number; url?: string } | undefined): void {
  if (tab?.id === undefined) return;
  const frame = { tabId: tab.id, frameId: info.frameId ?? 0 };
  if (info.menuItemId === MENU_IDS.pickImage) void pickAndCheck(platform, frame);
  if (info.menuItemId === MENU_IDS.checkSelection) void checkSelection(platform, frame);
  if (info.menuItemId === MENU_IDS.checkAltText) {
    // The list shows in the panel or popup; it opens now, in the click, and fills in once the page answers.
    platform.showResultsView(tab.id);
    // No button waits for the answer here: a listing that fails is saved with its reason, so the view says it.
    const tabId = tab.id;
    void listPageCheck(platform, tabId, 'alt').catch((error: unknown) =>
      platform.savePageCheck(failedListing(tabId, tab.url ?? info.pageUrl ?? '', 'alt', asCheckError(error).message, platform.now())).catch(() => {}),
    );
  }
  if (info.menuItemId === MENU_IDS.checkImage && info.srcUrl) {
    // On the welcome page (no page script runs there) a sample's caption is known: no chooser.
    const sample = sampleAt(info.srcUrl, platform.extensionBase());
    void checkImage(
      platform,
      { ...frame, srcUrl: info.srcUrl, pageUrl: info.pageUrl ?? tab.url ?? '', ...(info.frameUrl ? { frameUrl: info.frameUrl } : {}) },
      sample ? { caption: sample.caption } : {},
    );
  }
}

/** The keyboard command; like a menu click it grants activeTab. */
export function handleCommand(platform: Platform, command: string, tab: { id?: number } | undefined): void {
  if (command === PICK_COMMAND && tab?.id !== undefined) void pickAndCheck(platform, { tabId: tab.id, frameId: 0 });
}
