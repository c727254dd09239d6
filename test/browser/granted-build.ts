// The build test/browser/local-endpoint.test.ts checks a granted local endpoint with: the same code, its manifest
// holding the model server's origin (CAPTION_CHECK_TEST_GRANTED_ORIGINS, see wxt.config.ts), the state after a user
// granted it. `npm test` makes it before the browser step for a port it picked (scripts/test.ts: a copy of its Chrome
// build, copyGrantedBuild) and names both, so no build runs during the browser step; run alone, or where that port
// was taken, the test builds it itself for the port its server got. Light on purpose (no browser driver, no vitest):
// scripts/test.ts imports it.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** Names the folder of the build `npm test` made, and the port it grants (the test's model server listens there). */
export const GRANTED_BUILT = 'CAPTION_CHECK_GRANTED_BUILT';
export const GRANTED_PORT = 'CAPTION_CHECK_GRANTED_PORT';

/** The model server's origin on `port` (test/server/openai-server.ts listens on 127.0.0.1). */
export const grantedOrigin = (port: number) => `http://127.0.0.1:${port}`;

/** How the build for `origin` is made (`npx wxt build` with `env` added), and the folder of its Chrome package. */
export function grantedBuild(origin: string): { env: NodeJS.ProcessEnv; dir: string } {
  const out = `${process.env.CAPTION_CHECK_OUT_DIR ?? '.output'}-granted`;
  return { env: { CAPTION_CHECK_OUT_DIR: out, CAPTION_CHECK_TEST_GRANTED_ORIGINS: `${origin}/*` }, dir: resolve(out, 'chrome-mv3') };
}

/**
 * Makes the granted build from a finished Chrome build of the same sources instead of building again: the two
 * differ only in the manifest, where `wxt build` with CAPTION_CHECK_TEST_GRANTED_ORIGINS puts `host_permissions`
 * right after `optional_host_permissions` (wxt.config.ts). `npm test` does this; a second build costs about 4
 * CPU-seconds.
 */
export function copyGrantedBuild(chromeBuild: string, origin: string): string {
  const { dir } = grantedBuild(origin);
  rmSync(dir, { recursive: true, force: true });
  cpSync(chromeBuild, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(chromeBuild, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  const granted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'host_permissions') continue;
    granted[key] = value;
    if (key === 'optional_host_permissions') granted.host_permissions = [`${origin}/*`];
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(granted));
  return dir;
}

/** A port nothing listens on now (the system's pick), on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
