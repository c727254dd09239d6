// `npm run release`: the packages the stores accept, from the version in package.json.
//   type check → `wxt zip` (Chrome MV3) → `wxt zip -b firefox` (Firefox MV3 and the sources zip) →
//   each file with its size and SHA-256 → the sources zip rebuilt byte for byte (scripts/check-sources.ts)
//   → `wxt submit` to both stores.
// `npm run release -- --dry-run` does the same up to the submission, then lists what each store would
// receive and, for a store whose credentials are set, checks them with `wxt submit --dry-run`.
// Tests are not run here: CI runs them on every push.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { changelogProblems, missingEntryMessage, releaseEntry } from './release/changelog';
import { STORES, submitArgs, uploads, type Packages } from './release/submit';
import { checkSources } from './check-sources';

if (existsSync('.env.submit')) process.loadEnvFile('.env.submit'); // the maintainer's credentials, if kept there (git ignores it)

const dryRun = process.argv.includes('--dry-run');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--dry-run');
if (unknown.length > 0) fail(`Unknown option ${unknown.join(' ')}. Use: npm run release [-- --dry-run]`);

function fail(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

function step(title: string): void {
  console.log(`\n--- ${title}`);
}

/** Runs a command in the repository, its output shown; a failure ends the release with its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  try {
    execFileSync(command, args, { stdio: 'inherit', env });
  } catch (error) {
    fail(`${[command, ...args].join(' ')} failed (exit ${(error as { status?: number }).status ?? '?'}); nothing was submitted.`);
  }
}

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
const changelog = readFileSync('CHANGELOG.md', 'utf8');
const today = new Date().toISOString().slice(0, 10);

step(`Caption Check ${version}${dryRun ? ' (dry run: nothing is uploaded)' : ''}`);
const shape = changelogProblems(changelog);
if (shape.length > 0) fail(`CHANGELOG.md is not in the Keep a Changelog shape:\n  ${shape.join('\n  ')}`);
const entry = releaseEntry(changelog, version);
if (entry) console.log(`CHANGELOG.md: ${version} - ${entry.date}`);
else if (dryRun) console.log(`CHANGELOG.md: no entry for ${version} yet; a release would stop here:\n${missingEntryMessage(version, today)}`);
else fail(missingEntryMessage(version, today));

// A release build never carries the test builds' pre-granted origins (wxt.config.ts), and bundles
// production React whatever NODE_ENV the shell has.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
delete env.CAPTION_CHECK_TEST_GRANTED_ORIGINS;
const outDir = env.CAPTION_CHECK_OUT_DIR ?? '.output';

step('type check');
run('npx', ['tsc', '--noEmit'], env);
step('Chrome MV3 package');
run('npx', ['wxt', 'zip'], env);
step('Firefox MV3 package and its sources');
run('npx', ['wxt', 'zip', '-b', 'firefox'], env);

for (const target of ['chrome-mv3', 'firefox-mv3']) {
  const manifest = JSON.parse(readFileSync(join(outDir, target, 'manifest.json'), 'utf8')) as { version?: string; host_permissions?: string[] };
  if (manifest.version !== version) fail(`${target}/manifest.json says version ${manifest.version}, package.json ${version}.`);
  if ((manifest.host_permissions ?? []).length > 0) fail(`${target}/manifest.json grants host permissions (${manifest.host_permissions!.join(', ')}); a release grants none.`);
}

const packages: Packages = {
  chrome: join(outDir, `${name}-${version}-chrome.zip`),
  firefox: join(outDir, `${name}-${version}-firefox.zip`),
  sources: join(outDir, `${name}-${version}-sources.zip`),
};
step(`files (version ${version})`);
for (const file of Object.values(packages)) {
  const bytes = readFileSync(file);
  const sha = createHash('sha256').update(bytes).digest('hex');
  console.log(`${relative('.', file).padEnd(44)} ${String(statSync(file).size).padStart(9)} bytes  sha256 ${sha}`);
}

step('sources zip: a clean unpack builds the same Firefox package');
const sources = (() => {
  try {
    return checkSources(packages.sources, join(outDir, 'firefox-mv3'));
  } catch (error) {
    return fail(`The sources check could not run: ${(error as Error).message}`);
  }
})();
if (!sources.identical) fail(`The sources zip does not rebuild the Firefox package:\n  ${sources.differences.join('\n  ')}`);
console.log(`${sources.files} files byte-identical (${sources.commands.join(' && ')})`);

const plan = uploads(packages, env);
step(dryRun ? 'would upload' : 'upload');
for (const upload of plan) {
  const files = upload.files.map((file) => relative('.', file)).join(', ');
  const credentials = upload.missing.length === 0 ? 'credentials set' : `not set: ${upload.missing.join(', ')}`;
  console.log(`${STORES[upload.store].name}: ${files} (${credentials})`);
}
const ready = plan.filter((upload) => upload.missing.length === 0);
if (dryRun) {
  if (ready.length > 0) {
    step(`checking the credentials of ${ready.map((u) => STORES[u.store].name).join(' and ')} (wxt submit --dry-run)`);
    run('npx', submitArgs(ready, true), env);
  } else console.log('No store credentials are set, so none was checked (names in .env.submit.example).');
} else {
  const missing = plan.filter((upload) => upload.missing.length > 0);
  if (missing.length > 0) {
    fail(`Not submitted: set ${missing.flatMap((u) => u.missing).join(', ')} in the environment (see .env.submit.example and CONTRIBUTING.md). The packages above are built.`);
  }
  run('npx', submitArgs(plan, false), env);
}
