import { browser } from 'wxt/browser';
import { MENU_IDS } from '../features/menu-click';
import { messagesReady, t } from './i18n';

export { MENU_IDS };

/** Creates the menus; called on install/update only, after clearing, so ids never collide. */
export async function registerMenus(): Promise<void> {
  await Promise.all([browser.contextMenus.removeAll(), messagesReady]);
  browser.contextMenus.create({ id: MENU_IDS.checkImage, title: t('menuCheckImage'), contexts: ['image'] });
  // For images right-click cannot reach (CSS backgrounds, overlays, canvas): the in-page picker.
  browser.contextMenus.create({ id: MENU_IDS.pickImage, title: t('menuPickImage'), contexts: ['page'] });
  // Text first, image second: the selection is the caption, then the picker.
  browser.contextMenus.create({ id: MENU_IDS.checkSelection, title: t('menuCheckSelection'), contexts: ['selection'] });
  // Accessibility review: every picture's alt text, checked against its own image.
  browser.contextMenus.create({ id: MENU_IDS.checkAltText, title: t('menuCheckAltText'), contexts: ['page'] });
}
