// The stand-in server's Files and Batches endpoints, through the real SDK: what a batch client sees.
import { toFile } from 'openai';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchApiError } from '../../lib/cli/batch-api/batch-api-errors';
import { buildUserPrompt, SYSTEM_PROMPT } from '../../lib/verify/prompt';
import { clientFor, failOnUnhandledRejection, imageDataUrl, useModelServer } from './fixtures';

failOnUnhandledRejection();
const ctx = useModelServer();
let image = '';
beforeEach(async () => {
  ctx.server.reset();
  ctx.server.batchApi.set({ stepMs: 30 });
  image ||= await imageDataUrl(64, 48);
});

function requestFile(claimLists: string[][]): string {
  return claimLists
    .map((claims, i) =>
      JSON.stringify({
        custom_id: `req-${i}`,
        method: 'POST',
        url: '/v1/chat/completions',
        body: {
          model: 'test-vlm',
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: [{ type: 'text', text: buildUserPrompt(claims) }, { type: 'image_url', image_url: { url: image } }] },
          ],
        },
      }),
    )
    .join('\n');
}

async function submit(text: string) {
  const client = clientFor(ctx.server);
  const file = await client.files.create({ file: await toFile(Buffer.from(text), 'requests.jsonl'), purpose: 'batch' });
  const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
  return { client, file, batch };
}

/**
 * Polls until the batch reaches a final status; returns every status seen, in order, starting with the
 * one `create` answered (a status moves at most one step per read, so none is skipped however slow the poll).
 */
async function statuses(client: ReturnType<typeof clientFor>, id: string, created = 'validating'): Promise<string[]> {
  const seen: string[] = [created];
  for (;;) {
    const batch = await client.batches.retrieve(id);
    if (seen.at(-1) !== batch.status) seen.push(batch.status);
    if (['completed', 'failed', 'expired', 'cancelled'].includes(batch.status)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Files and Batches', () => {
  it('takes a multipart upload, moves validating → in_progress → finalizing → completed, and serves the output file', async () => {
    ctx.server.batchApi.set({ failLine: (id) => (id === 'req-1' ? { status: 0, code: 'server_error', message: 'lost' } : null) });
    const { client, file, batch } = await submit(requestFile([['A cat.'], ['A dog.', 'A ball.'], ['The sky.']]));
    expect(file).toMatchObject({ purpose: 'batch', filename: 'requests.jsonl' });
    expect(batch.status).toBe('validating');
    expect(await statuses(client, batch.id)).toEqual(['validating', 'in_progress', 'finalizing', 'completed']);
    const done = await client.batches.retrieve(batch.id);
    expect(done.request_counts).toEqual({ total: 3, completed: 2, failed: 1 });
    const output = (await (await client.files.content(done.output_file_id!)).text()).trim().split('\n').map((l) => JSON.parse(l) as { custom_id: string; response: { status_code: number; body: { choices: unknown[] } } });
    expect(output.map((l) => l.custom_id).sort()).toEqual(['req-0', 'req-2']);
    expect(output[0]!.response.status_code).toBe(200);
    const errors = (await (await client.files.content(done.error_file_id!)).text()).trim().split('\n').map((l) => JSON.parse(l) as unknown);
    expect(errors).toEqual([expect.objectContaining({ custom_id: 'req-1', response: null, error: { code: 'server_error', message: 'lost' } })]);
  });

  it('fails validation with the bad lines named, and expires with the unanswered requests in the error file', async () => {
    const bad = await submit(`${requestFile([['A cat.']])}\nnot json\n${requestFile([['A cat.']])}`);
    expect(await statuses(bad.client, bad.batch.id)).toEqual(['validating', 'failed']);
    const failed = await bad.client.batches.retrieve(bad.batch.id);
    expect(failed.errors?.data?.map((e) => [e.line, e.code])).toEqual([[2, 'invalid_json_line'], [3, 'duplicate_custom_id']]);

    ctx.server.batchApi.set({ outcomes: ['expire'], answeredBeforeExpiry: 1 });
    const late = await submit(requestFile([['A cat.'], ['A dog.']]));
    expect((await statuses(late.client, late.batch.id)).at(-1)).toBe('expired');
    const expired = await late.client.batches.retrieve(late.batch.id);
    const errors = await (await late.client.files.content(expired.error_file_id!)).text();
    expect(errors).toMatch(/"custom_id":"req-1","response":null,"error":\{"code":"batch_expired"/);
  });

  it('cancels: cancelling, then cancelled', { timeout: 20_000 }, async () => {
    // Long enough that the cancel arrives before the batch could finish, however loaded the machine.
    ctx.server.batchApi.set({ stepMs: 2_000 });
    const { client, batch } = await submit(requestFile([['A cat.']]));
    const cancelling = await client.batches.cancel(batch.id);
    expect(cancelling.status).toBe('cancelling');
    expect((await statuses(client, batch.id)).at(-1)).toBe('cancelled');
  });

  it('refuses a file over the size limit with 413, and the CLI says to send smaller files', async () => {
    ctx.server.batchApi.set({ maxFileBytes: 100 });
    const error = await submit(requestFile([['A cat.']])).catch((e: unknown) => e);
    expect(batchApiError(error, 'uploading part-001.jsonl', 'test-vlm').message).toMatch(/refused the file as too large \(uploading part-001\.jsonl\): pass a lower --max-file-requests/);
  });
});
