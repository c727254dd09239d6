// One request for one chunk of claims, and the ladder that walks it down to what the endpoint accepts
// (logprobs, output mode, streaming). verify.ts plans the chunks and puts the answers together.
import { t } from '../i18n';
import type OpenAI from 'openai';
import { BadRequestError, UnprocessableEntityError } from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { CheckError } from '../errors';
import { buildVerifyMessages } from './prompt';
import { parseVerdicts } from './parse';
import { verdictListJsonSchema, type Verdict } from './schema';
import { createVerdictStreamParser } from './stream-parse';
import { mentionsImageInput, toCheckError } from './client';
import { labelConfidences, type TokenLogprob } from './confidence';
import { withOwnSignal } from '../own-signal';

/** How the model is asked for JSON, strongest first; the first one an endpoint accepts is remembered. */
export const OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

/** Tokens one check used. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** Where one chunk of claims goes: the client, the model, the image, and the check's cancel signal. */
export interface ChunkRequest {
  client: OpenAI;
  model: string;
  imageDataUrl: string;
  signal?: AbortSignal;
}

/** What one request brought back. */
export interface RequestOutcome {
  verdicts: (Verdict | null)[];
  /** Aligned with `verdicts` when the label count matches; otherwise empty. */
  confidences: number[];
  usage: Usage;
  notes: string[];
  /** The answer stopped at the output-token limit: its verdicts are a prefix, written in claim order. */
  cut: boolean;
}

/** What the endpoint has shown it accepts, learnt as the check goes. */
export interface LadderState {
  mode: OutputMode;
  stream: boolean;
  logprobs: boolean;
  requests: number;
}

function alignedConfidences(tokens: readonly TokenLogprob[], verdictCount: number): number[] {
  const confidences = labelConfidences(tokens);
  return confidences.length === verdictCount ? confidences : [];
}

/** Said when the model ran out of output tokens mid-answer (here and in batch results). */
export const lengthNote = (): string => t('noteLength');

type ResponseFormat = ChatCompletionCreateParamsBase['response_format'];

/** The format of each claim count, made once (the map keeps the last 64 counts; a chunk has at most a few dozen). */
const schemaFormats = new Map<number, ResponseFormat>();

/** The strict JSON schema format for `claimCount` claims. */
export function schemaFormat(claimCount: number): ResponseFormat {
  let format = schemaFormats.get(claimCount);
  if (!format) {
    format = writtenSchemaFormat(claimCount);
    if (schemaFormats.size >= 64) schemaFormats.delete(schemaFormats.keys().next().value!);
    schemaFormats.set(claimCount, format);
  }
  return format;
}

/**
 * The format written out: what openai's zodResponseFormat makes of verdictListSchemaFor(claimCount), byte for byte
 * (test/verify/schema-format.test.ts compares the two), without converting the zod schema, which a worker woken by the
 * click did on its way to the request, in code it ran for the first time.
 */
function writtenSchemaFormat(claimCount: number): ResponseFormat {
  return {
    type: 'json_schema',
    json_schema: {
      name: 'claim_verdicts',
      strict: true,
      schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...verdictListJsonSchema(claimCount) },
    },
  };
}

function responseFormat(mode: OutputMode, claimCount: number): ResponseFormat {
  if (mode === 'json_schema') return schemaFormat(claimCount);
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
  if (message?.refusal) throw new CheckError('refused', t('errRefusedModel', message.refusal.slice(0, 200)));
  if (finishReason === 'content_filter')
    throw new CheckError('refused', t('errContentFilter'));
}

async function requestOnce(
  options: ChunkRequest,
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
      notes: choice?.finish_reason === 'length' ? [...parsed.notes, lengthNote()] : parsed.notes,
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
  if (options.signal?.aborted) throw new CheckError('aborted', t('errCancelled'));
  checkFinish({ refusal: refusal || null }, finishReason);
  // The whole answer is the authority: it also reads what the incremental scan could not.
  const parsed = parseVerdicts(scanner.text);
  parsed.verdicts.slice(0, claims.length).forEach((v, i) => v && !seen.has(i) && onVerdict(i, v));
  return {
    verdicts: parsed.verdicts,
    confidences: alignedConfidences(tokens, parsed.verdicts.length),
    notes: finishReason === 'length' ? [...parsed.notes, lengthNote()] : parsed.notes,
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
export async function requestWithLadder(
  options: ChunkRequest,
  claims: readonly string[],
  state: LadderState,
  onVerdict: (index: number, verdict: Verdict) => void,
): Promise<RequestOutcome> {
  for (;;) {
    try {
      state.requests++;
      return await withOwnSignal(options.signal, (signal) => requestOnce({ ...options, signal }, claims, state, onVerdict));
    } catch (error) {
      if (!isRejectedRequest(error) || mentionsImageInput(error)) throw toCheckError(error, options.model, options.client.baseURL);
      const named = rejectedOption(error);
      const nextMode = OUTPUT_MODES[OUTPUT_MODES.indexOf(state.mode) + 1];
      if (state.logprobs && (named === 'logprobs' || named === null)) state.logprobs = false;
      else if (nextMode && (named === 'format' || named === null)) state.mode = nextMode;
      else if (state.stream && (named === 'stream' || named === null)) state.stream = false;
      else throw toCheckError(error, options.model, options.client.baseURL);
    }
  }
}
