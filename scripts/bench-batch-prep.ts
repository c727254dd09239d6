/**
 * Request preparation for batch engines: items/s and peak memory of
 * `caption-check batch in.jsonl --emit-requests requests.jsonl` over a large input.
 *
 *   npx tsx scripts/bench-batch-prep.ts [--items 10000] [--images 100] [--width 1600] [--concurrency 4]
 *
 * Items cycle through `--images` distinct noisy photos (so every item's image is decoded and sized,
 * nothing is served from the small cache) and carry a two-sentence caption. The preparation runs in a
 * child process (scripts/batch-child.ts), so its peak RSS is that of the command alone, not of the
 * data generation here.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatchInChild } from './batch-child';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    images: { type: 'string', default: '100' },
    width: { type: 'string', default: '1600' },
    concurrency: { type: 'string', default: '4' },
  },
});

const ITEMS = Number(values.items);
const IMAGES = Number(values.images);
const WIDTH = Number(values.width);
const dir = mkdtempSync(join(tmpdir(), 'caption-check-prep-'));
try {
  for (let i = 0; i < IMAGES; i++) {
    const photo = sharp({ create: { width: WIDTH, height: Math.round((WIDTH * 3) / 4), channels: 3, background: { r: i % 256, g: 90, b: 160 }, noise: { type: 'gaussian', mean: 120, sigma: 12 } } });
    writeFileSync(join(dir, `img-${i}.jpg`), await photo.jpeg({ quality: 85 }).toBuffer());
  }
  const lines: string[] = [];
  for (let i = 0; i < ITEMS; i++)
    lines.push(JSON.stringify({ id: `item-${i}`, image: `img-${i % IMAGES}.jpg`, caption: `A dog number ${i} runs on the beach. Two gulls fly above the waves.` }));
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, `${lines.join('\n')}\n`);
  const requests = join(dir, 'requests.jsonl');
  const argv = [input, '--emit-requests', requests, '--model', 'bench-vlm', '--concurrency', values.concurrency];
  // The machine's load decides the rate as much as the code does (the work is CPU-bound): report it.
  const loadBefore = loadavg()[0]!;
  const result = await runBatchInChild(argv);
  const bytes = statSync(requests).size;
  console.log(`items: ${ITEMS} (${IMAGES} distinct ${WIDTH}×${Math.round((WIDTH * 3) / 4)} photos), concurrency ${values.concurrency}, exit ${result.code}`);
  console.log(`preparation: ${(result.ms / 1000).toFixed(1)} s · ${(ITEMS / (result.ms / 1000)).toFixed(1)} items/s`);
  console.log(`peak RSS of the command: ${(result.maxRssKb / 1024).toFixed(0)} MB · request file ${(bytes / 1e6).toFixed(0)} MB`);
  console.log(`load average (1 min) on ${cpus().length} core(s): ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
