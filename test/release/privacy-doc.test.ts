// PRIVACY.md's own promises: every test it names exists under that title, and the storage claims hold
// in the source (local and session areas only).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';

const privacy = readFileSync('PRIVACY.md', 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('PRIVACY.md', () => {
  const cited = [...privacy.matchAll(/`(test\/[^`]+\.test\.tsx?)` › “([^”]+)”/g)].map((m) => ({ file: m[1]!, title: m[2]! }));

  it('backs its statements with tests', () => {
    const rows = privacy.slice(privacy.indexOf('## What backs each statement')).split('\n').filter((line) => /^\| (?!Statement|---)/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(15);
    // Every row names a test.
    for (const row of rows) expect(row, row).toMatch(/`test\/[^`]+` › “[^”]+”/);
    expect(cited).toHaveLength(rows.length);
  });

  it('every test it names exists, under that title', () => {
    for (const { file, title } of cited) {
      const source = readFileSync(file, 'utf8').replace(/\\'/g, "'");
      // it('title', …) or it.each(…)('title', …)
      expect(source, `${file} › ${title}`).toMatch(new RegExp(`\\bit(?:\\.each\\([^)]*\\))?\\('${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`));
    }
  });

  it('names storage areas local and session only, and no code uses sync', () => {
    const areas = new Set(Object.values(STORAGE_KEYS).map((key) => key.slice(0, key.indexOf(':'))));
    expect([...areas].sort()).toEqual(['local', 'session']);
    const hits = ['lib', 'components', 'entrypoints']
      .flatMap(sourceFiles)
      .filter((file) => /storage\.sync|storage\.managed|['"]sync:/.test(readFileSync(file, 'utf8')));
    expect(hits).toEqual([]);
  });
});
