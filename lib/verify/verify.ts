import type OpenAI from 'openai';
import { BadRequestError, UnprocessableEntityError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { CheckError } from '../errors';
import { buildVerifyMessages } from './prompt';
import { parseVerdicts } from './parse';
import { verdictListSchema, type Verdict } from './schema';
import { createVerdictStreamParser } from './stream-parse';
import { mentionsImageInput, toCheckError } from './client';

/** How the model is asked for JSON, strongest first; the first one an endpoint accepts is remembered. */
export const OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

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
  /** Called when the ladder settles on a mode, so the caller can remember it per endpoint. */
  onOutputMode?: (mode: OutputMode) => void;
}

export interface VerifyResult {
  /** One entry per claim, in claim order; null where the model gave no readable verdict. */
  verdicts: (Verdict | null)[];
  usage: Usage;
  outputMode: OutputMode;
  requests: number;
  notes: string[];
}

interface RequestOutcome {
  verdicts: (Verdict | null)[];
  usage: Usage;
  notes: string[];
}

function responseFormat(mode: OutputMode): ChatCompletionCreateParamsBase['response_format'] {
  if (mode === 'json_schema') return zodResponseFormat(verdictListSchema, 'claim_verdicts');
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

function requestBody(model: string, claims: readonly string[], imageDataUrl: string, mode: OutputMode): ChatCompletionCreateParamsBase {
  const { system, user } = buildVerifyMessages(claims, imageDataUrl);
  const format = responseFormat(mode);
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
  mode: OutputMode,
  onVerdict: (index: number, verdict: Verdict) => void,
): Promise<RequestOutcome> {
  const body = requestBody(options.model, claims, options.imageDataUrl, mode);
  const requestOptions = { signal: options.signal };
  if (!options.stream) {
    const completion = await options.client.chat.completions.create({ ...body, stream: false }, requestOptions);
    const choice = completion.choices[0];
    checkFinish(choice?.message, choice?.finish_reason);
    const parsed = parseVerdicts(choice?.message.content ?? '');
    parsed.verdicts.slice(0, claims.length).forEach((v, i) => v && onVerdict(i, v));
    return {
      verdicts: parsed.verdicts,
      notes: parsed.notes,
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
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice?.delta.content) scanner.push(choice.delta.content);
    if (choice?.delta.refusal) refusal += choice.delta.refusal;
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage) usage.promptTokens = chunk.usage.prompt_tokens, usage.completionTokens = chunk.usage.completion_tokens;
  }
  checkFinish({ refusal: refusal || null }, finishReason);
  // The whole answer is the authority: it also reads what the incremental scan could not.
  const parsed = parseVerdicts(scanner.text);
  parsed.verdicts.slice(0, claims.length).forEach((v, i) => v && !seen.has(i) && onVerdict(i, v));
  return { verdicts: parsed.verdicts, notes: parsed.notes, usage };
}

function isRejectedRequest(error: unknown): error is BadRequestError | UnprocessableEntityError {
  return error instanceof BadRequestError || error instanceof UnprocessableEntityError;
}

/**
 * Sends one chunk, stepping down the output ladder when the endpoint rejects a response format and
 * falling back to a plain request when it rejects streaming.
 */
async function requestWithLadder(
  options: VerifyOptions,
  claims: readonly string[],
  state: { mode: OutputMode; stream: boolean; requests: number },
  onVerdict: (index: number, verdict: Verdict) => void,
): Promise<RequestOutcome> {
  for (;;) {
    try {
      state.requests++;
      return await requestOnce({ ...options, stream: state.stream }, claims, state.mode, onVerdict);
    } catch (error) {
      if (!isRejectedRequest(error) || mentionsImageInput(error)) throw toCheckError(error, options.model);
      const next = OUTPUT_MODES[OUTPUT_MODES.indexOf(state.mode) + 1];
      if (next) state.mode = next;
      else if (state.stream) {
        state.stream = false;
        state.mode = OUTPUT_MODES[0];
      } else throw toCheckError(error, options.model);
    }
  }
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
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
 * Verifies every claim against the image with the seed prompt: up to `chunkSize` claims per request,
 * chunks in parallel, one follow-up for claims the model skipped, never a guessed verdict.
 */
export async function verifyClaims(options: VerifyOptions): Promise<VerifyResult> {
  const { claims } = options;
  if (claims.length === 0) throw new CheckError('caption', 'There is no claim to check. Select the caption text and try again.');
  const chunkSize = Math.max(1, options.chunkSize ?? 12);
  const state = { mode: options.outputMode ?? OUTPUT_MODES[0], stream: options.stream ?? false, requests: 0 };
  const verdicts: (Verdict | null)[] = claims.map(() => null);
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

  const runChunk = async (indices: number[]) => {
    const outcome = await requestWithLadder({ ...options, signal }, indices.map((i) => claims[i]!), state, (i, v) => report(indices[i]!, v));
    usage.promptTokens += outcome.usage.promptTokens;
    usage.completionTokens += outcome.usage.completionTokens;
    notes.push(...outcome.notes);
    if (outcome.verdicts.length > indices.length)
      notes.push(`The model sent ${outcome.verdicts.length} verdicts for ${indices.length} claims; the extra ones were dropped.`);
    outcome.verdicts.slice(0, indices.length).forEach((v, i) => v && (verdicts[indices[i]!] = v));
  };

  const all = claims.map((_, i) => i);
  const inChunks = (indices: number[]) => {
    const chunks: number[][] = [];
    for (let i = 0; i < indices.length; i += chunkSize) chunks.push(indices.slice(i, i + chunkSize));
    return chunks;
  };
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const chunks = inChunks(all);
  try {
    // The first chunk settles the output mode, so the others do not each walk the ladder.
    await runChunk(chunks[0]!);
    options.onOutputMode?.(state.mode);
    await mapLimit(chunks.slice(1), concurrency, runChunk);

    // One more try for what the model skipped (the whole list if it skipped everything), chunked like the first.
    const missing = all.filter((i) => !verdicts[i]);
    if (missing.length > 0 && missing.length < claims.length) notes.push(`Asked again for ${missing.length} claim(s) the model skipped.`);
    if (missing.length > 0) await mapLimit(inChunks(missing), concurrency, runChunk);
  } catch (error) {
    stop.abort();
    throw error;
  }
  if (verdicts.every((v) => !v))
    throw new CheckError('bad-output', 'The model answered, but with no verdict that could be read. Retry, or pick a stronger model in Options.');
  return { verdicts, usage, outputMode: state.mode, requests: state.requests, notes };
}
