import { createPageApi, PAGE_API_GLOBAL, type PageApi } from '@/lib/page/api';

// Injected on demand (scripting.executeScript files: ['/page.js']) into the frame the user acts on;
// registered nowhere in the manifest. Installing twice is harmless.
export default defineUnlistedScript(() => {
  const scope = globalThis as unknown as Record<string, PageApi | undefined>;
  scope[PAGE_API_GLOBAL] ??= createPageApi();
});
