import { browser } from 'wxt/browser';
import { createTranslate, type Translate } from '../i18n';

/**
 * The one translate function over browser.i18n, for the worker and every extension page. A lookup
 * that throws (a worker torn down mid-call) counts as missing, so the English text is shown.
 */
export const t: Translate = createTranslate((key, subs) => {
  try {
    return (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs);
  } catch {
    return '';
  }
});
