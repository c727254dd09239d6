// `npm test`: the type check and the unit tests at once (the unit files spend much of their time waiting on
// their local servers), and once the type check is done, beside the unit tests still running, the builds the
// browser tests use (the Chromium build `npm run test:browser` starts with, and the Firefox add-on the Firefox
// files install); then the Chromium tests, then the Firefox tests. It stops after the first step that fails and
// ends with how long each step took. The builds wait for the type check: a `wxt build` rewrites the
// `.wxt/tsconfig.json` it reads, and they go one after the other for the same reason.
import { spawn } from 'node:child_process';
import { FIREFOX_ADDON_BUILT, firefoxAddonBuild } from '../test/firefox/addon-build.ts';

interface Step {
  name: string;
  command: string[];
  /** Kept until the step ends, then printed whole (so it does not cut into the other step's lines). */
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Runs one step; resolves with its exit code and how long it took. */
function run(step: Step): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { stdio: step.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...(step.env ? { env: step.env } : {}) });
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
/** Each stage's chains run at once; the steps of a chain one after another, until one fails. */
const stages: Step[][][] = [
  [
    [
      { name: 'typecheck', command: npmRun('typecheck'), quiet: true },
      { name: 'build', command: ['npx', 'wxt', 'build'], quiet: true },
      { name: 'Firefox build', command: ['npx', 'wxt', 'build', '-b', 'firefox'], quiet: true, env: { ...process.env, ...firefoxAddon.env } },
    ],
    [{ name: 'unit', command: npmRun('test:unit') }],
  ],
  // `npm run test:browser` without its build, made above.
  [[{ name: 'browser', command: ['npx', 'vitest', 'run', '--project', 'browser'] }]],
  // The Firefox files install the add-on built above instead of building it again (test/firefox/global-setup.ts).
  [[{ name: 'firefox', command: npmRun('test:firefox'), env: { ...process.env, [FIREFOX_ADDON_BUILT]: firefoxAddon.dir } }]],
];

const started = Date.now();
const times: string[] = [];

/** Runs a chain's steps in turn; the name of the step that failed, if one did (it ends the chain). */
async function runChain(chain: Step[]): Promise<string[]> {
  for (const step of chain) {
    const { code, seconds } = await run(step);
    times.push(`${step.name} ${Math.round(seconds)} s`);
    if (code !== 0) return [step.name];
  }
  return [];
}

let failed: string[] = [];
for (const stage of stages) {
  failed = (await Promise.all(stage.map(runChain))).flat();
  if (failed.length) break;
}
const total = `${times.join(' · ')} · total ${Math.round((Date.now() - started) / 1000)} s`;
if (failed.length) {
  console.error(`npm test: ${failed.join(' and ')} failed (${total})`);
  process.exit(1);
}
console.log(`npm test: passed (${total})`);
