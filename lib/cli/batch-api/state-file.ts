// The state of a run through the Batch API, kept beside --out: every uploaded file and created batch
// is recorded here before the command waits on it, so a crash or Ctrl-C loses nothing and a rerun
// resumes instead of submitting twice. Written atomically; never holds a key.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

export const STATE_KIND = 'caption-check/openai-batch';

export const partSchema = z.object({
  /** The request file written locally (deleted once uploaded). */
  requestsPath: z.string(),
  requests: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Input lines this part covers (items never straddle two parts). */
  firstLine: z.number().int().positive(),
  lastLine: z.number().int().positive(),
  fileId: z.string().nullable(),
  batchId: z.string().nullable(),
  status: z.string().nullable(),
  counts: z.object({ total: z.number(), completed: z.number(), failed: z.number() }).nullable(),
  outputFileId: z.string().nullable(),
  errorFileId: z.string().nullable(),
  /** Validation or terminal errors the API reported for the batch. */
  errors: z.array(z.string()),
  /** Its answers are in --out (or listed for a follow-up run). */
  ingested: z.boolean(),
});
export type BatchPart = z.infer<typeof partSchema>;

export const stateSchema = z.object({
  kind: z.literal(STATE_KIND),
  version: z.literal(1),
  /** Tags the batches this run created, so a rerun finds a batch whose id it did not get to record. */
  runId: z.string().min(1),
  input: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  format: z.object({ mode: z.enum(['json_schema', 'json_object', 'prompt']), logprobs: z.boolean() }),
  /**
   * Whether captions were split with --keep-all: the submitted requests hold claims planned that way,
   * and their answers are matched by it. Absent in files written before the flag existed (then false).
   */
  keepAll: z.boolean().optional(),
  window: z.string(),
  /** preparing: request files being written (nothing uploaded yet); submitted: every part is listed. */
  phase: z.enum(['preparing', 'submitted']),
  parts: z.array(partSchema),
});
export type BatchState = z.infer<typeof stateSchema>;

/** Why a state file cannot be used; the file itself is left untouched. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/** The state file of an --out path. */
export function statePathOf(outPath: string): string {
  return `${outPath}.batch.json`;
}

/** The base URL as recorded: no user or password part, which may carry a credential. */
export function recordableUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/+$/, '');
}

/** The saved state, or null when there is none; a torn or foreign file throws StateFileError. */
export function readState(path: string): BatchState | null {
  if (!existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new StateFileError(
      `${path} is not a readable state file (cut short or edited). It was left as it is: if it lists open batches, ` +
        'restore it or cancel them in the provider\'s dashboard; otherwise delete it, or pass another --out.',
    );
  }
  const kind = typeof json === 'object' && json !== null && 'kind' in json ? json.kind : undefined;
  if (kind !== STATE_KIND) throw new StateFileError(`${path} was not written by caption-check batch --via openai-batch; it was left as it is. Pass another --out.`);
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success)
    throw new StateFileError(`${path} is from another version of caption-check or was edited (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}); it was left as it is.`);
  return parsed.data;
}

/** Writes the state atomically: a crash leaves the old file or the new one, never half of one. */
export function writeState(path: string, state: BatchState): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(stateSchema.parse(state), null, 2)}\n`);
  renameSync(temp, path);
}

/** Refuses a state that belongs to another run (other input, endpoint or model), naming the difference. */
export function checkSameRun(state: BatchState, run: Pick<BatchState, 'input' | 'baseUrl' | 'model'>, path: string): void {
  const differences = (['input', 'baseUrl', 'model'] as const).filter((field) => state[field] !== run[field]);
  if (differences.length === 0) return;
  const field = differences[0]!;
  throw new StateFileError(
    `${path} belongs to another run (${field} was ${state[field]}, now ${run[field]}). Run the same command as before to resume it, ` +
      '--cancel it, or pass another --out.',
  );
}

/** The flag as a person types it, for messages. */
function keepAllFlag(keepAll: boolean): string {
  return keepAll ? 'with --keep-all' : 'without --keep-all';
}

/**
 * Refuses to resume a run whose requests were planned with the other --keep-all: their answers belong
 * to other claims, so mixing them in would match verdicts to the wrong claims.
 */
export function checkSameClaims(state: BatchState, keepAll: boolean, path: string): void {
  const recorded = state.keepAll ?? false;
  if (recorded === keepAll) return;
  throw new StateFileError(
    `${path} belongs to a run started ${keepAllFlag(recorded)}, and its requests hold claims split that way; this command is ${keepAllFlag(keepAll)}. ` +
      `Run it ${keepAllFlag(recorded)} to resume, --cancel the run, or pass another --out.`,
  );
}
