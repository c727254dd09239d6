// store/chrome.md answers the Chrome Web Store's privacy form: one justification per permission of the
// built manifest, each requested API actually called in the source, and the ones it says are not
// requested absent from the manifest.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_DIR } from './extension';

/** Where the source calls each permission's API (a permission the code never uses has no business in the manifest). */
const USES: Record<string, RegExp> = {
  contextMenus: /\bcontextMenus\.(create|onClicked)/,
  activeTab: /\btabs\.captureVisibleTab\(|\bscripting\.executeScript\(/,
  scripting: /\bscripting\.executeScript\(/,
  storage: /\bstorage\.(local|session)\.(get|set|remove)\(/,
  declarativeNetRequestWithHostAccess: /\bdeclarativeNetRequest\b[\s\S]{0,400}updateSessionRules\(/,
  sidePanel: /\bsidePanel\b[\s\S]{0,400}setPanelBehavior/,
};
const NOT_REQUESTED = ['offscreen', 'alarms'];

function source(): string {
  return ['lib', 'entrypoints', 'components']
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => join(e.parentPath, e.name)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

describe('store/chrome.md', () => {
  const doc = readFileSync('store/chrome.md', 'utf8');
  const lines = new Map([...doc.matchAll(/^- `(\w+)` — (.+)$/gm)].map((m) => [m[1]!, m[2]!]));

  it('justifies every permission of the built manifest, and each is used by the code', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { permissions: string[]; optional_host_permissions?: string[] };
    const code = source();
    expect(manifest.permissions.length).toBeGreaterThan(4);
    for (const permission of manifest.permissions) {
      expect(lines.get(permission), permission).toBeDefined();
      expect(lines.get(permission), permission).not.toMatch(/^Not requested/);
      expect(USES[permission], `${permission}: add where the code uses it`).toBeDefined();
      expect(code, permission).toMatch(USES[permission]!);
    }
    for (const pattern of manifest.optional_host_permissions ?? []) expect(doc).toContain(`\`${pattern}\``);
    expect(doc).toMatch(/^## Single purpose\n\n\S/m);
  });

  it.each(NOT_REQUESTED)('says %s is not requested, and the manifest does not ask for it', async (permission) => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { permissions: string[] };
    expect(lines.get(permission)).toMatch(/^Not requested\./);
    expect(manifest.permissions).not.toContain(permission);
  });
});
