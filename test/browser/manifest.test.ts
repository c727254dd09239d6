// The footprint the user agrees to at install, read from the built packages (not the source):
// nothing runs in pages until asked, no host access, no permission that shows a warning. Mozilla's
// addons-linter checks the same Firefox package (no errors, no warnings) as a step of `npm test` beside
// the unit tests (scripts/test.ts), and again on the release build in .ci/run.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wxtBuild } from './build';
import { EXTENSION_DIR } from './extension';
import { FIREFOX_PACKAGE_BUILT, firefoxPackageBuild } from './firefox-package';

/** Permissions Chrome installs without a warning (declarativeNetRequest itself would warn; WithHostAccess does not). */
const NO_WARNING = ['contextMenus', 'activeTab', 'scripting', 'storage', 'declarativeNetRequestWithHostAccess', 'offscreen', 'alarms', 'sidePanel'];

interface Manifest {
  manifest_version: number;
  version?: string;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: unknown[];
  commands?: Record<string, unknown>;
  browser_specific_settings?: { gecko?: { id?: string } };
  background?: Record<string, unknown>;
  side_panel?: { default_path?: string };
  sidebar_action?: { default_panel?: string };
}

const read = async (dir: string): Promise<Manifest> => JSON.parse(await readFile(resolve(dir, 'manifest.json'), 'utf8')) as Manifest;

let firefoxBuilt: Promise<string> | undefined;
/** The Firefox package (a production build, as released): the one `npm test` built, else built once for this file. */
function firefoxPackage(): Promise<string> {
  const built = process.env[FIREFOX_PACKAGE_BUILT];
  if (built && existsSync(resolve(built, 'manifest.json'))) return Promise.resolve(built);
  const { env, dir } = firefoxPackageBuild();
  firefoxBuilt ??= wxtBuild(['-b', 'firefox'], env).then(() => dir);
  return firefoxBuilt;
}

describe('install footprint', () => {
  it('Chrome: no host access, no content scripts, only permissions without a warning', async () => {
    const manifest = await read(EXTENSION_DIR);
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.permissions?.filter((p) => !NO_WARNING.includes(p))).toEqual([]);
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest.commands).toHaveProperty('pick-image');
    // The results panel that stays open: sidePanel is in the no-warning list above.
    expect(manifest.permissions).toContain('sidePanel');
    expect(manifest.side_panel?.default_path).toBe('sidepanel.html');
  });

  it('both packages carry the one version, the one in package.json', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await read(EXTENSION_DIR)).version).toBe(version);
    expect((await read(await firefoxPackage())).version).toBe(version);
  }, 180_000);

  it('Firefox: an MV3 package with a gecko id, no host access, no content scripts, background scripts and a sidebar', async () => {
    const dir = await firefoxPackage();
    const manifest = await read(dir);
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings?.gecko?.id).toBe('caption-check@caption-check.dev');
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    // Firefox MV3 has no service workers for extensions: WXT emits background scripts.
    expect(manifest.background).toHaveProperty('scripts');
    expect(manifest.sidebar_action?.default_panel).toBe('sidepanel.html');
  }, 180_000);
});
