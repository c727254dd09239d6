// The sources check's parts: the commands it takes from the build instructions, and the byte comparison.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_DOC, compareTrees, documentedCommands } from '../../scripts/check-sources';

const made: string[] = [];
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'caption-check-tree-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('sources check', () => {
  it('runs the commands of the build instructions shipped in the sources zip', () => {
    expect(documentedCommands(readFileSync(BUILD_DOC, 'utf8'))).toEqual(['npm ci', 'npx wxt build -b firefox']);
    expect(documentedCommands('x\n```sh\n# setup\nnpm ci   # exact versions\n\nnpm run build\n```\n')).toEqual(['npm ci', 'npm run build']);
    expect(() => documentedCommands('no block')).toThrow(/no ```sh block/);
  });

  it('finds a missing file, an extra file and one changed byte in a nested file', () => {
    const files = { 'manifest.json': '{}', 'chunks/a.js': 'let a=1' };
    expect(compareTrees(tree(files), tree(files))).toEqual([]);
    expect(compareTrees(tree(files), tree({ ...files, 'chunks/a.js': 'let a=2', 'extra.js': '' }))).toEqual(['only in the rebuild: extra.js', 'bytes differ: chunks/a.js']);
    expect(compareTrees(tree(files), tree({ 'manifest.json': '{}' }))).toEqual(['missing from the rebuild: chunks/a.js']);
  });
});
