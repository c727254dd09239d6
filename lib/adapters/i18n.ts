import { browser } from 'wxt/browser';
import { localeFolders, setMessageLookup, t, tableLookup, uiDir, uiLocale, type MessageLookup } from '../i18n';

/**
 * The lookup over browser.i18n, for the worker, the engine and every extension page: importing this module
 * sets it for lib/ (lib/i18n.ts). A lookup that throws (a worker torn down mid-call) counts as missing,
 * so the English text is shown.
 */
const browserLookup: MessageLookup = (key, subs) => {
  try {
    return (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs);
  } catch {
    return '';
  }
};
setMessageLookup(browserLookup);

/**
 * Resolves once this context speaks the browser's language. Chromium, starting under load, can hand the
 * extension's process an empty message table: getMessage then answers "" for every key, in the worker and
 * every extension page of that process, for as long as it lives, and the UI would fall back to English.
 * Every locale names its "pluralLocale", so an empty answer there means the table is lost: the messages are
 * then read from the packaged _locales file of the browser's language. Extension pages render after this.
 */
export const messagesReady: Promise<void> = browserLookup('pluralLocale', []) ? Promise.resolve() : readPackagedMessages();

async function readPackagedMessages(): Promise<void> {
  let tag = '';
  try {
    // The worker's getUILanguage can answer en-US whatever the UI's language; its navigator.language follows the UI.
    tag = typeof document === 'undefined' ? (globalThis.navigator?.language ?? '') : browser.i18n.getUILanguage();
  } catch {
    // No language to read (outside a browser): English stays.
  }
  if (!tag) return;
  for (const folder of localeFolders(tag)) {
    try {
      const response = await fetch((browser.runtime.getURL as (path: string) => string)(`/_locales/${folder}/messages.json`));
      if (!response.ok) continue;
      setMessageLookup(tableLookup((await response.json()) as Record<string, { message?: unknown }>));
      return;
    } catch {
      // An unreadable file: the next folder, then the English the lookup falls back to.
    }
  }
}

export { t };

/** An extension page in the browser's language: its lang, and its direction ("rtl" in Arabic, from @@bidi_dir). */
export function applyPageLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = uiLocale();
  root.dir = uiDir();
}
