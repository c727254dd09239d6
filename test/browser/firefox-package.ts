// The Firefox package as released (a production build), which test/browser/manifest.test.ts reads and addons-linter
// checks. `npm test` builds it once before the browser step (scripts/test.ts) and names its folder; run alone, the
// manifest test builds it itself. Light on purpose (no browser driver, no vitest): scripts/test.ts imports it.
import { resolve } from 'node:path';

/** Names the folder of the Firefox package `npm test` built for this run (the manifest test then builds none). */
export const FIREFOX_PACKAGE_BUILT = 'CAPTION_CHECK_FIREFOX_PACKAGE_BUILT';

/**
 * The environment of its `npx wxt build -b firefox` (vitest sets NODE_ENV=test, which would bundle React's
 * development build) and the folder it lands in.
 */
export function firefoxPackageBuild(base: NodeJS.ProcessEnv = process.env): { env: NodeJS.ProcessEnv; dir: string } {
  const env = { ...base };
  delete env.NODE_ENV;
  return { env, dir: resolve(base.CAPTION_CHECK_OUT_DIR ?? '.output', 'firefox-mv3') };
}
