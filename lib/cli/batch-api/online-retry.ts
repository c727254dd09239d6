// Items the batch could not answer, checked online exactly as `batch` without --via checks them,
// each result appended the moment it is done.
import { ENDPOINT_FAILURES } from '../messages';
import type { BatchItem } from '../batch-input';
import { checkItem, planClaims } from '../check-item';
import { imageCache } from '../image-cache';
import { asCheckError, cliMessage } from '../messages';
import { runPool } from '../../pool';
import type { Endpoint } from '../args';
import type { CheckError } from '../../errors';
import { createClient } from '../../verify/client';
import type { OutputMode } from '../../verify/verify';
import type { ResultSink } from './results-file';

export interface OnlineRetry {
  endpoint: Endpoint;
  concurrency: number;
  baseDir: string;
  /** Plan claims as the batch did (--keep-all), so a retried item gets the claims its requests had. */
  keepAll: boolean;
  signal: AbortSignal;
  writer: ResultSink;
  /** Called with each id written, so the caller knows what is in --out. */
  onWritten: (key: string) => void;
}

export interface OnlineRetryResult {
  written: number;
  /** Set when the endpoint itself failed (key, model, URL): the items left were not written. */
  fatal: CheckError | null;
}

/** Checks `items` online, `concurrency` at a time; an error of the endpoint itself stops the rest. */
export async function checkOnline(items: readonly BatchItem[], options: OnlineRetry): Promise<OnlineRetryResult> {
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const client = createClient(options.endpoint, { timeoutMs: 120_000, maxRetries: 2 });
  const image = imageCache(options.baseDir, signal, Math.max(32, 2 * options.concurrency + 1));
  const outputMode: { current: OutputMode | undefined } = { current: undefined };
  const result: OnlineRetryResult = { written: 0, fatal: null };
  await runPool(
    items,
    options.concurrency,
    async (item) => {
      let record: object;
      try {
        const planned = planClaims(item.source, { keepAll: options.keepAll });
        const checked = await checkItem({ client, model: options.endpoint.model, planned, image: await image(item.image), signal, outputMode });
        record = { id: item.id, ...checked };
      } catch (error) {
        const checkError = asCheckError(error);
        if (signal.aborted || checkError.kind === 'aborted') return;
        if (ENDPOINT_FAILURES.has(checkError.kind)) {
          result.fatal ??= checkError;
          stop.abort();
          return;
        }
        record = { id: item.id, error: { kind: checkError.kind, message: cliMessage(checkError, options.endpoint) } };
      }
      options.writer.write(record);
      options.onWritten(item.key);
      result.written++;
    },
    signal,
  );
  return result;
}
