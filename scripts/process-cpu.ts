/**
 * CPU time spent by the browser the bench started, per kind of process, between two moments (Linux: read
 * from /proc, each thread's schedstat in ns). A span on one core lasts at least the CPU time every process
 * spends in it, so this says what a check costs beside its limit whatever else runs on the machine: the
 * wall-clock span moves with the load of other users, the CPU each process spends for the check much less.
 * Elsewhere (no /proc) every reading is empty.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../test/browser/find-chromium.ts';

/** CPU ms per process kind (browser, page, extension, gpu, network, other). */
export type CpuByKind = Record<string, number>;

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null;
  }
};

/** The kind of a Chromium process by its command line; null when it is not one. */
function kindOf(cmdline: string): string | null {
  if (!/chrom/i.test(cmdline.split('\0')[0] ?? '')) return null;
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
  if (!type) return 'browser';
  if (type === 'renderer') return cmdline.includes('--extension-process') ? 'extension' : 'page';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'utility') return /NetworkService/.test(cmdline) ? 'network' : 'other';
  return 'other';
}

/**
 * A reading: every process below this Node process that is the browser's, its CPU ns so far. `byThread`: each of
 * their threads instead, its kind the process's and the thread's name ("page:chromium", "extension:ServiceWorker t").
 */
export function readCpu(byThread = false): Map<string, { kind: string; ns: number }> {
  const parent = new Map<string, string>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return new Map();
  }
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat) parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '');
  }
  const ours = (pid: string) => {
    for (let at: string | undefined = pid, depth = 0; at && depth < 32; at = parent.get(at), depth++) if (at === String(process.pid)) return true;
    return false;
  };
  const reading = new Map<string, { kind: string; ns: number }>();
  for (const pid of pids.filter(ours)) {
    const kind = kindOf(read(`/proc/${pid}/cmdline`) ?? '');
    if (!kind) continue;
    let ns = 0;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      const spent = Number(read(`/proc/${pid}/task/${task}/schedstat`)?.split(' ')[0] ?? 0) || 0;
      if (byThread) reading.set(`${pid}/${task}`, { kind: `${kind}:${(read(`/proc/${pid}/task/${task}/comm`) ?? '').trim()}`, ns: spent });
      ns += spent;
    }
    if (!byThread) reading.set(pid, { kind, ns });
  }
  return reading;
}

/** CPU ms each kind of process (or thread) spent from `before` to `after` (one born between counts from zero). */
export function cpuBetween(before: ReturnType<typeof readCpu>, after: ReturnType<typeof readCpu>): CpuByKind {
  const spent: CpuByKind = {};
  for (const [pid, { kind, ns }] of after) spent[kind] = (spent[kind] ?? 0) + (ns - (before.get(pid)?.ns ?? 0)) / 1e6;
  return spent;
}

/** "142 ms (page 88, browser 30, …)": the medians over runs of the total and of each kind, largest first. */
export function cpuLine(runs: CpuByKind[]): string {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  if (!runs.length || runs.every((run) => !Object.keys(run).length)) return 'not measured (no /proc)';
  const kinds = [...new Set(runs.flatMap((run) => Object.keys(run)))];
  const parts = kinds.map((kind) => [kind, median(runs.map((run) => run[kind] ?? 0))] as const).sort((a, b) => b[1] - a[1]);
  const total = median(runs.map((run) => Object.values(run).reduce((sum, ms) => sum + ms, 0)));
  return `${total.toFixed(0)} ms (${parts.filter(([, ms]) => ms >= 0.5).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`).join(', ')})`;
}

/** A script that starts the Chromium the tests find on one CPU core (its child processes inherit the mask). */
export function oneCoreChromium(): string {
  const script = join(tmpdir(), 'caption-check-chromium-one-core.sh');
  writeFileSync(script, `#!/bin/sh\nexec taskset -c 0 ${JSON.stringify(findChromium())} "$@"\n`, { mode: 0o755 });
  return script;
}

/**
 * Waits until the browser's processes are idle: under `quietMs` of CPU, all kinds together, in a window of
 * `windowMs` (at most `maxMs` in all; then it goes on regardless). Opening a page leaves the browser busy for a
 * while (measured: ~24 ms of the browser process and ~8 ms of the GPU process's CPU in the 100 ms after the
 * picture was painted and the caption selected, 1 ms after 1.5 s), work no check and no limit causes. Returns
 * how long it waited, ms. Without /proc it returns at once.
 */
export async function untilIdle({ quietMs = 3, windowMs = 100, maxMs = 5_000 } = {}): Promise<number> {
  const start = Date.now();
  for (;;) {
    const before = readCpu();
    if (!before.size) return 0;
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const spent = Object.values(cpuBetween(before, readCpu())).reduce((sum, ms) => sum + ms, 0);
    if (spent < quietMs || Date.now() - start >= maxMs) return Date.now() - start;
  }
}
