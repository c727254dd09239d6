import { createPageApi, PAGE_API_SLOT, type PageApi } from '@/lib/page/api';
import { readSlot, writeSlot } from '@/lib/page/isolated-slot';

// Injected on demand (scripting.executeScript files: ['/page.js']) into the frame the user acts on;
// registered nowhere in the manifest. Installing twice is harmless: the first API (and its state) stays.
export default defineUnlistedScript(() => {
  if (!readSlot(PAGE_API_SLOT)) writeSlot(PAGE_API_SLOT, createPageApi() satisfies PageApi);
});
