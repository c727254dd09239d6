/**
 * Reading an engine's answers back: items/s and peak memory of
 * `caption-check batch in.jsonl --ingest responses.jsonl --out results.jsonl` over a large input.
 *
 *   npx tsx scripts/bench-batch-ingest.ts [--items 100000]
 *
 * The responses are synthetic lines in the engine output format the tests use (test/cli/batch-api/
 * engine-output.ts), in a seeded shuffled order, with error lines, repeats and missing answers.
 * --ingest reads no image (claims are planned from the caption), so the items name images that do
 * not exist. The ingest runs in a child process (scripts/batch-child.ts), so its peak RSS is that of the command alone.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatchInChild } from './batch-child';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' } } });

const { syntheticItem, syntheticResponses } = await import('../test/cli/batch-api/engine-output');
const ITEMS = Number(values.items);
const dir = mkdtempSync(join(tmpdir(), 'caption-check-ingest-'));
try {
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, `${Array.from({ length: ITEMS }, (_, i) => JSON.stringify(syntheticItem(i))).join('\n')}\n`);
  const responses = join(dir, 'responses.jsonl');
  writeFileSync(responses, syntheticResponses(ITEMS));
  const out = join(dir, 'results.jsonl');
  const argv = [input, '--ingest', responses, '--out', out, '--no-retry-online'];
  const loadBefore = loadavg()[0]!;
  const result = await runBatchInChild(argv);
  console.log(`items: ${ITEMS} · responses file ${(statSync(responses).size / 1e6).toFixed(0)} MB, shuffled · results ${(statSync(out).size / 1e6).toFixed(0)} MB · exit ${result.code}`);
  console.log(`ingest: ${(result.ms / 1000).toFixed(1)} s · ${(ITEMS / (result.ms / 1000)).toFixed(0)} items/s`);
  console.log(`peak RSS of the command: ${(result.maxRssKb / 1024).toFixed(0)} MB`);
  console.log(`load average (1 min) on ${cpus().length} core(s): ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
