import type OpenAI from 'openai';
import { BadRequestError, UnprocessableEntityError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { CheckError } from '../errors';
import { buildVerifyMessages } from './prompt';
import { parseVerdicts } from './parse';
import { verdictListSchemaFor, type Verdict } from './schema';
import { flaggedNote, planRequests } from './plan';
import { createVerdictStreamParser } from './stream-parse';
import { mentionsImageInput, toCheckError } from './client';
import { labelConfidences, type TokenLogprob } from './confidence';

/** How the model is asked for JSON, strongest first; the first one an endpoint accepts is remembered. */
export const OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

/** Claims per request unless the caller says otherwise (batch files split claims the same way). */
export const DEFAULT_CHUNK_SIZE = 12;

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface VerifyOptions {
  client: OpenAI;
  model: string;
  imageDataUrl: string;
  claims: readonly string[];
  signal?: AbortSignal;
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

export interface VerifyResult {
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

interface RequestOutcome {
  verdicts: (Verdict | null)[];
  /** Aligned with `verdicts` when the label count matches; otherwise empty. */
  confidences: number[];
  usage: Usage;
  notes: string[];
  /** The answer stopped at the output-token limit: its verdicts are a prefix, written in claim order. */
  cut: boolean;
}

/** What the endpoint has shown it accepts, learnt as the check goes. */
interface LadderState {
  mode: OutputMode;
  stream: boolean;
  logprobs: boolean;
  requests: number;
}

function alignedConfidences(tokens: readonly TokenLogprob[], verdictCount: number): number[] {
  const confidences = labelConfidences(tokens);
  return confidences.length === verdictCount ? confidences : [];
}

const LENGTH_NOTE = 'The model ran out of output tokens mid-answer; the claims it did not finish were asked again.';

function responseFormat(mode: OutputMode, claimCount: number): ChatCompletionCreateParamsBase['response_format'] {
  if (mode === 'json_schema') return zodResponseFormat(verdictListSchemaFor(claimCount), 'claim_verdicts');
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

/** The chat request body for one chunk of claims: the one function behind both the online requests and batch files. */
export function requestBody(
  model: string,
  claims: readonly string[],
  imageDataUrl: string,
  mode: OutputMode,
  logprobs: boolean,
): ChatCompletionCreateParamsBase {
  const { system, user } = buildVerifyMessages(claims, imageDataUrl);
  const format = responseFormat(mode, claims.length);
  return {
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: system },
      {
        role: 'user',
        content: [
          { type: 'text', text: user },
          { type: 'image_url', image_url: { url: imageDataUrl } },
        ],
      },
    ],
    ...(format ? { response_format: format } : {}),
    ...(logprobs ? { logprobs: true } : {}),
  };
}

function checkFinish(message: { refusal?: string | null } | undefined, finishReason: string | null | undefined): void {
  if (message?.refusal) throw new CheckError('refused', `The model refused to answer: ${message.refusal.slice(0, 200)}`);
  if (finishReason === 'content_filter')
    throw new CheckError('refused', "The endpoint's content filter blocked the answer. Try another model.");
}

async function requestOnce(
  options: VerifyOptions,
  claims: readonly string[],
  state: Pick<LadderState, 'mode' | 'stream' | 'logprobs'>,
  onVerdict: (index: number, verdict: Verdict) => void,
): Promise<RequestOutcome> {
  const body = requestBody(options.model, claims, options.imageDataUrl, state.mode, state.logprobs);
  const requestOptions = { signal: options.signal };
  if (!state.stream) {
    const completion = await options.client.chat.completions.create({ ...body, stream: false }, requestOptions);
    const choice = completion.choices[0];
    checkFinish(choice?.message, choice?.finish_reason);
    const parsed = parseVerdicts(choice?.message.content ?? '');
    parsed.verdicts.slice(0, claims.length).forEach((v, i) => v && onVerdict(i, v));
    return {
      verdicts: parsed.verdicts,
      confidences: alignedConfidences(choice?.logprobs?.content ?? [], parsed.verdicts.length),
      notes: choice?.finish_reason === 'length' ? [...parsed.notes, LENGTH_NOTE] : parsed.notes,
      cut: choice?.finish_reason === 'length',
      usage: { promptTokens: completion.usage?.prompt_tokens ?? 0, completionTokens: completion.usage?.completion_tokens ?? 0 },
    };
  }
  const stream = await options.client.chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } },
    requestOptions,
  );
  const seen = new Set<number>();
  const scanner = createVerdictStreamParser((index, verdict) => {
    if (verdict && index < claims.length) {
      seen.add(index);
      onVerdict(index, verdict);
    }
  });
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let refusal = '';
  let finishReason: string | null = null;
  const tokens: TokenLogprob[] = [];
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice?.delta.content) scanner.push(choice.delta.content);
    if (choice?.logprobs?.content) tokens.push(...choice.logprobs.content);
    if (choice?.delta.refusal) refusal += choice.delta.refusal;
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage) usage.promptTokens = chunk.usage.prompt_tokens, usage.completionTokens = chunk.usage.completion_tokens;
  }
  // The SDK ends an aborted stream quietly; say so rather than treat the cut answer as complete.
  if (options.signal?.aborted) throw new CheckError('aborted', 'The check was cancelled.');
  checkFinish({ refusal: refusal || null }, finishReason);
  // The whole answer is the authority: it also reads what the incremental scan could not.
  const parsed = parseVerdicts(scanner.text);
  parsed.verdicts.slice(0, claims.length).forEach((v, i) => v && !seen.has(i) && onVerdict(i, v));
  return {
    verdicts: parsed.verdicts,
    confidences: alignedConfidences(tokens, parsed.verdicts.length),
    notes: finishReason === 'length' ? [...parsed.notes, LENGTH_NOTE] : parsed.notes,
    cut: finishReason === 'length',
    usage,
  };
}

function isRejectedRequest(error: unknown): error is BadRequestError | UnprocessableEntityError {
  return error instanceof BadRequestError || error instanceof UnprocessableEntityError;
}

/** Which request option a 400 names, from the error's `param` or its text; null when it names none. */
function rejectedOption(error: BadRequestError | UnprocessableEntityError): 'logprobs' | 'stream' | 'format' | null {
  const param = typeof error.param === 'string' ? error.param : '';
  const text = `${param} ${error.message}`.toLowerCase();
  if (/logprob/.test(text)) return 'logprobs';
  if (/response_format|json_schema|json_object|structured|schema|format/.test(text)) return 'format';
  if (/stream/.test(text)) return 'stream';
  return null;
}

/**
 * Sends one chunk, dropping what the endpoint rejects: logprobs first, then a step down the output
 * ladder (json_schema → json_object → prompt), then streaming. A 400 that names an option drops
 * exactly that option; one that names none walks the same order.
 */
async function requestWithLadder(
  options: VerifyOptions,
  claims: readonly string[],
  state: LadderState,
  onVerdict: (index: number, verdict: Verdict) => void,
): Promise<RequestOutcome> {
  for (;;) {
    try {
      state.requests++;
      return await requestOnce(options, claims, state, onVerdict);
    } catch (error) {
      if (!isRejectedRequest(error) || mentionsImageInput(error)) throw toCheckError(error, options.model);
      const named = rejectedOption(error);
      const nextMode = OUTPUT_MODES[OUTPUT_MODES.indexOf(state.mode) + 1];
      if (state.logprobs && (named === 'logprobs' || named === null)) state.logprobs = false;
      else if (nextMode && (named === 'format' || named === null)) state.mode = nextMode;
      else if (state.stream && (named === 'stream' || named === null)) state.stream = false;
      else throw toCheckError(error, options.model);
    }
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; results in item order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Verifies every claim against the image with the seed prompt: up to `chunkSize` claims per request
 * (instruction-like claims alone), chunks in parallel, exactly one verdict per claim or the claims are
 * asked again one by one, one follow-up for claims the model skipped, never a guessed or shifted verdict.
 */
export async function verifyClaims(options: VerifyOptions): Promise<VerifyResult> {
  const { claims } = options;
  if (claims.length === 0) throw new CheckError('caption', 'There is no claim to check. Select the caption text and try again.');
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
  // One failed chunk ends the check: the chunks still in flight are cancelled and report nothing more.
  const stop = new AbortController();
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
      notes.push(
        `The model sent ${outcome.verdicts.length} verdicts for ${indices.length} claim(s); none was matched by position${again ? ', each claim was asked again on its own' : ''}.`,
      );
      if (again) await mapLimit(indices.map((i) => [i]), concurrency, (single) => runChunk(single, true));
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
    await mapLimit(rest, concurrency, (indices) => runChunk(indices));

    // One more try for what the model skipped (the whole list if it skipped everything), planned like the first.
    const missing = claims.map((_, i) => i).filter((i) => !verdicts[i] && !reasked.has(i));
    if (missing.length > 0 && missing.length < claims.length) notes.push(`Asked again for ${missing.length} claim(s) the model skipped.`);
    if (missing.length > 0) await mapLimit(planRequests(claims, chunkSize, missing).requests, concurrency, (indices) => runChunk(indices));
  } catch (error) {
    stop.abort();
    throw error;
  }
  if (verdicts.every((v) => !v))
    throw new CheckError('bad-output', 'The model answered, but with no verdict that could be read. Retry, or pick a stronger model in Options.');
  return { verdicts, confidences, usage, outputMode: state.mode, logprobs: state.logprobs, requests: state.requests, notes };
}
