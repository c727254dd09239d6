// --keep-all through the batch engines, run in-process against the local server over HTTP: the
// same claims and result lines as the online `batch --keep-all`, the choice recorded for a resume, and
// answers planned with the other setting never matched to an item's claims.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatRequests, useModelServer } from '../server/fixtures';
import { batchRecorded, CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, runCli, useTempDir, type CliRun } from './run-cli';

const model = useModelServer({ logprobs: true });
const server = () => model.server;
const dir = useTempDir();
const data = join(dir, 'data');
const input = join(data, 'in.jsonl');
// The first two captions have a piece the default split sets aside; the third has none; the list is taken as is.
const ITEMS = [
  { id: 'k1', image: 'img/a.jpg', caption: 'A dog sits on a sofa. Let me know if you need more details!' },
  { id: 'k2', image: 'img/b.jpg', caption: 'A boy holds a kite on the beach. The scene evokes a sense of freedom.' },
  { id: 'k3', image: 'img/a.jpg', caption: 'A red kite flies over a beach. Two gulls sit on the sand.' },
  { id: 4, image: 'img/b.jpg', claims: ['A lighthouse.'] },
];

beforeAll(async () => {
  mkdirSync(join(data, 'img'), { recursive: true });
  writeFileSync(join(data, 'img/a.jpg'), await jpeg(320, 240));
  writeFileSync(join(data, 'img/b.jpg'), await jpeg(900, 600));
  writeFileSync(input, `${ITEMS.map((item) => JSON.stringify(item)).join('\n')}\n`);
});
beforeEach(() => {
  server().reset();
  server().set({ falseWhen: [{ match: 'freedom', error_type: ['Attribute'] }] });
  server().batchApi.set({ stepMs: 20 });
});

let files = 0;
const fresh = (name: string) => join(dir, `${++files}-${name}`);
const run = (args: string[]) => runCli(['batch', ...args]);
const via = (out: string, ...extra: string[]) => run([input, '--out', out, '--via', 'openai-batch', '--poll', '50ms', ...endpointArgs(server().baseUrl), ...extra]);
/** Requests the CLI itself sent to the chat endpoint (not the ones a batch runner made for its lines). */
const onlineChats = () => chatRequests(server()).filter((r) => !r.headers['x-caption-check-batch']);
const byId = (lines: Record<string, unknown>[]) => [...lines].sort((a, b) => String(a.id).localeCompare(String(b.id)));
const results = (path: string) => byId(jsonLines(readFileSync(path, 'utf8')));

const online = new Map<boolean, Record<string, unknown>[]>();
/** The online batch's results for the input, with or without --keep-all (run once, before the tests). */
const onlineResults = (keepAll: boolean) => online.get(keepAll)!;
beforeAll(async () => {
  server().set({ falseWhen: [{ match: 'freedom', error_type: ['Attribute'] }] });
  for (const keepAll of [false, true]) {
    const out = fresh('online.jsonl');
    const done = await run([input, '--out', out, ...endpointArgs(server().baseUrl), ...(keepAll ? ['--keep-all'] : [])]);
    expect(done.code, done.stderr).toBe(0);
    online.set(keepAll, results(out));
  }
}, 3 * CLI_TIMEOUT_MS);

/** Starts `--via openai-batch` with batches that do not end, and stops it with Ctrl-C once its batch exists. */
async function interruptedVia(out: string, ...extra: string[]): Promise<CliRun> {
  server().batchApi.set({ stepMs: 60_000 });
  const stopped = await runCli(['batch', input, '--out', out, '--via', 'openai-batch', '--poll', '100ms', ...endpointArgs(server().baseUrl), ...extra], {
    interruptWhen: () => server().batchApi.batches.size === 1 && batchRecorded(out),
  });
  expect(stopped.code, stopped.stderr).toBe(130);
  server().batchApi.set({ stepMs: 20 });
  return stopped;
}

/** Answers every line of a request file through the server's chat endpoint, as `vllm run-batch` would, into its output format. */
async function answerLikeAnEngine(requestsPath: string, responsesPath: string): Promise<void> {
  const lines = jsonLines(readFileSync(requestsPath, 'utf8'));
  const answered = [];
  for (const [i, line] of lines.entries()) {
    const response = await fetch(`${server().baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-caption-check-batch': 'engine' },
      body: JSON.stringify(line.body),
    });
    answered.push({ id: `vllm-${i}`, custom_id: line.custom_id, response: { status_code: response.status, request_id: `r${i}`, body: await response.json() }, error: null });
  }
  writeFileSync(responsesPath, `${answered.map((a) => JSON.stringify(a)).join('\n')}\n`);
}

describe('--keep-all on the batch-engine routes', { timeout: 4 * CLI_TIMEOUT_MS }, () => {
  it('--via openai-batch --keep-all writes the online --keep-all results; the choice is recorded and a rerun without it is refused', async () => {
    const plain = onlineResults(false);
    const kept = onlineResults(true);
    // The input has text the default split sets aside, so the two settings differ.
    expect(plain.find((l) => l.id === 'k1')).toMatchObject({ set_aside: [{ text: 'Let me know if you need more details!' }] });
    expect(kept.find((l) => l.id === 'k1')).toMatchObject({ set_aside: [], claims: [{ text: 'A dog sits on a sofa.' }, { text: 'Let me know if you need more details!' }] });

    const out = fresh('results.jsonl');
    const statePath = `${out}.batch.json`;
    await interruptedVia(out, '--keep-all');
    expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ keepAll: true });
    const state = readFileSync(statePath, 'utf8');
    const uploads = server().batchApi.files.size;

    const refused = await via(out);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/belongs to a run started with --keep-all.*this command is without --keep-all\. Run it with --keep-all to resume, --cancel the run, or pass another --out/);
    expect(readFileSync(statePath, 'utf8')).toBe(state);
    expect(server().batchApi.files.size).toBe(uploads);
    expect(server().batchApi.batches.size).toBe(1);

    // k1's line fails in the batch: it is checked online with the claims its request had.
    server().batchApi.set({ failLine: (_id, index) => (index === 0 ? { status: 500, code: 'server_error', message: 'boom' } : null) });
    const resumed = await via(out, '--keep-all');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming 1 batch file\(s\)/);
    expect(server().batchApi.batches.size).toBe(1);
    expect(onlineChats().map((r) => r.claims)).toEqual([['A dog sits on a sofa.', 'Let me know if you need more details!']]);
    expect(results(out)).toEqual(kept);
    expect(resumed.stderr).toMatch(/Claims: 7 checked/);
  });

  it('a state file written before --keep-all was recorded resumes without it, and is refused with it', async () => {
    const out = fresh('results.jsonl');
    const statePath = `${out}.batch.json`;
    await interruptedVia(out);
    const { keepAll, ...older } = JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>;
    expect(keepAll).toBe(false);
    writeFileSync(statePath, `${JSON.stringify(older, null, 2)}\n`);

    const refused = await via(out, '--keep-all');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/belongs to a run started without --keep-all.*Run it without --keep-all to resume/);

    const resumed = await via(out);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming 1 batch file\(s\)/);
    expect(results(out)).toEqual(onlineResults(false));
  });

  it('--emit-requests --keep-all and --ingest --keep-all give the online --keep-all results; an --ingest without it matches nothing wrongly and says what to pass', async () => {
    const requests = fresh('requests.jsonl');
    const emitted = await run([input, '--emit-requests', requests, '--model', 'test-vlm', '--keep-all']);
    expect(emitted.code, emitted.stderr).toBe(0);
    expect(emitted.stderr).toMatch(/--ingest responses\.jsonl --out results\.jsonl --keep-all/);
    const responses = fresh('responses.jsonl');
    await answerLikeAnEngine(requests, responses);
    expect(onlineChats()).toHaveLength(0);

    // Without the flag: k3 and the claim list plan the same claims either way and are read; k1 and k2 are
    // not matched to their shorter claim lists, not sent online at full price, and listed with the reason.
    const out = fresh('results.jsonl');
    const mismatched = await run([input, '--ingest', responses, '--out', out, ...endpointArgs(server().baseUrl)]);
    expect(mismatched.code).toBe(1);
    expect(mismatched.stderr).toMatch(
      /2 item\(s\) were answered for claims split with --keep-all: the request file was written with it, so those answers were not used\. Pass the same --keep-all to --ingest as to --emit-requests, with --resume/,
    );
    expect(onlineChats()).toHaveLength(0);
    expect(results(out).map((l) => l.id)).toEqual([4, 'k3']);
    const listed = jsonLines(readFileSync(`${out}.pending.jsonl`, 'utf8'));
    expect(listed.map((l) => [l.id, l.reason])).toEqual([
      ['k1', 'answered for claims split with --keep-all'],
      ['k2', 'answered for claims split with --keep-all'],
    ]);

    const fixed = await run([input, '--ingest', responses, '--out', out, '--keep-all', '--resume', ...endpointArgs(server().baseUrl)]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(onlineChats()).toHaveLength(0);
    expect(existsSync(`${out}.pending.jsonl`)).toBe(false);
    expect(results(out)).toEqual(onlineResults(true));
  });

  it('an --ingest --keep-all of answers to requests written without it is refused the same way', async () => {
    const requests = fresh('requests.jsonl');
    expect((await run([input, '--emit-requests', requests, '--model', 'test-vlm'])).code).toBe(0);
    const responses = fresh('responses.jsonl');
    await answerLikeAnEngine(requests, responses);
    const out = fresh('results.jsonl');
    const mismatched = await run([input, '--ingest', responses, '--out', out, '--keep-all', '--no-retry-online']);
    expect(mismatched.code).toBe(1);
    expect(mismatched.stderr).toMatch(/2 item\(s\) were answered for claims split without --keep-all: the request file was written without it/);
    expect(results(out).map((l) => l.id)).toEqual([4, 'k3']);
    expect(results(out).find((l) => l.id === 'k3')).toEqual(onlineResults(false).find((l) => l.id === 'k3'));
  });
});
