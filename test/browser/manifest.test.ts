// The footprint the user agrees to at install, read from the built packages (not the source):
// nothing runs in pages until asked, no host access, no permission that shows a warning; and the
// Firefox MV3 package passes Mozilla's addons-linter with no errors and no warnings.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wxtBuild } from './build';
import { EXTENSION_DIR } from './extension';

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

/** A shell's environment for a production build: vitest sets NODE_ENV=test, which would bundle React's development build. */
function buildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

const read = async (dir: string): Promise<Manifest> => JSON.parse(await readFile(resolve(dir, 'manifest.json'), 'utf8')) as Manifest;

let firefoxBuilt: Promise<string> | undefined;
/** The Firefox package, built once for the tests of this file that read it (a production build, as released). */
function firefoxPackage(): Promise<string> {
  firefoxBuilt ??= wxtBuild(['-b', 'firefox'], buildEnv()).then(() => resolve(process.env.CAPTION_CHECK_OUT_DIR ?? '.output', 'firefox-mv3'));
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

  it('Firefox: an MV3 package with a gecko id that addons-linter passes with 0 errors and 0 warnings', async () => {
    const dir = await firefoxPackage();
    const manifest = await read(dir);
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings?.gecko?.id).toBe('caption-check@caption-check.dev');
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    // Firefox MV3 has no service workers for extensions: WXT emits background scripts.
    expect(manifest.background).toHaveProperty('scripts');
    expect(manifest.sidebar_action?.default_panel).toBe('sidepanel.html');
    const linted = (() => {
      try {
        return execFileSync('npx', ['addons-linter', '--output', 'json', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch (error) {
        // addons-linter exits non-zero when it finds errors; its JSON report is still on stdout.
        return String((error as { stdout?: string }).stdout ?? '');
      }
    })();
    type Finding = { code: string; message: string; file?: string };
    const report = JSON.parse(linted) as { summary: { errors: number; warnings: number }; errors: Finding[]; warnings: Finding[] };
    expect(report.errors.map((e) => `${e.code}: ${e.message}`)).toEqual([]);
    expect(report.summary.errors).toBe(0);
    // No eval and no dynamic innerHTML in the bundles (build/hardening.ts), and the minimum Firefox
    // versions read data_collection_permissions.
    expect(report.warnings.map((w) => `${w.code} in ${w.file}: ${w.message}`)).toEqual([]);
    expect(report.summary.warnings).toBe(0);
    // A build plus a lint of ~1 MB of bundles: slower than a page test, still a fraction of the suite.
  }, 180_000);
});
