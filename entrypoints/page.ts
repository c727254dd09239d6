import { browser } from 'wxt/browser';
import { setMessageLookup } from '@/lib/i18n';
import { createPageApi, PAGE_API_SLOT, type PageApi } from '@/lib/page/api';
import { readSlot, writeSlot } from '@/lib/page/isolated-slot';
import { markStep } from '@/lib/step-marks';

// Injected on demand (scripting.executeScript files: ['/page.js']) into the frame the user acts on;
// registered nowhere in the manifest. Installing twice is harmless: the first API (and its state) stays.
export default defineUnlistedScript(() => {
  markStep('page:script');
  // The caption dialog and the picker speak the browser's language (lib/i18n.ts).
  setMessageLookup((key, subs) => (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs));
  if (!readSlot(PAGE_API_SLOT)) writeSlot(PAGE_API_SLOT, createPageApi() satisfies PageApi);
});
