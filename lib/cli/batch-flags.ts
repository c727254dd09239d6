// The flags every `batch` run takes, online or through a batch engine (batch-api/options.ts adds the
// engine's), and the checks of its file arguments.
import { dirname, resolve } from 'node:path';
import { ENDPOINT_FLAGS, SCORE_FLAGS, stringFlag, UsageError, type FlagSpec, type ParsedArgs } from './args';
import { isFolder } from './batch-files';
import type { CliIo } from './io';

export const BATCH_FLAGS: FlagSpec = {
  ...ENDPOINT_FLAGS,
  ...SCORE_FLAGS,
  out: { type: 'string', short: 'o' },
  concurrency: { type: 'string', short: 'c' },
  resume: { type: 'boolean' },
  'keep-all': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

/** Items checked at once unless --concurrency says otherwise. */
export const DEFAULT_CONCURRENCY = 4;

/** The one input file of a run, resolved; `missing` is the usage line shown without it. */
export function batchInputPath(args: ParsedArgs, io: CliIo, missing: string): string {
  const [input, ...extra] = args.positionals;
  if (!input) throw new UsageError(`Missing the input file: ${missing}`, 'batch');
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}" (one input file per run).`, 'batch');
  return resolve(io.cwd, input);
}

/** A file a run writes (--out, --emit-requests), resolved: never the input file, in a folder that exists; null when not given. */
export function batchOutputPath(args: ParsedArgs, io: CliIo, flag: string, inputPath: string): string | null {
  const text = stringFlag(args, flag);
  if (text === undefined) return null;
  const path = resolve(io.cwd, text);
  if (path === inputPath) throw new UsageError(`--${flag} must not be the input file.`, 'batch');
  if (!isFolder(dirname(path))) throw new UsageError(`--${flag} ${path}: the folder does not exist.`, 'batch');
  return path;
}
