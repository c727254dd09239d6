// The Firefox project's run-wide setup: the add-on is built once for its files (a build takes seconds), with
// the test servers' hosts granted (addon-build.ts); each file reads its folder with inject(). Under `npm test` it
// was built before this step, beside the unit tests (scripts/test.ts names its folder): it is not built again.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFirefoxAddon, FIREFOX_ADDON_BUILT, TEST_GRANTED_ORIGINS } from './addon-build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Firefox build the tests install (test/firefox/global-setup.ts). */
    firefoxAddonDir: string;
  }
}

export default function setup(project: TestProject): void {
  const built = process.env[FIREFOX_ADDON_BUILT];
  project.provide('firefoxAddonDir', built && existsSync(join(built, 'manifest.json')) ? built : buildFirefoxAddon(TEST_GRANTED_ORIGINS));
}
