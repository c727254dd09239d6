// Runs the real caption-check command as a child process, the way a person or a script does, and
// makes the images it reads. The model server stays in the test process, so the child is spawned
// asynchronously (a synchronous spawn would block the server from answering).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll } from 'vitest';

/** Per-test time limit for tests that start the command: each start compiles TypeScript, slow on a busy machine. */
export const CHILD_TIMEOUT_MS = 90_000;

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(REPO_ROOT, 'lib/cli/main.ts');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  timeoutMs?: number;
  /** Called once the child is running (to interrupt it, for example). */
  onSpawn?: (child: ChildProcess) => void;
}

/** The environment without the developer's own endpoint, so only what a test passes counts. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CAPTION_CHECK_MODEL', 'CAPTION_CHECK_DEBUG']) delete env[name];
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/** Runs `node --import tsx lib/cli/main.ts ...args`; resolves with its exit code and output. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
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
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? CHILD_TIMEOUT_MS - 5_000);
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
