// One stop signal for a whole batch, and many requests under it at once: each request's listener on it
// goes when the request settles, so Node never warns of a leak (MaxListenersExceededWarning, which it
// prints after 11 listeners on one signal) in a batch of --concurrency 8 with --samples 5.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useModelServer } from '../server/fixtures';
import { CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, runCli, useTempDir } from './run-cli';

// No logprobs: --samples 5 asks for five answers per check (the agreement path), the most requests at once.
const model = useModelServer({ logprobs: false });
const dir = useTempDir();

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off('warning', onWarning);
});

beforeAll(async () => {
  mkdirSync(join(dir, 'img'), { recursive: true });
  writeFileSync(join(dir, 'img/a.jpg'), await jpeg(320, 240));
});

describe('a batch with many requests at once under one stop signal', { timeout: CLI_TIMEOUT_MS }, () => {
  it('prints no MaxListenersExceededWarning with --concurrency 8 and --samples 5', async () => {
    const items = Array.from({ length: 24 }, (_, i) => ({ id: `i${i}`, image: 'img/a.jpg', claims: [`A dog number ${i}.`, 'A red ball.'] }));
    const input = join(dir, 'in.jsonl');
    writeFileSync(input, `${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
    const out = join(dir, 'out.jsonl');
    process.on('warning', onWarning);
    const run = await runCli(['batch', input, '--out', out, '--concurrency', '8', '--samples', '5', ...endpointArgs(model.server.baseUrl)]);
    expect(run.code, run.stderr).toBe(0);
    // Every item done: the requests that would have added the listeners all ran.
    expect(jsonLines(readFileSync(out, 'utf8')).filter((line) => Array.isArray(line.claims))).toHaveLength(items.length);
    // Node emits 'warning' on the next tick after the listener that crosses the limit; the run awaited far longer.
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([]);
  });
});
