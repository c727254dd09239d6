// `batch` through a batch engine instead of online requests: --via openai-batch, --emit-requests, --ingest.
import { EXIT, warn, type CliIo } from '../io';
import { guardKey } from '../endpoint-key';
import { BATCH_HELP } from '../help';
import { BATCH_API_HELP } from './help';
import { emitRequests, ingestResponses } from './engine-files';
import { runOpenAiBatch } from './openai-batch-route';
import { parseBatchApiArgs } from './options';
import { StateFileError } from './state-file';

/** Runs `batch` with --via, --emit-requests or --ingest; returns the exit code. */
export async function runBatchApi(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseBatchApiArgs(argv, io);
  if (!options) {
    io.stdout.write(BATCH_HELP + BATCH_API_HELP);
    return EXIT.ok;
  }
  // As the online batch: the key is hidden in everything printed, and a key sent in clear is named.
  if (options.endpoint) guardKey(io, options.endpoint);
  try {
    if (options.route === 'emit') return await emitRequests(options, io);
    if (options.route === 'ingest') return await ingestResponses(options, io);
    return await runOpenAiBatch(options, io);
  } catch (error) {
    if (!(error instanceof StateFileError)) throw error;
    warn(io, error.message);
    return EXIT.failed;
  }
}
