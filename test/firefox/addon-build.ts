// The Firefox add-on the Firefox files install, built once per run: by `npm test` before the Firefox step (beside
// the unit tests, scripts/test.ts), else by the project's setup (global-setup.ts). Light on purpose (no browser
// driver): scripts/test.ts imports it.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** The hosts of the test servers, any port (page-server.ts and the model server listen on 127.0.0.1, named localhost). */
export const TEST_GRANTED_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*'];

/** Names the folder of the add-on `npm test` built for this run (global-setup.ts then builds none). */
export const FIREFOX_ADDON_BUILT = 'CAPTION_CHECK_FIREFOX_ADDON_BUILT';

/**
 * How the add-on is built (`npx wxt build -b firefox` with `env` added) and the folder it lands in. Firefox has no
 * stand-in for Chrome's test-only `Extensions.triggerAction` (the toolbar click that grants activeTab), so this build
 * lists the test servers' origins as host permissions: the state after a user granted them. NODE_ENV is the one
 * vitest runs with, where the project's setup made this build before npm test did.
 */
export function firefoxAddonBuild(grantedOrigins: string[] = TEST_GRANTED_ORIGINS): { env: NodeJS.ProcessEnv; dir: string } {
  const out = `${process.env.CAPTION_CHECK_OUT_DIR ?? '.output'}-firefox-test`;
  return { env: { CAPTION_CHECK_OUT_DIR: out, CAPTION_CHECK_TEST_GRANTED_ORIGINS: grantedOrigins.join(','), NODE_ENV: 'test' }, dir: resolve(out, 'firefox-mv3') };
}

/** Builds the add-on into its own folder; returns the folder. */
export function buildFirefoxAddon(grantedOrigins: string[]): string {
  const build = firefoxAddonBuild(grantedOrigins);
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { env: { ...process.env, ...build.env }, stdio: 'ignore' });
  return build.dir;
}
