/**
 * Batch throughput against the local model server with a paced answer, at concurrency 1, 2, 4, 8.
 *
 *   npx tsx scripts/bench-batch.ts [--items 24] [--tps 40] [--ttft-ms 300] [--claims 3] [--width 1600]
 *
 * Each run is the real command in its own process (`node --import tsx lib/cli/main.ts batch …`),
 * every item with its own image, so sizing is measured too. Items/s is taken from the server's side:
 * from the first request's arrival to the last answer's end (process start-up is left out), and the
 * CLI's own figure is shown beside it. The goal: concurrency 8 at least 7× concurrency 1.
 * Sizing costs ~40 ms of CPU per 1600×1200 photo; on a machine whose cores are busy with other work
 * that CPU, not the pool, bounds the ratio (compare with --width 400).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startModelServer } from '../test/server/openai-server';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '24' },
    tps: { type: 'string', default: '40' },
    'ttft-ms': { type: 'string', default: '300' },
    claims: { type: 'string', default: '3' },
    width: { type: 'string', default: '1600' },
  },
});
const ITEMS = Number(values.items);
const CLAIMS = Number(values.claims);
const WIDTH = Number(values.width);
const pace = { tokensPerSecond: Number(values.tps), firstTokenMs: Number(values['ttft-ms']) };
const LEVELS = [1, 2, 4, 8];
const MAIN = fileURLToPath(new URL('../lib/cli/main.ts', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'caption-check-bench-'));
const server = await startModelServer({ pace });
try {
  const lines: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const image = `img-${i}.jpg`;
    const background = { r: (i * 37) % 256, g: (i * 91) % 256, b: 120 };
    writeFileSync(join(dir, image), await sharp({ create: { width: WIDTH, height: Math.round((WIDTH * 3) / 4), channels: 3, background } }).jpeg().toBuffer());
    const claims = Array.from({ length: CLAIMS }, (_, c) => `Item ${i} shows thing number ${c}.`);
    lines.push(JSON.stringify({ id: `item-${i}`, image, claims }));
  }
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, `${lines.join('\n')}\n`);

  console.log(`${ITEMS} items × ${CLAIMS} claims, ${WIDTH}×${Math.round((WIDTH * 3) / 4)} JPEGs, server pace ${pace.tokensPerSecond} tokens/s after ${pace.firstTokenMs} ms`);
  console.log('concurrency   items/s (server)   items/s (CLI)   max in flight');
  const rates = new Map<number, number>();
  for (const level of LEVELS) {
    server.reset();
    const out = join(dir, `out-${level}.jsonl`);
    const result = await run(['batch', input, '--out', out, '--base-url', server.baseUrl, '--model', 'test-vlm', '--concurrency', String(level)]);
    if (result.code !== 0) throw new Error(`batch at concurrency ${level} exited ${result.code}:\n${result.stderr}`);
    const chats = server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/chat/completions'));
    const first = Math.min(...chats.map((r) => r.at));
    const last = Math.max(...chats.map((r) => r.endedAt ?? r.at));
    const perSecond = ITEMS / ((last - first) / 1000);
    rates.set(level, perSecond);
    const cli = /([\d.]+) items\/s at concurrency/.exec(result.stderr)?.[1] ?? '?';
    console.log(`${String(level).padStart(11)}   ${perSecond.toFixed(2).padStart(16)}   ${cli.padStart(13)}   ${String(server.maxInFlight).padStart(13)}`);
  }
  const ratio = rates.get(8)! / rates.get(1)!;
  console.log(`ratio 8 vs 1: ${ratio.toFixed(2)}× (goal ≥ 7×)`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
