import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../lib/claims');
// atomic.ts (model-assisted) is owned elsewhere and may talk to the SDK; the on-device files may not.
const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'atomic.ts');
const source = (f: string) => readFileSync(join(dir, f), 'utf8');

describe('lib/claims conventions', () => {
  it('has on-device files to check', () => {
    expect(files).toContain('split.ts');
  });

  it.each(files)('%s is pure: no browser, DOM or React', (f) => {
    expect(source(f)).not.toMatch(/\bbrowser\.|\bdocument\.|\bwindow\.|from ['"]react|from ['"]openai|wxt/);
  });

  it.each(files)('%s stays under 300 lines', (f) => {
    expect(source(f).split('\n').length).toBeLessThan(300);
  });

  it.each(files)('%s documents every exported function', (f) => {
    const undocumented = [...source(f).matchAll(/(^|\n)(?!\/\*\*)[^\n]*\n(export function \w+)/g)].map((m) => m[2]);
    expect(undocumented).toEqual([]);
  });
});
