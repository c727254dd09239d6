// The Firefox project's run-wide setup: the add-on is built once for its files (a build takes seconds), with
// the test servers' hosts granted (firefox.ts, buildFirefoxAddon); each file reads its folder with inject().
import type { TestProject } from 'vitest/node';
import { buildFirefoxAddon, TEST_GRANTED_ORIGINS } from './firefox';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Firefox build the tests install (test/firefox/global-setup.ts). */
    firefoxAddonDir: string;
  }
}

export default function setup(project: TestProject): void {
  project.provide('firefoxAddonDir', buildFirefoxAddon(TEST_GRANTED_ORIGINS));
}
