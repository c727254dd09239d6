// `caption-check batch` through batch engines, run in-process against the local server's Files and
// Batches endpoints over HTTP: the request file, the ingest of an engine's output, the whole
// --via openai-batch run, its failures, and a kill of the process while polling followed by a resume.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatRequests, useModelServer } from '../server/fixtures';
import { lastUserText, parseClaimList } from '../server/openai-server';
import { batchRecorded, CLI_TIMEOUT_MS, endpointArgs, jpeg, jsonLines, killWhen, runCli, spawnCli, useTempDir } from './run-cli';

// Logprobs on, as the endpoints whose label probability scores each claim: one online request per chunk.
const model = useModelServer({ logprobs: true });
const server = () => model.server;
const dir = useTempDir();
const data = join(dir, 'data');
const MANY = Array.from({ length: 14 }, (_, i) => `Claim number ${i + 1} holds.`);

beforeAll(async () => {
  mkdirSync(join(data, 'img'), { recursive: true });
  writeFileSync(join(data, 'img/a.jpg'), await jpeg(320, 240));
  writeFileSync(join(data, 'img/b.jpg'), await jpeg(1600, 900));
});
beforeEach(() => {
  server().reset();
  server().batchApi.set({ stepMs: 20 });
});

let files = 0;
function writeInput(items: unknown[]): string {
  const path = join(data, `in-${++files}.jsonl`);
  writeFileSync(path, `${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
  return path;
}
const fresh = (name: string) => join(dir, `${++files}-${name}`);
const ITEMS = [
  { id: 'i1', image: 'img/a.jpg', claims: ['A dog on grass.'] },
  { id: 'i2', image: 'img/b.jpg', caption: 'A red kite flies over a beach. Two gulls sit on the sand.' },
  { id: 3, image: 'img/a.jpg', claims: MANY, labels: MANY.map((_, i) => i !== 4) },
  { id: 'i4', image: 'img/b.jpg', claims: ['A lighthouse.', 'Two gulls.'] },
];

/** Requests the CLI itself sent to the chat endpoint (not the ones the batch runner made for its lines). */
const onlineChats = () => chatRequests(server()).filter((r) => !r.headers['x-caption-check-batch']);
const run = (args: string[]) => runCli(['batch', ...args]);
const via = (input: string, out: string, ...extra: string[]) =>
  run([input, '--out', out, '--via', 'openai-batch', '--poll', '50ms', ...endpointArgs(server().baseUrl), ...extra]);

// The documented request line, independent of the code under test.
const documentedRequest = z.strictObject({
  custom_id: z.string().min(1),
  method: z.literal('POST'),
  url: z.literal('/v1/chat/completions'),
  body: z.looseObject({ model: z.string(), messages: z.array(z.looseObject({ role: z.string() })) }),
});

const byId = (lines: Record<string, unknown>[]) => [...lines].sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe('--emit-requests', { timeout: 3 * CLI_TIMEOUT_MS }, () => {
  it('writes documented lines, one per chunk of claims, each body exactly what the online batch sends', async () => {
    const input = writeInput([...ITEMS, { id: 'gone', image: 'img/none.jpg', claims: ['A cat.'] }]);
    const requests = fresh('requests.jsonl');
    const emitted = await run([input, '--emit-requests', requests, '--model', 'test-vlm']);
    expect(emitted.code).toBe(1);
    expect(emitted.stderr).toMatch(/line 5 \(id "gone"\): The image .*none\.jpg could not be read/);
    expect(emitted.stderr).toMatch(/Wrote 5 request\(s\) for 4 item\(s\)/);
    const lines = jsonLines(readFileSync(requests, 'utf8'));
    for (const line of lines) expect(documentedRequest.safeParse(line).success, JSON.stringify(line).slice(0, 200)).toBe(true);
    expect(new Set(lines.map((l) => l.custom_id)).size).toBe(5);

    const again = fresh('again.jsonl');
    await run([input, '--emit-requests', again, '--model', 'test-vlm']);
    expect(jsonLines(readFileSync(again, 'utf8')).map((l) => l.custom_id)).toEqual(lines.map((l) => l.custom_id));

    const online = await run([writeInput(ITEMS), '--out', fresh('online.jsonl'), ...endpointArgs(server().baseUrl)]);
    expect(online.code).toBe(0);
    const sent = new Map(onlineChats().map((r) => [JSON.stringify(r.claims), r.body]));
    expect(sent.size).toBe(5);
    for (const line of lines) {
      const claims = parseClaims(line.body as Record<string, unknown>);
      expect(line.body).toEqual(sent.get(JSON.stringify(claims)));
    }
  });
});

/** The claims a request body carries, read the way the server reads them. */
function parseClaims(body: Record<string, unknown>): string[] {
  return parseClaimList(lastUserText(body));
}

/** A chat completion as an engine writes it into its output file. */
function completion(verdicts: { label: boolean; error_type?: string[] }[]) {
  return {
    id: 'chatcmpl-x',
    object: 'chat.completion',
    model: 'served-vlm',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify({ verdicts: verdicts.map((v) => ({ reasoning: 'Seen.', label: v.label, error_type: v.error_type ?? [] })) }) },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  };
}

describe('--ingest', { timeout: 3 * CLI_TIMEOUT_MS }, () => {
  it('reads the documented output lines and error lines; what failed is listed, then retried online with --resume', async () => {
    const input = writeInput(ITEMS);
    const requests = fresh('requests.jsonl');
    expect((await run([input, '--emit-requests', requests, '--model', 'test-vlm'])).code).toBe(0);
    const ids = jsonLines(readFileSync(requests, 'utf8')).map((l) => String(l.custom_id));
    // Lines: i1 answered; i2 an error line; item 3 chunk 1 answered, chunk 2 HTTP 500; i4 answered without verdicts.
    const responses = [
      { id: 'r1', custom_id: ids[0], response: { status_code: 200, request_id: 'q1', body: completion([{ label: false, error_type: ['object'] }]) }, error: null },
      { id: 'r2', custom_id: ids[1], response: null, error: { code: 'batch_expired', message: 'Not run before the window ended.' } },
      { id: 'r3', custom_id: ids[2], response: { status_code: 200, request_id: 'q3', body: completion(MANY.slice(0, 12).map(() => ({ label: true }))) }, error: null },
      { id: 'r4', custom_id: ids[3], response: { status_code: 500, request_id: 'q4', body: { error: { message: 'overloaded' } } }, error: null },
      { id: 'r5', custom_id: ids[4], response: { status_code: 200, request_id: 'q5', body: { ...completion([]), choices: [{ index: 0, message: { role: 'assistant', content: 'I cannot tell.' }, finish_reason: 'stop' }] } }, error: null },
    ];
    const answers = fresh('responses.jsonl');
    writeFileSync(answers, `${responses.map((r) => JSON.stringify(r)).join('\n')}\nnot json\n`);
    const out = fresh('results.jsonl');

    const first = await run([input, '--ingest', answers, '--out', out]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/responses\.jsonl line 6: not valid JSON; skipped/);
    expect(first.stderr).toMatch(/3 item\(s\) have no result \(no endpoint to retry them online/);
    expect(jsonLines(readFileSync(out, 'utf8'))).toEqual([
      {
        id: 'i1',
        // The engine sent no logprobs: no score, as the online path writes it.
        claims: [{ text: 'A dog on grass.', label: false, reasoning: 'Seen.', error_type: ['Object'], score: null }],
        set_aside: [],
        model: 'served-vlm',
        score_kind: null,
        usage: { prompt_tokens: 100, completion_tokens: 10 },
        notes: [],
      },
    ]);
    const listed = jsonLines(readFileSync(`${out}.pending.jsonl`, 'utf8'));
    expect(listed.map((l) => l.id)).toEqual(['i2', 3, 'i4']);
    expect(listed.map((l) => l.reason)).toEqual([expect.stringMatching(/batch_expired/), expect.stringMatching(/HTTP 500: overloaded/), 'the model sent 0 verdicts for 2 claims']);
    expect(onlineChats()).toHaveLength(0);

    const second = await run([input, '--ingest', answers, '--out', out, '--resume', ...endpointArgs(server().baseUrl)]);
    expect(second.code).toBe(0);
    const lines = jsonLines(readFileSync(out, 'utf8'));
    // Online retries finish in any order.
    expect(lines.map((l) => l.id)).toHaveLength(4);
    expect(new Set(lines.map((l) => l.id))).toEqual(new Set(['i1', 'i2', 3, 'i4']));
    expect(onlineChats().map((r) => r.claims.length).sort()).toEqual([12, 2, 2, 2].sort());
    expect(existsSync(`${out}.pending.jsonl`)).toBe(false);
    expect(second.stderr).toMatch(/Done: 4 item\(s\) in the input · 4 checked · 0 failed/);
  });
});

describe('--via openai-batch', { timeout: 3 * CLI_TIMEOUT_MS }, () => {
  it('uploads within the file limit, records every id, and writes the same results as the online batch', async () => {
    server().set({ apiKey: 'sk-batch-secret-4242', falseWhen: [{ match: 'gulls', error_type: ['Quantitative'] }] });
    const key = ['--api-key', 'sk-batch-secret-4242'];
    const input = writeInput(ITEMS);
    const out = fresh('results.jsonl');
    const batched = await via(input, out, '--max-file-requests', '3', ...key);
    expect(batched.code).toBe(0);
    expect(batched.stderr).toMatch(/5 request\(s\) in 2 batch file\(s\)/);
    expect(batched.stderr).toMatch(/batch 2\/2 batch-\w+: completed · 3\/3 done/);
    const state = JSON.parse(readFileSync(`${out}.batch.json`, 'utf8')) as { parts: { fileId: string; batchId: string; status: string }[] };
    expect(state.parts.map((p) => p.status)).toEqual(['completed', 'completed']);
    expect(state.parts.map((p) => p.batchId).sort()).toEqual([...server().batchApi.batches.keys()].sort());
    expect(onlineChats()).toHaveLength(0);

    const online = fresh('online.jsonl');
    expect((await run([input, '--out', online, ...endpointArgs(server().baseUrl), ...key])).code).toBe(0);
    expect(byId(jsonLines(readFileSync(out, 'utf8')))).toEqual(byId(jsonLines(readFileSync(online, 'utf8'))));
    expect(batched.stderr).toMatch(/accuracy/);
    // The request files are gone once uploaded; nothing written holds the key.
    expect(existsSync(`${out}.requests`)).toBe(false);
    const written = readdirSync(dir).filter((name) => name.includes('results.jsonl'));
    expect(written).toEqual(expect.arrayContaining([expect.stringMatching(/results\.jsonl\.batch\.json$/)]));
    for (const name of written) expect(readFileSync(join(dir, name), 'utf8')).not.toContain('sk-batch-secret');
  });

  it('retries online only what failed or expired; a batch that failed validation is reported and listed', async () => {
    const input = writeInput(ITEMS);
    server().batchApi.set({ outcomes: ['expire'], answeredBeforeExpiry: 2, failLine: (_id, index) => (index === 0 ? { status: 500, code: 'server_error', message: 'boom' } : null) });
    const out = fresh('results.jsonl');
    const expired = await via(input, out);
    expect(expired.code).toBe(0);
    expect(expired.stderr).toMatch(/expired before its window ended/);
    // Line 0 failed, line 1 answered, lines 2-4 were cut by the window: four requests' items go online.
    expect(onlineChats().length).toBeGreaterThan(0);
    expect(jsonLines(readFileSync(out, 'utf8')).map((l) => l.id).sort()).toEqual([3, 'i1', 'i2', 'i4']);
    expect(onlineChats().some((r) => r.claims.includes('A dog on grass.'))).toBe(true);
    expect(onlineChats().some((r) => r.claims.includes('A red kite flies over a beach.'))).toBe(false);

    server().reset();
    server().batchApi.set({ stepMs: 20, outcomes: ['fail'] });
    const failedOut = fresh('results.jsonl');
    const failed = await via(input, failedOut);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/failed validation; its items are listed for a follow-up run:\n {2}line 1: invalid_request: Scripted validation failure/);
    expect(jsonLines(readFileSync(`${failedOut}.pending.jsonl`, 'utf8'))).toHaveLength(4);
    expect(onlineChats()).toHaveLength(0);
  });

  it('survives SIGKILL while polling: the rerun submits nothing twice and writes every item exactly once', async () => {
    server().batchApi.set({ stepMs: 60_000 });
    const input = writeInput(ITEMS);
    const out = fresh('results.jsonl');
    const statePath = `${out}.batch.json`;
    // A kill needs a process of its own.
    const killed = await spawnCli(['batch', input, '--out', out, '--via', 'openai-batch', '--poll', '100ms', '--max-file-requests', '2', ...endpointArgs(server().baseUrl)], {
      timeoutMs: 85_000,
      onSpawn: (child) =>
        killWhen(
          child,
          () => {
            const state = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as { parts: { batchId: string | null }[] }) : null;
            // Killed once every batch is recorded and the command has polled at least once more.
            return !!state && state.parts.length === 3 && state.parts.every((p) => p.batchId) && server().requests.filter((r) => /\/v1\/batches\/batch/.test(r.path)).length > 3;
          },
          'SIGKILL',
        ),
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(server().batchApi.batches.size).toBe(3);
    const uploads = [...server().batchApi.files.values()].filter((f) => f.purpose === 'batch').length;
    expect(uploads).toBe(3);

    server().batchApi.set({ stepMs: 20 });
    const resumed = await via(input, out, '--max-file-requests', '2');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming 3 batch file\(s\)/);
    expect(server().batchApi.batches.size).toBe(3);
    expect([...server().batchApi.files.values()].filter((f) => f.purpose === 'batch')).toHaveLength(uploads);
    const ids = jsonLines(readFileSync(out, 'utf8')).map((l) => l.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(onlineChats()).toHaveLength(0);
  });

  it('refuses a torn or foreign state file without touching it; says what to do about quota on upload; --cancel stops open batches', async () => {
    const input = writeInput(ITEMS.slice(0, 2));
    const torn = fresh('results.jsonl');
    writeFileSync(`${torn}.batch.json`, '{"kind":"caption-check/openai-batch","vers');
    const refused = await via(input, torn);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not a readable state file \(cut short or edited\)\. It was left as it is/);
    expect(readFileSync(`${torn}.batch.json`, 'utf8')).toBe('{"kind":"caption-check/openai-batch","vers');
    writeFileSync(`${torn}.batch.json`, '{"something":"else"}');
    expect((await via(input, torn)).stderr).toMatch(/was not written by caption-check batch --via openai-batch/);

    server().set({ failures: [{ status: 429, body: { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota', param: null } }, headers: { 'x-should-retry': 'false' } }] });
    const out = fresh('results.jsonl');
    const quota = await via(input, out);
    expect(quota.code).toBe(1);
    expect(quota.stderr).toMatch(/no quota left \(uploading part-001\.jsonl\): add credit or raise the limit\. Everything submitted so far is recorded; run the same command again/);

    server().batchApi.set({ stepMs: 60_000 });
    const interrupted = await runCli(['batch', input, '--out', out, '--via', 'openai-batch', '--poll', '100ms', ...endpointArgs(server().baseUrl)], {
      interruptWhen: () => server().batchApi.batches.size === 1 && batchRecorded(out),
    });
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toMatch(/the batches keep running\. Run the same command again to collect them, or add --cancel/);
    const cancelled = await via(input, out, '--cancel');
    expect(cancelled.code).toBe(0);
    expect(cancelled.stderr).toMatch(/Asked 1 open batch\(es\) to cancel/);
    expect([...server().batchApi.batches.values()].map((b) => b.status)).toEqual(['cancelling']);

    // The run collects the cancelled batch: nothing it left is sent online; the items are listed.
    server().batchApi.set({ stepMs: 20 });
    const collected = await via(input, out);
    expect(collected.code).toBe(1);
    expect(collected.stderr).toMatch(/was cancelled; the requests it answered are kept, the rest are listed for a follow-up run/);
    expect(jsonLines(readFileSync(`${out}.pending.jsonl`, 'utf8')).map((l) => l.reason)).toEqual(['batch cancelled', 'batch cancelled']);
    expect(onlineChats()).toHaveLength(0);
  });
});
