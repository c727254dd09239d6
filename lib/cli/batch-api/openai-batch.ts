// The Files and Batches endpoints through the openai SDK: upload each request file, create its batch,
// poll until it ends, download the answers. Each id is saved in the state file the moment it exists.
import { createReadStream, createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type OpenAI from 'openai';
import type { Batch } from 'openai/resources/batches';
import { CheckError } from '../../errors';
import { withOwnSignal } from '../../own-signal';
import { batchApiError, batchErrorLines } from './batch-api-errors';
import { CHAT_URL } from './request-line';
import { AnswerIndex } from './answer-index';
import { writeState, type BatchPart, type BatchState } from './state-file';

/** Batch statuses after which nothing changes. */
export const TERMINAL = new Set(['completed', 'failed', 'expired', 'cancelled']);

export interface BatchRun {
  client: OpenAI;
  state: BatchState;
  statePath: string;
  signal: AbortSignal;
}

/** Runs one SDK call with a signal of its own that follows the run's (lib/own-signal.ts): a day of polling piles up no listeners. */
const scoped = <T>(run: BatchRun, call: (signal: AbortSignal) => Promise<T>): Promise<T> => withOwnSignal(run.signal, (signal) => call(signal!));

function save(run: BatchRun): void {
  writeState(run.statePath, run.state);
}

/** The name a part's file is uploaded under: tagged with the run, so a rerun can find an upload it did not record. */
export function uploadName(state: BatchState, index: number): string {
  return `caption-check-${state.runId}-part-${String(index + 1).padStart(3, '0')}.jsonl`;
}

function findUpload(run: BatchRun, name: string, bytes: number): Promise<string | null> {
  return scoped(run, async (signal) => {
    for await (const file of run.client.files.list({ purpose: 'batch' }, { signal })) if (file.filename === name && file.bytes === bytes) return file.id;
    return null;
  });
}

function findBatch(run: BatchRun, fileId: string): Promise<Batch | null> {
  return scoped(run, async (signal) => {
    for await (const batch of run.client.batches.list({}, { signal })) if (batch.input_file_id === fileId) return batch;
    return null;
  });
}

/**
 * Uploads and creates what is not yet submitted. A crash between the API's answer and the save leaves
 * an upload or a batch unrecorded; before sending either again, the run looks for it by name or by file.
 */
export async function submitParts(run: BatchRun, model: string, onSubmitted: (part: BatchPart, index: number) => void): Promise<void> {
  for (const [index, part] of run.state.parts.entries()) {
    if (run.signal.aborted) return;
    if (!part.fileId) {
      const name = uploadName(run.state, index);
      try {
        part.fileId = await findUpload(run, name, part.bytes);
        if (!part.fileId) {
          if (!existsSync(part.requestsPath))
            throw new CheckError('bad-request', `The request file ${part.requestsPath} is gone before it was uploaded; pass another --out to start over.`);
          const upload = await fileFromPath(part.requestsPath, name);
          const file = await scoped(run, (signal) => run.client.files.create({ file: upload, purpose: 'batch' }, { signal }));
          part.fileId = file.id;
        }
      } catch (error) {
        throw batchApiError(error, `uploading ${basename(part.requestsPath)}`, model);
      }
      save(run);
      rmSync(part.requestsPath, { force: true });
    }
    if (!part.batchId) {
      try {
        const found = await findBatch(run, part.fileId);
        const batch =
          found ??
          (await scoped(run, (signal) =>
            run.client.batches.create(
              {
                input_file_id: part.fileId!,
                endpoint: CHAT_URL,
                completion_window: run.state.window as '24h',
                metadata: { caption_check_run: run.state.runId, part: String(index + 1) },
              },
              { signal },
            ),
          ));
        part.batchId = batch.id;
        part.status = batch.status;
      } catch (error) {
        throw batchApiError(error, `creating the batch for ${uploadName(run.state, index)}`, model);
      }
      save(run);
      onSubmitted(part, index);
    }
  }
}

async function fileFromPath(path: string, name: string) {
  const { toFile } = await import('openai');
  return toFile(createReadStream(path), name, { type: 'application/jsonl' });
}

/** Reads one batch's state into the part; returns the batch as the API sent it. */
export async function refreshPart(run: BatchRun, part: BatchPart, model: string): Promise<Batch> {
  let batch: Batch;
  try {
    batch = await scoped(run, (signal) => run.client.batches.retrieve(part.batchId!, { signal }));
  } catch (error) {
    throw batchApiError(error, `reading batch ${part.batchId}`, model);
  }
  part.status = batch.status;
  part.counts = batch.request_counts
    ? { total: batch.request_counts.total, completed: batch.request_counts.completed, failed: batch.request_counts.failed }
    : part.counts;
  part.outputFileId = batch.output_file_id ?? null;
  part.errorFileId = batch.error_file_id ?? null;
  part.errors = batchErrorLines(batch.errors);
  save(run);
  return batch;
}

/**
 * A finished batch's answers (output and error files, the later line winning), each file saved into
 * `folder` and indexed rather than held: an output file can hold 50,000 answers and hundreds of
 * megabytes. Unreadable lines are counted. The caller closes the index and removes the folder.
 */
export async function downloadOutcomes(run: BatchRun, part: BatchPart, model: string, folder: string): Promise<{ outcomes: AnswerIndex; unreadable: number }> {
  const outcomes = new AnswerIndex();
  let unreadable = 0;
  mkdirSync(folder, { recursive: true });
  try {
    for (const fileId of [part.outputFileId, part.errorFileId]) {
      if (!fileId) continue;
      const path = join(folder, `${basename(fileId)}.jsonl`);
      try {
        const saved = await scoped(run, async (signal) => {
          const response = await run.client.files.content(fileId, { signal });
          if (!response.body) return false;
          await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), createWriteStream(path), { signal });
          return true;
        });
        if (saved) await outcomes.add(path, () => unreadable++);
      } catch (error) {
        throw batchApiError(error, `downloading file ${fileId} of batch ${part.batchId}`, model);
      }
    }
  } catch (error) {
    outcomes.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { outcomes, unreadable };
}

/** Cancels every batch of the state that has not ended; returns how many were asked to stop. */
export async function cancelOpen(run: BatchRun, model: string): Promise<number> {
  let cancelled = 0;
  for (const part of run.state.parts) {
    if (!part.batchId || (part.status && TERMINAL.has(part.status)) || part.status === 'cancelling') continue;
    try {
      const batch = await scoped(run, (signal) => run.client.batches.cancel(part.batchId!, { signal }));
      part.status = batch.status;
      cancelled++;
    } catch (error) {
      throw batchApiError(error, `cancelling batch ${part.batchId}`, model);
    }
    save(run);
  }
  return cancelled;
}
