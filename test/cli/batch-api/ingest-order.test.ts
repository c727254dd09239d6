// --ingest of an engine's output written in any order: the results, the list of items left and the
// summary are pinned byte for byte to what --ingest wrote before it read answers back by offset
// (fixtures written by that code), for a shuffled file with repeats, error lines, bad lines and CRLF.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBatch } from '../../../lib/cli/batch-command';
import { syntheticItem, syntheticResponses } from './engine-output';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const dir = mkdtempSync(join(tmpdir(), 'caption-check-ingest-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COUNT = 300;
const WRITING = Boolean(process.env.CAPTION_CHECK_WRITE_FIXTURES);

/** Runs the batch command in this process; returns its exit code and stderr with the folder and the time taken out. */
async function batch(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runBatch(argv, {
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
    stdin: process.stdin,
    env: {},
    cwd: dir,
    signal: new AbortController().signal,
  } as Parameters<typeof runBatch>[1]);
  return { code, stderr: stderr.split(dir).join('<dir>').replace(/^Time: .*\(/m, 'Time: <elapsed> (') };
}

function fixture(name: string, actual: string): void {
  const path = join(FIXTURES, name);
  // Set only to write the fixtures from known-good code; the last test then fails, so it is never a pass.
  if (WRITING) writeFileSync(path, actual);
  else expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('--ingest reads answers in any order', () => {
  const input = join(dir, 'in.jsonl');
  const responses = join(dir, 'responses.jsonl');
  // A bad input line and a repeated id too: both are skipped with a warning, as before.
  const items = Array.from({ length: COUNT }, (_, i) => JSON.stringify(syntheticItem(i)));
  items.splice(40, 0, '{"id": "broken"', JSON.stringify(syntheticItem(7)));
  writeFileSync(input, `${items.join('\n')}\n`);
  writeFileSync(responses, syntheticResponses(COUNT));

  it('writes the same results, pending list and summary as before, byte for byte', async () => {
    const out = join(dir, 'results.jsonl');
    const run = await batch([input, '--ingest', responses, '--out', out, '--no-retry-online']);
    expect(run.code).toBe(1);
    fixture('ingest-shuffled.results.jsonl', readFileSync(out, 'utf8'));
    fixture('ingest-shuffled.pending.jsonl', readFileSync(`${out}.pending.jsonl`, 'utf8'));
    fixture('ingest-shuffled.stderr.txt', run.stderr);
  });

  it('--resume over a results file cut short writes the rest exactly as before', async () => {
    const out = join(dir, 'resumed.jsonl');
    const whole = readFileSync(join(FIXTURES, 'ingest-shuffled.results.jsonl'), 'utf8');
    // The first 50 lines and half of the 51st, as a crash leaves them.
    const lines = whole.split('\n');
    writeFileSync(out, `${lines.slice(0, 50).join('\n')}\n${lines[50]!.slice(0, 40)}`);
    const run = await batch([input, '--ingest', responses, '--out', out, '--resume', '--no-retry-online']);
    expect(run.code).toBe(1);
    expect(existsSync(`${out}.pending.jsonl`)).toBe(true);
    fixture('ingest-resumed.results.jsonl', readFileSync(out, 'utf8'));
    fixture('ingest-resumed.stderr.txt', run.stderr);
  });

  it('compares with the fixtures rather than writing them', () => {
    expect(WRITING, 'CAPTION_CHECK_WRITE_FIXTURES is set: the fixtures were rewritten, nothing was compared').toBe(false);
  });
});
