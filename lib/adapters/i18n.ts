import { browser } from 'wxt/browser';
import { setMessageLookup, t, uiDir, uiLocale } from '../i18n';

/**
 * The lookup over browser.i18n, for the worker, the engine and every extension page: importing this module
 * sets it for lib/ (lib/i18n.ts). A lookup that throws (a worker torn down mid-call) counts as missing,
 * so the English text is shown.
 */
setMessageLookup((key, subs) => {
  try {
    return (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs);
  } catch {
    return '';
  }
});

export { t };

/** An extension page in the browser's language: its lang, and its direction ("rtl" in Arabic, from @@bidi_dir). */
export function applyPageLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = uiLocale();
  root.dir = uiDir();
}
