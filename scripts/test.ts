// `npm test`: the type check and the unit tests at once (the unit files spend much of their time waiting on
// their local servers), then the Chromium build and tests, then the Firefox tests; it stops after the first
// step that fails and ends with how long each step took. The type check runs before any `wxt build`, which
// rewrites the `.wxt/tsconfig.json` it reads.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
  /** Kept until the step ends, then printed whole (so it does not cut into the other step's lines). */
  quiet?: boolean;
}

/** Runs one step; resolves with its exit code and how long it took. */
function run(step: Step): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { stdio: step.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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
const stages: Step[][] = [
  [
    { name: 'typecheck', command: npmRun('typecheck'), quiet: true },
    { name: 'unit', command: npmRun('test:unit') },
  ],
  [{ name: 'browser', command: npmRun('test:browser') }],
  [{ name: 'firefox', command: npmRun('test:firefox') }],
];

const started = Date.now();
const times: string[] = [];
let failed: string[] = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map(run));
  stage.forEach((step, i) => times.push(`${step.name} ${Math.round(results[i]!.seconds)} s`));
  failed = stage.filter((_, i) => results[i]!.code !== 0).map((step) => step.name);
  if (failed.length) break;
}
const total = `${times.join(' · ')} · total ${Math.round((Date.now() - started) / 1000)} s`;
if (failed.length) {
  console.error(`npm test: ${failed.join(' and ')} failed (${total})`);
  process.exit(1);
}
console.log(`npm test: passed (${total})`);
