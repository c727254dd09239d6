// caption-check batch: a JSONL file of checks, run in parallel through one shared client, each
// result written the moment it is done; --resume continues a run, gold labels give metrics.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CheckError } from '../errors';
import { createClient } from '../verify/client';
import type { OutputMode } from '../verify/verify';
import { redactSecret } from '../redact';
import { guardKey } from './endpoint-key';
import { intFlag, parseArgs, samplesFlag, resolveEndpoint, stringFlag, UsageError } from './args';
import { BATCH_FLAGS, batchInputPath, batchOutputPath, DEFAULT_CONCURRENCY } from './batch-flags';
import { readBatchInput, readBatchOutput, LineWriter } from './batch-files';
import type { BatchItem } from './batch-input';
import { applyCalibration, calibrationMismatch, decidedSummary, readCalibration } from './calibration-file';
import { checkItem, countingFetch, planClaims, UNSCORED_HINT, unverifiedCount, type CheckResult } from './check-item';
import { BATCH_API_HELP } from './batch-api/help';
import { wantsBatchApi } from './batch-api/options';
import { BATCH_HELP } from './help';
import { imageCache } from './image-cache';
import { EXIT, warn, type CliIo } from './io';
import { asCheckError, cliMessage, ENDPOINT_FAILURES } from './messages';
import { computeMetrics, formatMetrics, pairsOf } from './metrics';
import { runPool } from '../pool';
import { formatDuration, Progress } from './progress';

const IMAGE_CACHE_MIN = 32;

interface Tally {
  ok: number;
  failed: number;
  claims: number;
  unverified: number;
  promptTokens: number;
  completionTokens: number;
  /** Checked items whose verdicts got no score. */
  unscored: number;
}

function parseBatchArgs(argv: readonly string[], io: CliIo) {
  const args = parseArgs(argv, BATCH_FLAGS, 'batch');
  if (args.flags.help) return null;
  const inputPath = batchInputPath(args, io, 'caption-check batch <in.jsonl> --out <out.jsonl>.');
  if (stringFlag(args, 'out') === undefined) throw new UsageError('Missing --out <out.jsonl>: where the results go.', 'batch');
  const outPath = batchOutputPath(args, io, 'out', inputPath)!;
  const endpoint = resolveEndpoint(args, io.env, 'batch', io.cwd);
  const calibrationPath = stringFlag(args, 'calibration');
  const calibration = calibrationPath === undefined ? null : readCalibration(calibrationPath, io.cwd, 'batch');
  const refused = calibration && calibrationMismatch(calibration, { model: endpoint.model });
  if (refused) throw new UsageError(refused, 'batch');
  return {
    inputPath,
    outPath,
    resume: args.flags.resume === true,
    keepAll: args.flags['keep-all'] === true,
    concurrency: intFlag(args, 'concurrency', DEFAULT_CONCURRENCY, 1, 64, 'batch'),
    samples: samplesFlag(args, calibration?.score_kind, 'batch'),
    endpoint,
    calibration,
  };
}

/** Runs `batch`; returns the exit code. */
export async function runBatch(argv: readonly string[], io: CliIo): Promise<number> {
  // Loaded on demand: the batch-engine routes import this file's helpers.
  if (wantsBatchApi(argv)) return (await import('./batch-api/batch-api-command')).runBatchApi(argv, io);
  const options = parseBatchArgs(argv, io);
  if (!options) {
    io.stdout.write(BATCH_HELP + BATCH_API_HELP);
    return EXIT.ok;
  }
  const { inputPath, outPath, resume, keepAll, concurrency, endpoint, samples, calibration } = options;
  guardKey(io, endpoint);
  let text: string;
  try {
    text = readFileSync(inputPath, 'utf8');
  } catch {
    throw new UsageError(`The input file ${inputPath} cannot be read.`, 'batch');
  }
  const started = Date.now();
  const { items, problems } = readBatchInput(text);
  for (const p of problems) warn(io, `${inputPath} line ${p.line}: ${p.message}; skipped (fix it and run again with --resume).`);

  const previous = resume ? readBatchOutput(outPath) : { done: new Map(), unreadable: 0, needsNewline: false };
  if (previous.unreadable) warn(io, `${previous.unreadable} unreadable line(s) in ${outPath}; their items run again.`);
  const todo = items.filter((item) => !previous.done.has(item.key));
  const skipped = items.length - todo.length;
  if (resume && skipped) io.stderr.write(`Resuming: ${skipped} item(s) already in ${outPath}, ${todo.length} to go.\n`);

  const writer = new LineWriter(outPath, resume, previous.needsNewline);
  // Every request the run sends is counted where it leaves, so the summary says what the run cost.
  const sent = countingFetch();
  const client = createClient(endpoint, { timeoutMs: 120_000, maxRetries: 2, fetch: sent.fetch });
  const outputMode: { current: OutputMode | undefined } = { current: undefined };
  // Stops the run on Ctrl-C, or when the endpoint itself fails (then the items left are not written).
  const stop = new AbortController();
  const signal = AbortSignal.any([io.signal, stop.signal]);
  let fatal: CheckError | null = null;
  // Room for the images in flight plus the ones prepared ahead.
  const image = imageCache(dirname(inputPath), signal, Math.max(IMAGE_CACHE_MIN, 2 * concurrency + 1));
  const progress = new Progress(io.stderr);
  const tally: Tally = { ok: 0, failed: 0, claims: 0, unverified: 0, promptTokens: 0, completionTokens: 0, unscored: 0 };
  const decided = { claims: 0, withGold: 0, wrong: 0 };
  const pairs: Parameters<typeof computeMetrics>[0][number][] = [];
  const metricNotes: string[] = [];
  const addPairs = (item: BatchItem, claims: Parameters<typeof pairsOf>[1]) => {
    if (!item.gold) return;
    const found = pairsOf(item.gold, claims);
    if (found) pairs.push(...found);
    else metricNotes.push(`id ${item.key}: ${item.gold.length} gold labels but ${claims.length} claims; left out of the metrics.`);
  };
  for (const item of items) {
    const earlier = previous.done.get(item.key);
    if (earlier?.claims) addPairs(item, earlier.claims);
  }

  const runItem = async (item: BatchItem, index: number) => {
    let record: ({ id: string | number } & CheckResult) | { id: string | number; error: { kind: string; message: string } };
    try {
      const planned = planClaims(item.source, { keepAll });
      const loaded = await image(item.image);
      // Sizing is CPU work: once this item's image is ready, the one of the item that takes this slot
      // next is prepared while the model answers. Its failure is reported when its turn comes.
      const ahead = todo[index + concurrency];
      if (ahead && !signal.aborted) image(ahead.image).catch(() => undefined);
      const checked = await checkItem({
        client,
        model: endpoint.model,
        planned,
        image: loaded,
        signal,
        outputMode,
        samples,
        ...(calibration ? { scoreKind: calibration.score_kind } : {}),
      });
      const kindMismatch = calibration && calibrationMismatch(calibration, { model: endpoint.model, scoreKind: checked.score_kind });
      if (kindMismatch) {
        // Every item would get the same scores: stop, like an endpoint failure, and write nothing for it.
        fatal ??= new CheckError('bad-request', kindMismatch);
        stop.abort();
        return;
      }
      const result = calibration ? applyCalibration(checked, calibration) : checked;
      if (calibration) tallyDecided(decided, item, result);
      record = { id: item.id, ...result };
      tally.ok++;
      tally.claims += result.claims.length;
      tally.unverified += unverifiedCount(result);
      tally.promptTokens += result.usage.prompt_tokens;
      tally.completionTokens += result.usage.completion_tokens;
      if (result.score_kind === null) tally.unscored++;
      addPairs(item, result.claims);
    } catch (error) {
      const checkError = asCheckError(error);
      // A cancelled item is not a result: it is left for --resume.
      if (signal.aborted || checkError.kind === 'aborted') return;
      if (ENDPOINT_FAILURES.has(checkError.kind)) {
        fatal ??= checkError;
        stop.abort();
        return;
      }
      record = { id: item.id, error: { kind: checkError.kind, message: cliMessage(checkError, endpoint) } };
      tally.failed++;
    }
    // An item's error text may echo the key; the results file is shared more widely than a terminal.
    writer.write(redactSecret(record, endpoint.apiKey));
    progress.update({ done: tally.ok + tally.failed, failed: tally.failed, total: todo.length, elapsedMs: Date.now() - started });
  };

  try {
    await runPool(todo, concurrency, runItem, signal);
  } finally {
    writer.close();
    progress.finish();
  }

  const interrupted = io.signal.aborted;
  const notRun = todo.length - tally.ok - tally.failed;
  const elapsed = Date.now() - started;
  const lines = [
    `${interrupted ? 'Interrupted' : fatal ? 'Stopped' : 'Done'}: ${items.length + problems.length} item(s) in the input · ${tally.ok} checked · ${tally.failed + problems.length} failed` +
      (skipped ? ` · ${skipped} already done` : '') +
      (notRun ? ` · ${notRun} not run` : ''),
    `Claims: ${tally.claims} checked · ${tally.unverified} without a verdict · ${tally.promptTokens} + ${tally.completionTokens} tokens · ${sent.count()} request${sent.count() === 1 ? '' : 's'}`,
    `Time: ${formatDuration(elapsed)} · ${((tally.ok + tally.failed) / Math.max(elapsed / 1000, 0.001)).toFixed(2)} items/s at concurrency ${concurrency} · results in ${outPath}`,
  ];
  if (tally.unscored && !calibration) lines.push(`Not scored: ${tally.unscored} item(s); ${UNSCORED_HINT}`);
  if (pairs.length) lines.push(...formatMetrics(computeMetrics(pairs)));
  if (calibration) lines.push(...formatDecided(decided, tally.claims, calibration.alpha));
  lines.push(...metricNotes.slice(0, 5).map((n) => `Note: ${n}`));
  if (metricNotes.length > 5) lines.push(`Note: … and ${metricNotes.length - 5} more item(s) left out of the metrics.`);
  if (interrupted || fatal) lines.push('Run the same command with --resume to continue.');
  io.stderr.write(`${lines.join('\n')}\n`);
  if (interrupted) return EXIT.interrupted;
  if (fatal) {
    warn(io, `Stopped: ${cliMessage(fatal, endpoint)}`);
    return EXIT.failed;
  }
  return tally.failed + problems.length + tally.unverified > 0 ? EXIT.failed : EXIT.ok;
}

interface DecidedTally {
  claims: number;
  /** Decided claims with a gold label beside them, and how many of those disagree with it. */
  withGold: number;
  wrong: number;
}

/** Counts the item's decided claims and, with gold labels, the decided ones that are wrong. */
function tallyDecided(decided: DecidedTally, item: BatchItem, result: CheckResult): void {
  const gold = item.gold && item.gold.length === result.claims.length ? item.gold : null;
  result.claims.forEach((claim, i) => {
    if (!claim.decided) return;
    decided.claims++;
    const g = gold?.[i];
    if (!g || claim.label === null) return;
    decided.withGold++;
    if (g.label !== claim.label) decided.wrong++;
  });
}

/** The summary lines of a calibrated run: share decided and, with gold labels, the realised error among them. */
export function formatDecided(decided: DecidedTally, claims: number, alpha: number): string[] {
  const share = claims ? ` (${((100 * decided.claims) / claims).toFixed(1)}%)` : '';
  const lines = [`Calibration: ${decidedSummary(decided.claims, claims, alpha)}${share}`];
  if (decided.withGold)
    lines.push(
      `Error among decided verdicts, against gold: ${((100 * decided.wrong) / decided.withGold).toFixed(1)}% (${decided.wrong} of ${decided.withGold})`,
    );
  return lines;
}
