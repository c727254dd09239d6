// Runs the real caption-check command the way a person or a script does, and makes the images it
// reads. Most tests run it in this process: captionCheck, the function the process entry calls, with
// the arguments, stdin, stdout, stderr, environment and folder passed in, against the model server
// over real HTTP, without paying a TypeScript start-up per run. What only a process shows (the bin
// entry, the exit code the shell sees, a signal) is run as a child process with spawnCli; the model
// server stays in the test process, so the child is spawned asynchronously.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach } from 'vitest';
import { captionCheck } from '../../lib/cli/caption-check';

/** Per-test time limit for tests that run the command against the model server (generous for a loaded machine). */
export const CLI_TIMEOUT_MS = 90_000;

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(REPO_ROOT, 'lib/cli/main.ts');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
}

export interface CliOptions extends RunOptions {
  /** Stops the run as Ctrl-C does (its stop signal is aborted) once this holds, checked every 20 ms. */
  interruptWhen?: () => boolean;
}

export interface SpawnOptions extends RunOptions {
  timeoutMs?: number;
  /** Called once the child is running (to interrupt it, for example). */
  onSpawn?: (child: ChildProcess) => void;
}

/**
 * True once a `--via openai-batch` run writing `out` has recorded a batch id in its state file: an interrupt
 * after that finds the batch to collect or cancel (one between the server creating it and the file naming it
 * would race the run).
 */
export function batchRecorded(out: string): boolean {
  try {
    return /"batchId":\s*"[^"]+"/.test(readFileSync(`${out}.batch.json`, 'utf8'));
  } catch {
    return false;
  }
}

/** The environment without the developer's own endpoint, so only what a test passes counts. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CAPTION_CHECK_MODEL', 'CAPTION_CHECK_DEBUG']) delete env[name];
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/** Runs still going when their test ends (a test that did not wait for its run) are stopped, and the test fails. */
const running = new Set<AbortController>();
afterEach(() => {
  if (!running.size) return;
  for (const controller of running) controller.abort();
  running.clear();
  throw new Error('A caption-check run was still going when its test ended; it was stopped.');
});

/** What a run could leave behind in this process: the environment, the folder, signal handlers. */
function processState() {
  return { env: { ...process.env }, cwd: process.cwd(), sigint: process.listenerCount('SIGINT'), sigterm: process.listenerCount('SIGTERM') };
}

/** What differs between two states, by name (no environment values, which may be secrets). */
function changes(before: ReturnType<typeof processState>, after: ReturnType<typeof processState>): string[] {
  const names = new Set([...Object.keys(before.env), ...Object.keys(after.env)]);
  const env = [...names].filter((name) => before.env[name] !== after.env[name]).map((name) => `env ${name}`);
  const rest = (['cwd', 'sigint', 'sigterm'] as const).filter((key) => before[key] !== after[key]).map((key) => `${key} ${before[key]} → ${after[key]}`);
  return [...env, ...rest];
}

/**
 * Runs `caption-check ...args` in this process, as main.ts does in its own: stdout and stderr are not a
 * terminal, stdin holds `input` then ends. Resolves with the exit code and output; fails when the run
 * wrote after it returned or changed the process's environment, folder or signal handlers.
 */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const before = processState();
  const controller = new AbortController();
  const output = { stdout: '', stderr: '', done: false, late: '' };
  const stream = (name: 'stdout' | 'stderr') => ({
    write(text: string) {
      if (output.done) output.late += text;
      else output[name] += text;
      return true;
    },
  });
  const ready = options.interruptWhen;
  const poll =
    ready &&
    setInterval(() => {
      if (!ready()) return;
      clearInterval(poll);
      controller.abort();
    }, 20);
  running.add(controller);
  try {
    const code = await captionCheck(args, {
      stdout: stream('stdout'),
      stderr: stream('stderr'),
      stdin: Readable.from(options.input ? [options.input] : []),
      env: cleanEnv(options.env),
      cwd: options.cwd ?? REPO_ROOT,
      signal: controller.signal,
    });
    return { code, signal: null, stdout: output.stdout, stderr: output.stderr };
  } finally {
    output.done = true;
    running.delete(controller);
    if (poll) clearInterval(poll);
    // Anything written a moment after the end would have reached a process's output but not this run's.
    await new Promise((resolve) => setImmediate(resolve));
    if (output.late) throw new Error(`caption-check wrote after it returned: ${output.late.slice(0, 200)}`);
    const changed = changes(before, processState());
    if (changed.length) throw new Error(`caption-check changed the process: ${changed.join(', ')}`);
  }
}

/** Runs `node --import tsx lib/cli/main.ts ...args` as a child process; resolves with its exit code or signal and output. */
export function spawnCli(args: readonly string[], options: SpawnOptions = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: cleanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? CLI_TIMEOUT_MS - 5_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
    options.onSpawn?.(child);
  });
}

/** Sends `signal` to the child once `ready()` holds, checked every 50 ms (from onSpawn). */
export function killWhen(child: ChildProcess, ready: () => boolean, signal: NodeJS.Signals): void {
  const timer = setInterval(() => {
    if (!ready()) return;
    clearInterval(timer);
    child.kill(signal);
  }, 50);
  child.on('close', () => clearInterval(timer));
}

/** The endpoint flags for a server. */
export function endpointArgs(baseUrl: string, model = 'test-vlm'): string[] {
  return ['--base-url', baseUrl, '--model', model];
}

/** A temporary folder for the file, removed after it. */
export function useTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caption-check-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real JPEG of the given size (solid color). */
export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A real PNG of the given size, fast to write even at 50 megapixels. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A tiny http server for images: `routes` maps a path to bytes; anything else is a 404. */
export async function startImageServer(routes: Record<string, { body: Buffer; type: string }>): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': route.type, 'content-length': route.body.byteLength }).end(route.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The lines of a JSONL text, parsed. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
