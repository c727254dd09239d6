// The last step of every batch-engine route: what the engine could not answer is checked online (or
// listed for a follow-up run), then the summary and metrics, and the exit code.
import { writeFileSync, rmSync } from 'node:fs';
import type { BatchItem } from '../batch-input';
import { EXIT, warn, type CliIo } from '../io';
import { cliMessage } from '../messages';
import { checkOnline } from './online-retry';
import type { BatchApiOptions } from './options';
import { redactSecret } from '../../redact';
import type { ResultSink } from './results-file';
import { summarize } from './summary';

/** An item without a result yet, and why. */
export interface Pending {
  item: BatchItem;
  reason: string;
  /** Not to be sent online even with --retry-online (its whole batch failed or was cancelled). */
  listOnly?: boolean;
}

export interface FinishContext {
  options: BatchApiOptions;
  io: CliIo;
  writer: ResultSink;
  /** Closes the results file before it is read back for the summary. */
  close: () => void;
  done: Set<string>;
  pending: Pending[];
  started: number;
  route: string;
}

/** The file that lists items left for a follow-up run. */
export function pendingPathOf(outPath: string): string {
  return `${outPath}.pending.jsonl`;
}

/** Retries or lists the pending items, prints the summary; returns the exit code. */
export async function finishRun(context: FinishContext): Promise<number> {
  const { options, io, writer, done } = context;
  const outPath = options.outPath!;
  let pending = context.pending.filter((p) => !done.has(p.item.key));
  const online = options.retryOnline && options.endpoint ? pending.filter((p) => !p.listOnly) : [];
  let fatal = null;
  if (online.length) {
    io.stderr.write(`Checking ${online.length} item(s) online that the batch did not answer (${online[0]!.reason}${online.length > 1 ? ', …' : ''}).\n`);
    const retried = await checkOnline(
      online.map((p) => p.item),
      { endpoint: options.endpoint!, concurrency: options.concurrency, baseDir: options.baseDir, keepAll: options.keepAll, signal: io.signal, writer, onWritten: (key) => done.add(key) },
    );
    fatal = retried.fatal;
    pending = pending.filter((p) => !done.has(p.item.key));
  }
  if (pending.length) {
    const path = pendingPathOf(outPath);
    const key = options.endpoint?.apiKey ?? '';
    writeFileSync(path, pending.map((p) => `${JSON.stringify(redactSecret({ id: p.item.id, line: p.item.line, reason: p.reason }, key))}\n`).join(''));
    const why = !options.retryOnline ? '--no-retry-online' : !options.endpoint ? 'no endpoint to retry them online (pass --base-url and --model)' : 'not retried online';
    warn(io, `${pending.length} item(s) have no result (${why}); they are listed in ${path}.`);
    warn(io, `Check them online with: caption-check batch <in.jsonl> --out ${outPath} --resume`);
  } else rmSync(pendingPathOf(outPath), { force: true });
  context.close();
  const tally = await summarize(options.inputPath, outPath, context.started, context.route);
  io.stderr.write(`${tally.lines.join('\n')}\n`);
  if (io.signal.aborted) return EXIT.interrupted;
  if (fatal) {
    warn(io, `Stopped: ${cliMessage(fatal, options.endpoint!)}`);
    return EXIT.failed;
  }
  return tally.failed + tally.problems + tally.unverified + tally.missing > 0 ? EXIT.failed : EXIT.ok;
}
