import { setMessageLookup } from '@/lib/i18n';
import type { ReadApi } from '@/lib/page/read-api';
import { readImage } from '@/lib/page/read-image';
import { gatherSelection } from '@/lib/page/selected-caption';
import { startReadScript } from '@/lib/page/read-start';
import { markStep } from '@/lib/step-marks';

// The image read and the selected caption on their own, injected on demand (scripting.executeScript
// files: ['/read.js']) like page.js: a few kB, so the image's decode starts at the click instead of after
// the whole page script has arrived and compiled, and a check with a selection needs page.js only for its
// marks, after the request (lib/adapters/page-calls.ts sends each method's script). Its result (the last
// expression of the built file) is the selected caption the worker's first call asked for.
interface I18n {
  getMessage(key: string, substitutions: string[]): string;
}

export default defineUnlistedScript(() => {
  markStep('page:read-script');
  // The browser's own i18n, not the polyfill (10 kB more to compile at every check): getMessage is synchronous in both browsers.
  const scope = globalThis as unknown as { browser?: { i18n?: I18n }; chrome?: { i18n?: I18n } };
  const i18n = scope.browser?.i18n ?? scope.chrome?.i18n;
  if (i18n) setMessageLookup((key, subs) => i18n.getMessage(key, subs));
  return startReadScript({ readImage, gatherSelection } satisfies ReadApi);
});
