// The engine's own copy of lib/ speaks the browser's language (its errors, notes and reports).
import '@/lib/adapters/i18n';
import { ENGINE_GLOBAL, type Engine } from '@/lib/adapters/engine-api';
import { createEngine } from '@/lib/adapters/engine';

// Loaded by the service worker on the first event that needs it (lib/adapters/engine-api.ts);
// registered nowhere in the manifest for Chrome. Loading twice is harmless.
export default defineUnlistedScript(() => {
  const scope = globalThis as unknown as Record<string, Engine | undefined>;
  scope[ENGINE_GLOBAL] ??= createEngine();
});
