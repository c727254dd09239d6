/**
 * The measured side of the batch benchmarks: `caption-check batch` run through its entry (`runBatch`) in a
 * child process of its own, so the peak RSS reported (`process.resourceUsage().maxRSS`) is the command's
 * alone, not that of the data generation in the parent.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the child reports: the command's exit code, its time and its peak RSS. */
export interface ChildRun {
  code: number;
  ms: number;
  maxRssKb: number;
}

const script = fileURLToPath(import.meta.url);

/** Runs `caption-check batch <argv>` in a child process and returns what it measured. */
export async function runBatchInChild(argv: readonly string[]): Promise<ChildRun> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(argv)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ChildRun;
}

// Run as the child: the command's own output goes to stdout before the one line of figures.
if (process.argv[1] === script) {
  const { runBatch } = await import('../lib/cli/batch-command');
  const argv = JSON.parse(process.argv[2]!) as string[];
  const started = performance.now();
  const code = await runBatch(argv, {
    stdout: process.stdout,
    stderr: { write: () => true },
    stdin: process.stdin,
    env: {},
    cwd: process.cwd(),
    signal: new AbortController().signal,
  });
  process.stdout.write(`${JSON.stringify({ code, ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS })}\n`);
  process.exit(0);
}
