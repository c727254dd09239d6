// CHANGELOG.md in the Keep a Changelog shape (https://keepachangelog.com/en/1.1.0/): an "Unreleased"
// section first, then one section per release, newest first. A release needs its version's section.

/** A release heading: `## [1.2.3] - 2026-12-03`. */
const RELEASE = /^## \[(\d+\.\d+\.\d+(?:-[\w.]+)?)\] - (\d{4}-\d{2}-\d{2})$/;
const UNRELEASED = '## [Unreleased]';
/** The change types Keep a Changelog names, in its order. */
export const CHANGE_TYPES = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'] as const;

export interface ChangelogSection {
  /** 'Unreleased' or the version. */
  name: string;
  /** The release date (YYYY-MM-DD); none for Unreleased. */
  date?: string;
  /** The section's text below its heading, trimmed. */
  body: string;
  /** Line number (1-based) of the heading. */
  line: number;
}

/** The level-two sections of a changelog, in order; a heading of another shape is kept with its name as written. */
export function changelogSections(text: string): ChangelogSection[] {
  const lines = text.split('\n');
  const sections: ChangelogSection[] = [];
  let open: { section: ChangelogSection; from: number } | undefined;
  const close = (to: number): void => {
    if (open) open.section.body = lines.slice(open.from, to).join('\n').trim();
  };
  lines.forEach((line, i) => {
    if (!line.startsWith('## ')) return;
    close(i);
    const release = RELEASE.exec(line.trim());
    const name = line.trim() === UNRELEASED ? 'Unreleased' : (release?.[1] ?? line.slice(3).trim());
    open = { section: { name, date: release?.[2], body: '', line: i + 1 }, from: i + 1 };
    sections.push(open.section);
  });
  close(lines.length);
  return sections;
}

/** What is wrong with the changelog's shape, one line each (empty when nothing is). */
export function changelogProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.startsWith('# Changelog\n')) problems.push('CHANGELOG.md must start with "# Changelog".');
  const sections = changelogSections(text);
  if (sections[0]?.name !== 'Unreleased') problems.push(`The first section must be "${UNRELEASED}" (where changes wait for the next release).`);
  for (const section of sections) {
    if (section.name !== 'Unreleased' && !section.date) {
      problems.push(`Line ${section.line}: a release heading reads "## [x.y.z] - YYYY-MM-DD" (found "## ${section.name}").`);
    }
    for (const match of section.body.matchAll(/^### (.+)$/gm)) {
      const type = match[1]!.trim();
      if (!(CHANGE_TYPES as readonly string[]).includes(type)) problems.push(`Section ${section.name}: "### ${type}" is not one of ${CHANGE_TYPES.join(', ')}.`);
    }
  }
  const releases = sections.filter((s) => s.date);
  const seen = new Set<string>();
  for (const release of releases) {
    if (seen.has(release.name)) problems.push(`Version ${release.name} has two sections.`);
    seen.add(release.name);
  }
  for (let i = 1; i < releases.length; i++) {
    if (releases[i - 1]!.date! < releases[i]!.date!) problems.push(`Releases go newest first: ${releases[i - 1]!.name} is dated before ${releases[i]!.name}.`);
  }
  return problems;
}

/** The released section for `version`, if the changelog has one with some notes in it. */
export function releaseEntry(text: string, version: string): ChangelogSection | undefined {
  return changelogSections(text).find((s) => s.name === version && s.date && s.body.length > 0);
}

/** The message a release prints when `version` has no changelog entry: what is missing and what to do. */
export function missingEntryMessage(version: string, today: string): string {
  return [
    `CHANGELOG.md has no entry for version ${version} (package.json).`,
    `To release it: add "## [${version}] - ${today}" under "${UNRELEASED}", move the notes for this release below it,`,
    `keep "${UNRELEASED}" (empty) on top, and run the release again. To release another version, change "version"`,
    'in package.json first (it is the one version: the manifest takes it from there).',
  ].join('\n');
}
