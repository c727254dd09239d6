// --emit-requests and --ingest: the request file for any engine that reads the Batch API format
// (`vllm run-batch`, OpenAI's Batch API by hand), and that engine's output turned back into results.
import { closeSync, openSync, writeSync } from 'node:fs';
import { LineWriter } from '../batch-files';
import type { BatchItem } from '../batch-input';
import { EXIT, warn, type CliIo } from '../io';
import { imageCache } from '../image-cache';
import { assembleItem } from './assemble';
import { readInputStream } from './input-stream';
import type { BatchApiOptions } from './options';
import { planItem, prepareRequests } from './prepare';
import { plannedRequests } from './request-line';
import { AnswerIndex, type Outcomes } from './answer-index';
import { finishRun, type Pending } from './finish';
import { asCheckError } from '../messages';
import { doneKeys, hidingKey } from './results-file';

/** Writes the request file; returns the exit code. */
export async function emitRequests(options: BatchApiOptions, io: CliIo): Promise<number> {
  const started = Date.now();
  const path = options.requestsPath!;
  const fd = openSync(path, 'w');
  let items = 0;
  let requests = 0;
  let left = 0;
  try {
    const image = imageCache(options.baseDir, io.signal, 2 * options.concurrency + 1);
    for await (const prepared of prepareRequests(readInputStream(options.inputPath), { ...options, image, signal: io.signal })) {
      if (prepared.kind === 'problem') {
        left++;
        warn(io, `${options.inputPath} line ${prepared.problem.line}: ${prepared.problem.message}; not in the request file.`);
      } else if (prepared.kind === 'failed') {
        left++;
        warn(io, `${options.inputPath} line ${prepared.item.line} (id ${prepared.item.key}): ${prepared.error.message}; not in the request file.`);
      } else if (prepared.kind === 'ready') {
        items++;
        requests += prepared.requests.count;
        writeSync(fd, prepared.requests.jsonl);
      }
    }
  } finally {
    closeSync(fd);
  }
  if (io.signal.aborted) {
    warn(io, `Interrupted: ${path} is incomplete; run the same command again.`);
    return EXIT.interrupted;
  }
  const seconds = Math.max((Date.now() - started) / 1000, 0.001);
  io.stderr.write(
    `Wrote ${requests} request(s) for ${items} item(s) to ${path}${left ? ` · ${left} item(s) left out (see above)` : ''} · ${(items / seconds).toFixed(1)} items/s\n` +
      `Next: vllm run-batch -i ${path} -o responses.jsonl --model ${options.model}, then caption-check batch <in.jsonl> --ingest responses.jsonl --out results.jsonl${options.keepAll ? ' --keep-all' : ''}\n`,
  );
  return left ? EXIT.failed : EXIT.ok;
}

/** Indexes the responses file (warning about its first five unreadable lines); the caller closes the index. */
async function readResponses(path: string, io: CliIo): Promise<AnswerIndex> {
  const index = new AnswerIndex();
  let bad = 0;
  try {
    await index.add(path, (line, message) => {
      if (++bad <= 5) warn(io, `${path} line ${line}: ${message}; skipped.`);
    });
  } catch {
    index.close();
    throw new Error(`The responses file ${path} cannot be read.`);
  }
  if (bad > 5) warn(io, `… ${bad} unreadable line(s) in ${path} in all.`);
  return index;
}

/** Whether the responses hold an answer for the item's requests as planned with `keepAll` (the other setting than this run's). */
function answeredWithOtherSplit(item: BatchItem, keepAll: boolean, outcomes: Outcomes): boolean {
  let planned;
  try {
    planned = planItem(item, keepAll);
  } catch {
    return false;
  }
  return plannedRequests(item.key, planned.claims).some((r) => outcomes.has(r.customId));
}

/** Turns an engine's output file into results; returns the exit code. */
export async function ingestResponses(options: BatchApiOptions, io: CliIo): Promise<number> {
  const started = Date.now();
  const outcomes = await readResponses(options.responsesPath!, io);
  try {
    return await ingestWith(outcomes, options, io, started);
  } finally {
    outcomes.close();
  }
}

/** Writes each input item's result from the indexed answers, in input order, then finishes the run. */
async function ingestWith(outcomes: AnswerIndex, options: BatchApiOptions, io: CliIo, started: number): Promise<number> {
  const outPath = options.outPath!;
  const previous = options.resume ? await doneKeys(outPath) : { done: new Set<string>(), needsNewline: false };
  const { done } = previous;
  const file = new LineWriter(outPath, options.resume, previous.needsNewline);
  const writer = hidingKey(file, options.endpoint?.apiKey ?? '');
  const pending: Pending[] = [];
  let otherSplit = 0;
  try {
    for await (const entry of readInputStream(options.inputPath)) {
      if (entry.problem) {
        warn(io, `${options.inputPath} line ${entry.problem.line}: ${entry.problem.message}; skipped.`);
        continue;
      }
      const item: BatchItem = entry.item;
      if (done.has(item.key)) continue;
      let planned;
      try {
        planned = planItem(item, options.keepAll);
      } catch (error) {
        writer.write({ id: item.id, error: { kind: asCheckError(error).kind, message: asCheckError(error).message } });
        done.add(item.key);
        continue;
      }
      const requests = plannedRequests(item.key, planned.claims);
      const assembled = assembleItem(planned, requests, outcomes, options.endpoint?.model ?? (options.model || null));
      if (assembled.ok) {
        writer.write({ id: item.id, ...assembled.result });
        done.add(item.key);
      } else if (!requests.some((r) => outcomes.has(r.customId)) && answeredWithOtherSplit(item, !options.keepAll, outcomes)) {
        // Not sent online: the answers are there, only the flag differs, and a rerun with it reads them at no cost.
        otherSplit++;
        pending.push({ item, reason: `answered for claims split ${options.keepAll ? 'without' : 'with'} --keep-all`, listOnly: true });
      } else pending.push({ item, reason: assembled.reason });
    }
    if (otherSplit)
      warn(
        io,
        `${otherSplit} item(s) were answered for claims split ${options.keepAll ? 'without' : 'with'} --keep-all: the request file was written ${options.keepAll ? 'without' : 'with'} it, ` +
          `so those answers were not used. Pass the same --keep-all to --ingest as to --emit-requests, with --resume to keep what is already in ${outPath}.`,
      );
    // The answers are all read; the online retries need none of them.
    outcomes.close();
    return await finishRun({ options, io, writer, done, pending, started, route: 'ingested', close: () => file.close() });
  } finally {
    file.close();
  }
}
