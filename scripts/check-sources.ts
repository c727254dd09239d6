// The sources zip addons.mozilla.org asks for must build the very package it reviews: unpack it in an
// empty folder, run the build commands documented in it (store/firefox-sources.md, a ```sh block), and
// compare every file of the resulting .output/firefox-mv3 with the package's, byte for byte.
//   npx tsx scripts/check-sources.ts [sources.zip] [firefox-mv3 folder]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUnzip } from './system-packages';

/** Where the build instructions are, inside the sources zip. */
export const BUILD_DOC = 'store/firefox-sources.md';

/** The commands of the first ```sh block of the build instructions, one per line (comments dropped). */
export function documentedCommands(markdown: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error(`${BUILD_DOC} has no \`\`\`sh block with the build commands`);
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** Every file under `dir`, relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** How two folders differ: files only in one, files whose bytes differ (empty when identical). */
export function compareTrees(expected: string, actual: string): string[] {
  const a = filesUnder(expected);
  const b = filesUnder(actual);
  const differences = [
    ...a.filter((file) => !b.includes(file)).map((file) => `missing from the rebuild: ${file}`),
    ...b.filter((file) => !a.includes(file)).map((file) => `only in the rebuild: ${file}`),
  ];
  for (const file of a.filter((f) => b.includes(f))) {
    if (!readFileSync(join(expected, file)).equals(readFileSync(join(actual, file)))) differences.push(`bytes differ: ${file}`);
  }
  return differences;
}

export interface SourcesCheck {
  identical: boolean;
  files: number;
  commands: string[];
  differences: string[];
}

/** Unpacks `zip` in a new temporary folder, runs its documented build, and compares the result with `packageDir`. */
export function checkSources(zip: string, packageDir: string): SourcesCheck {
  const dir = mkdtempSync(join(tmpdir(), 'caption-check-sources-'));
  try {
    // Found, or installed on a fresh Debian machine run as root; otherwise one line says what to install.
    const unzip = ensureUnzip();
    try {
      execFileSync(unzip, ['-q', zip, '-d', dir], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`unzip could not unpack ${zip}: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
    const commands = documentedCommands(readFileSync(join(dir, BUILD_DOC), 'utf8'));
    // A reviewer's shell: none of this repository's build switches; npm may use its download cache.
    const env: NodeJS.ProcessEnv = { ...process.env, npm_config_prefer_offline: 'true' };
    for (const name of Object.keys(env)) if (name.startsWith('CAPTION_CHECK_') || name === 'NODE_ENV') delete env[name];
    for (const command of commands) {
      try {
        execFileSync('bash', ['-c', command], { cwd: dir, env, stdio: 'pipe' });
      } catch (error) {
        const output = String((error as { stderr?: Buffer }).stderr ?? '').trim().split('\n').slice(-20).join('\n');
        throw new Error(`"${command}" failed in the unpacked sources:\n${output}`);
      }
    }
    const differences = compareTrees(packageDir, join(dir, '.output', 'firefox-mv3'));
    return { identical: differences.length === 0, files: filesUnder(packageDir).length, commands, differences };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
  const outDir = process.env.CAPTION_CHECK_OUT_DIR ?? '.output';
  const zip = process.argv[2] ?? join(outDir, `${name}-${version}-sources.zip`);
  const packageDir = process.argv[3] ?? join(outDir, 'firefox-mv3');
  const result = checkSources(zip, packageDir);
  if (!result.identical) {
    console.error(`${zip} does not rebuild ${packageDir}:\n  ${result.differences.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${zip}: ${result.commands.join(' && ')} builds ${result.files} files byte-identical to ${packageDir}`);
}
