// `batch --via openai-batch`: prepare the request files, submit them through the Files and Batches
// endpoints, wait, and turn the answers into results; the state file makes every step resumable.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LineWriter } from '../batch-files';
import { imageCache } from '../image-cache';
import { EXIT, warn, type CliIo } from '../io';
import { cliMessage } from '../messages';
import { createClient } from '../../verify/client';
import { assembleItem } from './assemble';
import { finishRun, type Pending } from './finish';
import { readInputStream } from './input-stream';
import { cancelOpen, downloadOutcomes, refreshPart, submitParts, TERMINAL, type BatchRun } from './openai-batch';
import type { BatchApiOptions } from './options';
import { PartWriter, FILE_LIMITS } from './part-writer';
import { planItem, prepareRequests } from './prepare';
import { plannedRequests } from './request-line';
import { doneKeys, hidingKey, type ResultSink } from './results-file';
import { checkSameClaims, checkSameRun, readState, recordableUrl, statePathOf, writeState, type BatchPart, type BatchState } from './state-file';

interface Results {
  writer: ResultSink;
  done: Set<string>;
}

function errorRecord(id: string | number, kind: string, message: string) {
  return { id, error: { kind, message } };
}

/** Writes the request files; items that cannot be asked get their error line now, like the online batch. */
async function prepareParts(run: BatchRun, options: BatchApiOptions, io: CliIo, results: Results): Promise<boolean> {
  const folder = `${options.outPath}.requests`;
  mkdirSync(folder, { recursive: true });
  const parts = new PartWriter((n) => join(folder, `part-${String(n).padStart(3, '0')}.jsonl`), {
    requests: options.maxFileRequests,
    bytes: FILE_LIMITS.bytes,
  });
  const image = imageCache(options.baseDir, io.signal, 2 * options.concurrency + 1);
  const prepared = prepareRequests(readInputStream(options.inputPath), {
    ...options,
    image,
    signal: io.signal,
    skip: (item) => results.done.has(item.key),
  });
  for await (const entry of prepared) {
    if (entry.kind === 'problem') warn(io, `${options.inputPath} line ${entry.problem.line}: ${entry.problem.message}; skipped (fix it and run again with --resume).`);
    else if (entry.kind === 'failed') {
      results.writer.write(errorRecord(entry.item.id, entry.error.kind, cliMessage(entry.error, options.endpoint!)));
      results.done.add(entry.item.key);
    } else if (entry.kind === 'ready') {
      try {
        parts.add(entry.requests, entry.item.line);
      } catch (error) {
        results.writer.write(errorRecord(entry.item.id, 'bad-request', (error as Error).message));
        results.done.add(entry.item.key);
      }
    }
  }
  const files = parts.close();
  if (io.signal.aborted) return false;
  run.state.parts = files.map((f) => ({
    requestsPath: f.path,
    requests: f.requests,
    bytes: f.bytes,
    firstLine: f.firstLine,
    lastLine: f.lastLine,
    fileId: null,
    batchId: null,
    status: null,
    counts: null,
    outputFileId: null,
    errorFileId: null,
    errors: [],
    ingested: false,
  }));
  run.state.phase = 'submitted';
  writeState(run.statePath, run.state);
  return true;
}

/** Writes the results of a finished batch's items; what it could not answer becomes pending. */
async function ingestPart(run: BatchRun, part: BatchPart, options: BatchApiOptions, io: CliIo, results: Results, pending: Map<string, Pending>) {
  const model = options.endpoint!.model;
  const folder = `${options.outPath}.answers`;
  const { outcomes, unreadable } = await downloadOutcomes(run, part, model, folder);
  try {
    if (unreadable) warn(io, `${unreadable} unreadable line(s) in the output of ${part.batchId}; their items are retried.`);
    const whole = part.status === 'failed' || part.status === 'cancelled';
    for await (const entry of readInputStream(options.inputPath)) {
      if (!entry.item || entry.item.line < part.firstLine || entry.item.line > part.lastLine || results.done.has(entry.item.key)) continue;
      const item = entry.item;
      let planned;
      try {
        // Planned as the recorded run planned its requests (the command's flag was checked against it).
        planned = planItem(item, run.state.keepAll ?? false);
      } catch {
        continue; // Written as an error line when the files were prepared.
      }
      const assembled = assembleItem(planned, plannedRequests(item.key, planned.claims), outcomes, model);
      if (assembled.ok) {
        results.writer.write({ id: item.id, ...assembled.result });
        results.done.add(item.key);
      } else pending.set(item.key, { item, reason: whole ? `batch ${part.status}` : assembled.reason, listOnly: whole });
    }
  } finally {
    outcomes.close();
    rmSync(folder, { recursive: true, force: true });
  }
  part.ingested = true;
  writeState(run.statePath, run.state);
}

function describe(part: BatchPart, index: number, total: number): string {
  const counts = part.counts ? ` · ${part.counts.completed}/${part.counts.total} done${part.counts.failed ? `, ${part.counts.failed} failed` : ''}` : '';
  return `batch ${index + 1}/${total} ${part.batchId}: ${part.status}${counts}`;
}

function reportEnd(part: BatchPart, index: number, total: number, io: CliIo): void {
  if (part.status === 'failed') warn(io, `Batch ${part.batchId} failed${part.errors.length ? ' validation' : ''}; its items are listed for a follow-up run:\n  ${part.errors.slice(0, 10).join('\n  ') || '(no reason given)'}`);
  else if (part.status === 'expired') warn(io, `Batch ${part.batchId} expired before its window ended; the requests it did not answer are retried.`);
  else if (part.status === 'cancelled') warn(io, `Batch ${part.batchId} was cancelled; the requests it answered are kept, the rest are listed for a follow-up run.`);
  else io.stderr.write(`caption-check: ${describe(part, index, total)}\n`);
}

/** Runs `batch --via openai-batch`; returns the exit code. */
export async function runOpenAiBatch(options: BatchApiOptions, io: CliIo): Promise<number> {
  const started = Date.now();
  const endpoint = options.endpoint!;
  const outPath = options.outPath!;
  const statePath = statePathOf(outPath);
  const identity = { input: options.inputPath, baseUrl: recordableUrl(endpoint.baseUrl), model: endpoint.model };
  const saved = readState(statePath);
  if (saved) checkSameRun(saved, identity, statePath);
  const client = createClient(endpoint, { timeoutMs: 300_000, maxRetries: 2 });
  if (options.cancel) {
    if (!saved) {
      warn(io, `There is no run to cancel: ${statePath} does not exist.`);
      return EXIT.failed;
    }
    const run: BatchRun = { client, state: saved, statePath, signal: io.signal };
    const count = await cancelOpen(run, endpoint.model);
    io.stderr.write(`Asked ${count} open batch(es) to cancel. Run the same command without --cancel to collect what they answered.\n`);
    return EXIT.ok;
  }
  // Cancelling needs no claims, so it works whatever --keep-all says; collecting answers does not.
  if (saved) checkSameClaims(saved, options.keepAll, statePath);
  const state: BatchState = saved ?? {
    kind: 'caption-check/openai-batch',
    version: 1,
    runId: randomUUID().slice(0, 8),
    ...identity,
    format: options.format,
    keepAll: options.keepAll,
    window: options.window,
    phase: 'preparing',
    parts: [],
  };
  const run: BatchRun = { client, state, statePath, signal: io.signal };
  // A recorded run always appends: its earlier results are part of this one.
  const append = options.resume || saved !== null;
  const previous = append ? await doneKeys(outPath) : { done: new Set<string>(), needsNewline: false };
  const file = new LineWriter(outPath, append, previous.needsNewline);
  const results: Results = { writer: hidingKey(file, endpoint.apiKey), done: previous.done };
  const pending = new Map<string, Pending>();
  const stopped = () => {
    warn(io, `Stopped waiting; the batches keep running. Run the same command again to collect them, or add --cancel to stop them. State: ${statePath}`);
    return EXIT.interrupted;
  };
  try {
    if (state.phase === 'preparing') {
      writeState(statePath, state);
      if (!(await prepareParts(run, options, io, results))) {
        warn(io, 'Interrupted while preparing: nothing was submitted. Run the same command again.');
        return EXIT.interrupted;
      }
    } else io.stderr.write(`Resuming ${state.parts.length} batch file(s) recorded in ${statePath}.\n`);
    const total = state.parts.length;
    io.stderr.write(`${state.parts.reduce((n, p) => n + p.requests, 0)} request(s) in ${total} batch file(s); state in ${statePath}\n`);
    await submitParts(run, endpoint.model, (part, index) => io.stderr.write(`caption-check: submitted ${describe(part, index, total)}\n`));
    // Each request file is deleted once uploaded; then their folder goes too.
    if (state.parts.every((p) => p.fileId)) rmSync(`${outPath}.requests`, { recursive: true, force: true });
    while (!io.signal.aborted && state.parts.some((p) => !p.ingested)) {
      for (const [index, part] of state.parts.entries()) {
        if (part.ingested || io.signal.aborted) continue;
        const before = `${part.status}${JSON.stringify(part.counts)}`;
        await refreshPart(run, part, endpoint.model);
        if (part.status && TERMINAL.has(part.status)) {
          reportEnd(part, index, total, io);
          await ingestPart(run, part, options, io, results, pending);
        } else if (before !== `${part.status}${JSON.stringify(part.counts)}`) io.stderr.write(`caption-check: ${describe(part, index, total)}\n`);
      }
      if (state.parts.some((p) => !p.ingested)) await sleep(options.pollMs, undefined, { signal: io.signal }).catch(() => undefined);
    }
    if (io.signal.aborted) return stopped();
    // Every item of the input that has no result yet: unanswered requests, and items an earlier run left.
    for await (const entry of readInputStream(options.inputPath))
      if (entry.item && !results.done.has(entry.item.key) && !pending.has(entry.item.key)) {
        const part = state.parts.find((p) => entry.item.line >= p.firstLine && entry.item.line <= p.lastLine);
        const whole = part?.status === 'failed' || part?.status === 'cancelled';
        pending.set(entry.item.key, { item: entry.item, reason: whole ? `batch ${part!.status}` : 'no answer in the batch output', listOnly: whole });
      }
    return await finishRun({ options, io, writer: results.writer, done: results.done, pending: [...pending.values()], started, route: 'openai-batch', close: () => file.close() });
  } catch (error) {
    // Ctrl-C during an upload or a poll: everything sent so far is in the state file.
    if (io.signal.aborted && state.phase === 'submitted') return stopped();
    throw error;
  } finally {
    file.close();
  }
}
