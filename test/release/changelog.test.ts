// The changelog's shape and the release's refusal to run without an entry for its version.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changelogProblems, changelogSections, missingEntryMessage, releaseEntry } from '../../scripts/release/changelog';

const SHAPED = `# Changelog

Intro.

## [Unreleased]

### Added
- Next thing.

## [0.2.0] - 2026-12-03

### Fixed
- A fix.

## [0.1.0] - 2026-11-01

### Added
- First.
`;

describe('changelog', () => {
  it('reads the sections: Unreleased first, then releases with their dates', () => {
    expect(changelogSections(SHAPED).map((s) => [s.name, s.date])).toEqual([
      ['Unreleased', undefined],
      ['0.2.0', '2026-12-03'],
      ['0.1.0', '2026-11-01'],
    ]);
    expect(changelogProblems(SHAPED)).toEqual([]);
  });

  it("finds a version's entry, and none for a version without a section or with an empty one", () => {
    expect(releaseEntry(SHAPED, '0.2.0')?.body).toBe('### Fixed\n- A fix.');
    expect(releaseEntry(SHAPED, '0.3.0')).toBeUndefined();
    expect(releaseEntry(SHAPED.replace('### Fixed\n- A fix.\n', ''), '0.2.0')).toBeUndefined();
    // The notes waiting under Unreleased are not an entry for any version.
    expect(releaseEntry(SHAPED, 'Unreleased')).toBeUndefined();
  });

  it('names what breaks the Keep a Changelog shape', () => {
    expect(changelogProblems(SHAPED.replace('## [Unreleased]', '## Next'))).toEqual([
      'The first section must be "## [Unreleased]" (where changes wait for the next release).',
      'Line 5: a release heading reads "## [x.y.z] - YYYY-MM-DD" (found "## Next").',
    ]);
    expect(changelogProblems(SHAPED.replace('### Fixed', '### Improvements'))).toEqual([
      'Section 0.2.0: "### Improvements" is not one of Added, Changed, Deprecated, Removed, Fixed, Security.',
    ]);
    expect(changelogProblems(SHAPED.replace('2026-11-01', '2026-12-31'))).toEqual(['Releases go newest first: 0.2.0 is dated before 0.1.0.']);
  });

  it("the project's CHANGELOG.md has that shape", () => {
    expect(changelogProblems(readFileSync('CHANGELOG.md', 'utf8'))).toEqual([]);
  });
});

describe('npm run release', () => {
  it('refuses to run for a version without a changelog entry, before building anything, and says what to do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caption-check-release-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'caption-check', version: '9.9.9' }));
      copyFileSync('CHANGELOG.md', join(dir, 'CHANGELOG.md'));
      const tsx = resolve('node_modules/.bin/tsx');
      let failure: { status?: number; stderr?: string } = {};
      try {
        execFileSync(tsx, [resolve('scripts/release.ts')], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
      } catch (error) {
        failure = error as typeof failure;
      }
      expect(failure.status).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      expect(failure.stderr).toContain(missingEntryMessage('9.9.9', today));
      expect(failure.stderr).toContain('"## [9.9.9] - ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
