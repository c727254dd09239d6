// `npm test`: the unit tests, the builds the browser tests use, the type check, the browser tests (Chromium),
// Mozilla's linter on the Firefox package and the Firefox tests, each started as soon as what it needs is done,
// so that one step's waits are another's CPU time. It starts nothing more after a step fails, lets the running
// ones end, and ends with how long each step took. Every `wxt build` rewrites the `.wxt/tsconfig.json` the type
// check reads (it names the build's output folder), so the builds run one after the other, all of them before the
// type check and the browser step: npm test makes every build a browser file needs (the Firefox package; the granted
// build of local-endpoint.test.ts, a copy of the Chrome build with its origin in the manifest) and none is made while
// the type check runs.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { FIREFOX_PACKAGE_BUILT, firefoxPackageBuild } from '../test/browser/firefox-package.ts';
import { copyGrantedBuild, freePort, GRANTED_BUILT, GRANTED_PORT, grantedBuild, grantedOrigin } from '../test/browser/granted-build.ts';
import { FIREFOX_ADDON_BUILT, firefoxAddonBuild } from '../test/firefox/addon-build.ts';

interface Step {
  name: string;
  /** A command to start, or work done in this process (a copy). */
  command: string[] | (() => void);
  /** Steps that must have passed before this one starts. */
  after: string[];
  /** Printed live; every other step's output is kept until it ends, then printed whole (no cut lines). */
  live?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Runs one step; resolves with its exit code and how long it took. */
function run(step: Step): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const { command } = step;
  if (typeof command === 'function') {
    try {
      command();
      return Promise.resolve({ code: 0, seconds: (Date.now() - started) / 1000 });
    } catch (error) {
      process.stdout.write(`--- ${step.name}\n${(error as Error).message}\n`);
      return Promise.resolve({ code: 1, seconds: (Date.now() - started) / 1000 });
    }
  }
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'], ...(step.env ? { env: step.env } : {}) });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(`--- ${step.name}\n${output}`);
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const npmRun = (script: string) => ['npm', 'run', '--silent', script];
const firefoxAddon = firefoxAddonBuild();
const firefoxPackage = firefoxPackageBuild();
// The port local-endpoint.test.ts's model server will listen on, granted in its build (it builds again if taken).
const grantedPort = await freePort();
const granted = grantedBuild(grantedOrigin(grantedPort));
// Where `npx wxt build` puts the Chrome build (the browser tests' EXTENSION_DIR).
const chromeBuild = resolve(process.env.CAPTION_CHECK_OUT_DIR ?? '.output', 'chrome-mv3');
const steps: Step[] = [
  { name: 'unit', command: npmRun('test:unit'), after: [] },
  // `npm run test:browser` builds this first.
  { name: 'build', command: ['npx', 'wxt', 'build'], after: [] },
  // The Firefox package as released: the manifest test reads it, the linter checks it.
  { name: 'Firefox package', command: ['npx', 'wxt', 'build', '-b', 'firefox'], after: ['build'], env: firefoxPackage.env },
  // The add-on the Firefox files install (test/firefox/global-setup.ts then builds none).
  { name: 'Firefox build', command: ['npx', 'wxt', 'build', '-b', 'firefox'], after: ['Firefox package'], env: { ...process.env, ...firefoxAddon.env } },
  // The Chrome build with the granted origin in its manifest: a copy of the build above (nothing else differs).
  { name: 'granted build', command: () => void copyGrantedBuild(chromeBuild, grantedOrigin(grantedPort)), after: ['build'] },
  { name: 'typecheck', command: npmRun('typecheck'), after: ['Firefox build'] },
  // Mozilla's linter: no errors, no warnings (.ci/run lints the release build the same way).
  { name: 'Firefox lint', command: ['npx', 'addons-linter', '--warnings-as-errors', firefoxPackage.dir], after: ['Firefox package'] },
  // `npm run test:browser` without its build, made above.
  {
    name: 'browser',
    command: ['npx', 'vitest', 'run', '--project', 'browser'],
    after: ['Firefox build', 'granted build'],
    live: true,
    env: { ...process.env, [FIREFOX_PACKAGE_BUILT]: firefoxPackage.dir, [GRANTED_BUILT]: granted.dir, [GRANTED_PORT]: String(grantedPort) },
  },
  // After the unit tests, beside the Chromium tests: mostly waits on Firefox.
  { name: 'firefox', command: npmRun('test:firefox'), after: ['Firefox build', 'unit'], env: { ...process.env, [FIREFOX_ADDON_BUILT]: firefoxAddon.dir } },
];

const started = Date.now();
const times: string[] = [];
const passed = new Set<string>();
const failed: string[] = [];
const running = new Map<string, Promise<void>>();

/** Starts every step whose steps before it passed, unless a step failed; resolves when nothing runs. */
async function schedule(): Promise<void> {
  while (true) {
    if (!failed.length) {
      for (const step of steps) {
        if (running.has(step.name) || passed.has(step.name) || !step.after.every((name) => passed.has(name))) continue;
        running.set(
          step.name,
          run(step).then(({ code, seconds }) => {
            times.push(`${step.name} ${Math.round(seconds)} s`);
            if (code === 0) passed.add(step.name);
            else failed.push(step.name);
          }),
        );
      }
    }
    const active = [...running].filter(([name]) => !passed.has(name) && !failed.includes(name));
    if (!active.length) return;
    await Promise.race(active.map(([, done]) => done));
  }
}

await schedule();
const total = `${times.join(' · ')} · total ${Math.round((Date.now() - started) / 1000)} s`;
if (failed.length) {
  console.error(`npm test: ${failed.join(' and ')} failed (${total})`);
  process.exit(1);
}
console.log(`npm test: passed (${total})`);
