// The flags of `batch` that hand the work to a batch engine, parsed into one options object.
import { dirname, resolve } from 'node:path';
import { ENDPOINT_ENV, intFlag, parseArgs, resolveEndpoint, stringFlag, UsageError, type Endpoint, type FlagSpec, type ParsedArgs } from '../args';
import { BATCH_FLAGS, batchInputPath, batchOutputPath, DEFAULT_CONCURRENCY } from '../batch-flags';
import type { CliIo } from '../io';
import { OUTPUT_MODES, type OutputMode } from '../../verify/verify';
import { FILE_LIMITS } from './part-writer';
import type { RequestFormat } from './request-line';

/** The online batch's flags plus the batch-engine ones; `--via`, `--emit-requests` or `--ingest` picks the route. */
export const BATCH_API_FLAGS: FlagSpec = {
  // The score flags among these are parsed only to be refused with a reason: "Unknown option" would suggest a typo.
  ...BATCH_FLAGS,
  via: { type: 'string' },
  'emit-requests': { type: 'string' },
  ingest: { type: 'string' },
  poll: { type: 'string' },
  window: { type: 'string' },
  cancel: { type: 'boolean' },
  'retry-online': { type: 'boolean' },
  'no-retry-online': { type: 'boolean' },
  'output-mode': { type: 'string' },
  'no-logprobs': { type: 'boolean' },
  'max-file-requests': { type: 'string' },
};

const ROUTE_FLAGS = ['--via', '--emit-requests', '--ingest'];

/** Whether the arguments ask for a batch engine rather than the online batch. */
export function wantsBatchApi(argv: readonly string[]): boolean {
  const cut = argv.indexOf('--');
  return (cut < 0 ? argv : argv.slice(0, cut)).some((token) => ROUTE_FLAGS.some((flag) => token === flag || token.startsWith(`${flag}=`)));
}

export type Route = 'openai-batch' | 'emit' | 'ingest';

export interface BatchApiOptions {
  route: Route;
  inputPath: string;
  baseDir: string;
  /** --out (null only for --emit-requests). */
  outPath: string | null;
  requestsPath: string | null;
  responsesPath: string | null;
  resume: boolean;
  /** Set nothing aside when splitting captions (the online batch's --keep-all); custom_ids depend on it. */
  keepAll: boolean;
  concurrency: number;
  /** The endpoint, when one is given (required for openai-batch; used by ingest to retry online). */
  endpoint: Endpoint | null;
  model: string;
  format: RequestFormat;
  pollMs: number;
  window: string;
  cancel: boolean;
  retryOnline: boolean;
  maxFileRequests: number;
}

/** "30s", "2m", "1h", "500ms" or plain seconds, in milliseconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new UsageError(`--${flag} needs a duration such as 30s, 2m or 1h, got "${text}".`, 'batch');
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}

function routeOf(args: ParsedArgs): Route {
  const via = stringFlag(args, 'via');
  const picked = [via !== undefined, stringFlag(args, 'emit-requests') !== undefined, stringFlag(args, 'ingest') !== undefined].filter(Boolean).length;
  if (picked > 1) throw new UsageError('Pass one of --via, --emit-requests or --ingest.', 'batch');
  if (via !== undefined && via !== 'openai-batch') throw new UsageError(`--via takes openai-batch, got "${via}" (for vLLM, use --emit-requests and --ingest).`, 'batch');
  return via !== undefined ? 'openai-batch' : stringFlag(args, 'emit-requests') !== undefined ? 'emit' : 'ingest';
}

function formatOf(args: ParsedArgs): RequestFormat {
  const mode = stringFlag(args, 'output-mode') ?? 'json_schema';
  if (!OUTPUT_MODES.includes(mode as OutputMode)) throw new UsageError(`--output-mode takes ${OUTPUT_MODES.join(', ')}, got "${mode}".`, 'batch');
  return { mode: mode as OutputMode, logprobs: args.flags['no-logprobs'] !== true };
}

/** The options of a batch-engine run, or null for --help; mistakes are UsageErrors. */
export function parseBatchApiArgs(argv: readonly string[], io: CliIo): BatchApiOptions | null {
  const args = parseArgs(argv, BATCH_API_FLAGS, 'batch');
  if (args.flags.help) return null;
  const inputPath = batchInputPath(args, io, 'caption-check batch <in.jsonl> …');
  const route = routeOf(args);
  if (stringFlag(args, 'samples') !== undefined)
    throw new UsageError('--samples asks the model several times per claim, which a batch engine does not do: leave it out (the requests ask for logprobs) or run the online batch.', 'batch');
  if (stringFlag(args, 'calibration') !== undefined)
    throw new UsageError('--calibration works with the online batch only, for now: run the batch without --via, --emit-requests or --ingest to mark verdicts decided.', 'batch');
  const outPath = batchOutputPath(args, io, 'out', inputPath);
  if (route !== 'emit' && !outPath) throw new UsageError('Missing --out <out.jsonl>: where the results go.', 'batch');
  if (args.flags['retry-online'] && args.flags['no-retry-online']) throw new UsageError('Pass --retry-online or --no-retry-online, not both.', 'batch');
  const hasEndpoint = stringFlag(args, 'base-url') !== undefined || io.env[ENDPOINT_ENV.baseUrl] !== undefined;
  const endpoint = route === 'openai-batch' || hasEndpoint ? resolveEndpoint(args, io.env, 'batch', io.cwd) : null;
  const model = endpoint?.model ?? stringFlag(args, 'model')?.trim() ?? io.env[ENDPOINT_ENV.model]?.trim() ?? '';
  if (route === 'emit' && !model) throw new UsageError(`No model: pass --model <vision model> (it goes into every request) or set ${ENDPOINT_ENV.model}.`, 'batch');
  const window = stringFlag(args, 'window') ?? '24h';
  if (!/^\d+h$/.test(window)) throw new UsageError(`--window takes hours such as 24h, got "${window}".`, 'batch');
  return {
    route,
    inputPath,
    baseDir: dirname(inputPath),
    outPath,
    requestsPath: route === 'emit' ? batchOutputPath(args, io, 'emit-requests', inputPath) : null,
    responsesPath: route === 'ingest' ? resolve(io.cwd, stringFlag(args, 'ingest')!) : null,
    resume: args.flags.resume === true,
    keepAll: args.flags['keep-all'] === true,
    concurrency: intFlag(args, 'concurrency', DEFAULT_CONCURRENCY, 1, 64, 'batch'),
    endpoint,
    model,
    format: formatOf(args),
    pollMs: parseDuration(stringFlag(args, 'poll') ?? '30s', 'poll'),
    window,
    cancel: args.flags.cancel === true,
    retryOnline: args.flags['no-retry-online'] !== true,
    maxFileRequests: intFlag(args, 'max-file-requests', FILE_LIMITS.requests, 1, FILE_LIMITS.requests, 'batch'),
  };
}
