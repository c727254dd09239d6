// Verifies a caption's claims against the image: plans the chunks, runs them a few at a time over the
// request ladder (request.ts), and puts exactly one verdict per claim together, or none.
import { plural, t } from '../i18n';
import { CheckError } from '../errors';
import { mapLimit } from '../pool';
import type { Verdict } from './schema';
import { flaggedNote, planRequests } from './plan';
import { OUTPUT_MODES, requestWithLadder, type ChunkRequest, type LadderState, type OutputMode, type Usage } from './request';

export { OUTPUT_MODES, requestBody, type OutputMode, type Usage } from './request';

/** Claims per request unless the caller says otherwise (batch files split claims the same way). */
export const DEFAULT_CHUNK_SIZE = 12;

/** A check's claims and how to ask for them. */
export interface VerifyClaimsOptions extends ChunkRequest {
  claims: readonly string[];
  /** Stream the answer and report each verdict as soon as it is complete. */
  stream?: boolean;
  /** Start the ladder here (what worked last time for this endpoint). */
  outputMode?: OutputMode;
  /** Claims per request; the seed prompt is used for lists of up to this many in one request. */
  chunkSize?: number;
  /** Requests in flight at once when a list is split into chunks. */
  concurrency?: number;
  onVerdict?: (claimIndex: number, verdict: Verdict) => void;
  /** Ask for token logprobs (dropped for endpoints that reject them) to give each verdict a confidence. */
  logprobs?: boolean;
  /** Called when the ladder settles on a mode, so the caller can remember it per endpoint. */
  onOutputMode?: (mode: OutputMode) => void;
}

export interface EndpointVerdicts {
  /** One entry per claim, in claim order; null where the model gave no readable verdict. */
  verdicts: (Verdict | null)[];
  /** Per claim, the probability of its label token where the endpoint sent logprobs; never invented. */
  confidences: (number | null)[];
  usage: Usage;
  outputMode: OutputMode;
  /** Whether the endpoint accepted the logprobs request (remember it, to skip a rejected request next time). */
  logprobs: boolean;
  requests: number;
  notes: string[];
}

/**
 * Verifies every claim against the image with the seed prompt: up to `chunkSize` claims per request
 * (instruction-like claims alone), chunks in parallel, exactly one verdict per claim or the claims are
 * asked again one by one, one follow-up for claims the model skipped, never a guessed or shifted verdict.
 */
export async function verifyClaims(options: VerifyClaimsOptions): Promise<EndpointVerdicts> {
  const { claims } = options;
  if (claims.length === 0) throw new CheckError('caption', t('errNoClaim'));
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const state: LadderState = {
    mode: options.outputMode ?? OUTPUT_MODES[0],
    stream: options.stream ?? false,
    logprobs: options.logprobs ?? true,
    requests: 0,
  };
  const verdicts: (Verdict | null)[] = claims.map(() => null);
  const confidences: (number | null)[] = claims.map(() => null);
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  const notes: string[] = [];
  // One failed chunk ends the check: the chunks still in flight are cancelled and report nothing more, and the check
  // ends only once they have (no request of it outlives it).
  const stop = new AbortController();
  const cancel = () => stop.abort();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const report = (index: number, verdict: Verdict) => {
    if (stop.signal.aborted) return;
    verdicts[index] = verdict;
    options.onVerdict?.(index, verdict);
  };

  const concurrency = Math.max(1, options.concurrency ?? 3);
  const plan = planRequests(claims, chunkSize);
  if (plan.flagged.length > 0) notes.push(flaggedNote(plan.flagged));
  // Claims whose request came back with the wrong number of verdicts were already asked again on their own.
  const reasked = new Set<number>();

  const runChunk = async (indices: number[], retry = false): Promise<void> => {
    const outcome = await requestWithLadder({ ...options, signal }, indices.map((i) => claims[i]!), state, (i, v) => report(indices[i]!, v));
    usage.promptTokens += outcome.usage.promptTokens;
    usage.completionTokens += outcome.usage.completionTokens;
    notes.push(...outcome.notes);
    // An empty answer shifts nothing (its claims are asked again below as skipped); a cut one is a prefix.
    const count = outcome.verdicts.length;
    if (count > 0 && (outcome.cut ? count > indices.length : count !== indices.length)) {
      // Verdicts are matched by position: one missing or extra would shift its neighbours', so none is taken.
      for (const i of indices) {
        verdicts[i] = null;
        confidences[i] = null;
        reasked.add(i);
      }
      const again = indices.length > 1 || !retry;
      notes.push(plural(t, again ? 'noteCountMismatchAgain' : 'noteCountMismatch', indices.length, outcome.verdicts.length, indices.length));
      if (again) await mapLimit(indices.map((i) => [i]), concurrency, (single) => runChunk(single, true), cancel);
      return;
    }
    outcome.verdicts.forEach((v, i) => {
      if (!v) return;
      verdicts[indices[i]!] = v;
      confidences[indices[i]!] = outcome.confidences[i] ?? null;
    });
  };

  try {
    // The first request settles the output mode, so the others do not each walk the ladder.
    const [first, ...rest] = plan.requests;
    await runChunk(first!);
    options.onOutputMode?.(state.mode);
    await mapLimit(rest, concurrency, (indices) => runChunk(indices), cancel);

    // One more try for what the model skipped (the whole list if it skipped everything), planned like the first.
    const missing = claims.map((_, i) => i).filter((i) => !verdicts[i] && !reasked.has(i));
    if (missing.length > 0 && missing.length < claims.length) notes.push(plural(t, 'noteAskedAgain', missing.length, missing.length));
    if (missing.length > 0) await mapLimit(planRequests(claims, chunkSize, missing).requests, concurrency, (indices) => runChunk(indices), cancel);
  } catch (error) {
    stop.abort();
    throw error;
  }
  if (verdicts.every((v) => !v))
    throw new CheckError('bad-output', t('errNoVerdict'));
  return { verdicts, confidences, usage, outputMode: state.mode, logprobs: state.logprobs, requests: state.requests, notes };
}