// Repository conventions that keep the extension safe: model and page text are rendered as text, and
// types are never switched off. Greps the source, so a new file is covered the day it is added.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['lib', 'components', 'entrypoints'];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : Promise.resolve(/\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

/** Lines of the source (comments included: an example in a comment gets copied) that match. */
async function offending(pattern: RegExp, roots: readonly string[] = ROOTS, except: readonly string[] = []): Promise<string[]> {
  const files = (await Promise.all(roots.map(sourceFiles))).flat().filter((file) => !except.includes(file));
  const hits: string[] = [];
  for (const file of files) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => pattern.test(line) && hits.push(`${file}:${i + 1}: ${line.trim()}`));
  }
  return hits;
}

describe('source conventions', () => {
  it('finds the source it checks', async () => {
    const files = (await Promise.all(ROOTS.map(sourceFiles))).flat();
    expect(files).toContain(join('lib', 'adapters', 'router.ts'));
    expect(files.some((f) => f.endsWith('.tsx'))).toBe(true);
  });

  it.each([
    ['innerHTML / outerHTML assignment or insertAdjacentHTML', /\.(inner|outer)HTML\b|insertAdjacentHTML|document\.write\(/],
    ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
    ['eval or new Function', /\beval\(|new Function\(/],
    ['`as any`', /\bas any\b/],
    ['`: any`', /:\s*any\b(?![-\w])/],
    ['`<any>`', /<any>/],
  ])('has no %s', async (_name, pattern) => {
    await expect(offending(pattern)).resolves.toEqual([]);
  });

  // React views and the verifier run in Node tests and the CLI: what they need from the browser is passed in.
  const BROWSER_API = /wxt\/browser|wxt\/utils\/storage|\bbrowser\.\w|\bchrome\.\w/;
  it.each(['components', join('lib', 'verify')])('%s is pure: no browser.*, chrome.* or wxt/browser', async (root) => {
    await expect(offending(BROWSER_API, [root])).resolves.toEqual([]);
  });

  // Every storage key is named in one file, so none is read or written past its schema.
  const STORAGE_KEY_LITERAL = /['"](local|session|sync):[A-Za-z]/;
  it('names storage keys only in lib/storage-keys.ts', async () => {
    await expect(offending(STORAGE_KEY_LITERAL, ROOTS, [join('lib', 'storage-keys.ts')])).resolves.toEqual([]);
  });

  // One way into storage: the items read through their schemas (storage.ts) and the light raw reads of the
  // start-up path (storage-area.ts); everything else asks them.
  const STORAGE_USE = /\b(?:browser|chrome)\.storage\b|['"]wxt\/utils\/storage['"]/;
  it('reaches browser storage only through lib/adapters/storage.ts and storage-area.ts', async () => {
    const ways = [join('lib', 'adapters', 'storage.ts'), join('lib', 'adapters', 'storage-area.ts')];
    const code = (await offending(STORAGE_USE)).filter((hit) => !/^\S+:\d+: (?:\/\/|\/?\*)/.test(hit));
    expect(code.filter((hit) => !ways.some((file) => hit.startsWith(`${file}:`)))).toEqual([]);
    expect(code.length).toBeGreaterThan(0);
  });

  // A file that passes ~300 lines is usually two files (house style): the extension's source and the scripts alike.
  const MAX_LINES = 300;
  /**
   * Scripts over the limit while their owners rework them; each leaves this list when it is split.
   * An entry that no longer exists or fits fails the test, so the list only shrinks.
   */
  const LONG_FOR_NOW: Record<string, string> = {
    [join('scripts', 'claim-example-categories.ts')]: 'the claim benchmark examples, being split by category in the claims work',
    [join('scripts', 'bench.ts')]: 'the speed bench, being rewritten in the speed work',
  };
  it(`has no source or script file over ${MAX_LINES} lines`, async () => {
    const files = (await Promise.all([...ROOTS, 'scripts'].map(sourceFiles))).flat();
    expect(files).toContain(join('scripts', 'train-claims.ts'));
    const long: string[] = [];
    for (const file of files) {
      const count = (await readFile(file, 'utf8')).split('\n').length;
      if (count > MAX_LINES && !(file in LONG_FOR_NOW)) long.push(`${file}: ${count} lines`);
    }
    expect(long).toEqual([]);
  });

  it.each(Object.keys(LONG_FOR_NOW))('%s is still over the limit (else remove it from LONG_FOR_NOW)', async (file) => {
    const count = (await readFile(file, 'utf8')).split('\n').length;
    expect(count).toBeGreaterThan(MAX_LINES);
  });

  it('the patterns catch what they are meant to', () => {
    for (const line of ["import { browser } from 'wxt/browser';", 'await browser.tabs.query({})', 'chrome.runtime.id', "import { storage } from 'wxt/utils/storage';"])
      expect(BROWSER_API.test(line), line).toBe(true);
    for (const line of ['it never touches `browser.*`', 'const browsers = 2;', 'a browser.', 'nochrome.x']) expect(BROWSER_API.test(line), line).toBe(false);
    expect(STORAGE_KEY_LITERAL.test("storage.defineItem('local:settings')")).toBe(true);
    expect(STORAGE_KEY_LITERAL.test('`session:${kind}:${tabId}`')).toBe(false);
    expect(/\.(inner|outer)HTML\b|insertAdjacentHTML|document\.write\(/.test('el.innerHTML = text')).toBe(true);
    expect(/:\s*any\b(?![-\w])/.test('function f(x: any) {}')).toBe(true);
    expect(/:\s*any\b(?![-\w])/.test("const a = { kind: anything }")).toBe(false);
    expect(/\bas any\b/.test('value as any')).toBe(true);
  });

  // The browser is reached through the adapters only: the worker's features (lib/features) get it as a
  // Platform, and the core runs in Node. Entrypoints are the shells that wire events to lib/.
  describe('browser APIs stay in the adapters', () => {
    const BROWSER_ALLOWED = [join('lib', 'adapters') + '/', 'entrypoints/'];
    const BROWSER_USE =
      /from\s+['"](?:wxt\/browser|webextension-polyfill)['"]|\b(?:browser|chrome)\.(?:runtime|tabs|storage|scripting|action|contextMenus|i18n|permissions|declarativeNetRequest|sidePanel|sidebarAction|commands|windows|downloads|webNavigation|offscreen|alarms)\b/;
    /** A line of code, not of a comment (a comment may name the API it keeps away from). */
    const isCode = (line: string) => !/^\s*(?:\/\/|\/?\*)/.test(line);

    it('no `browser.*` / `chrome.*` / `wxt/browser` outside lib/adapters/ and entrypoints/', async () => {
      const files = (await Promise.all(ROOTS.map(sourceFiles))).flat().filter((f) => !BROWSER_ALLOWED.some((dir) => f.startsWith(dir)));
      expect(files).toContain(join('lib', 'features', 'check-image.ts'));
      const hits: string[] = [];
      for (const file of files) {
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, i) => isCode(line) && BROWSER_USE.test(line) && hits.push(`${file}:${i + 1}: ${line.trim()}`));
      }
      expect(hits).toEqual([]);
    });

    it.each([
      ["import { browser } from 'wxt/browser';", true],
      ['import browser from "webextension-polyfill";', true],
      ['await browser.storage.session.get(key);', true],
      ['chrome.contextMenus.onClicked.dispatch(info, tab);', true],
      ['const tabs = await platform.loadJob(tabId);', false],
      ['// the real one over browser.tabs lives in lib/adapters', false],
    ])('the rule reads %j as browser use: %s', (line, expected) => {
      expect(isCode(line) && BROWSER_USE.test(line)).toBe(expected);
    });
  });
});
