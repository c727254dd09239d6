// One line of a batch request file, in the format OpenAI's Batch API and `vllm run-batch` both read:
// {custom_id, method, url, body}. The body is built by the same function as an online request.
import { planRequests } from '../../verify/plan';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_CHUNK_SIZE, requestBody, type OutputMode } from '../../verify/verify';

/** The endpoint every line targets. */
export const CHAT_URL = '/v1/chat/completions';

/** What the Batch API documents for one input line (the body is checked loosely: engines add their own fields). */
export const requestLineSchema = z.object({
  custom_id: z.string().min(1).max(512),
  method: z.literal('POST'),
  url: z.literal(CHAT_URL),
  body: z.looseObject({ model: z.string().min(1), messages: z.array(z.unknown()).min(1) }),
});
export type RequestLine = z.infer<typeof requestLineSchema>;

/** How the requests ask for JSON: the first rung of the online ladder unless told otherwise. */
export interface RequestFormat {
  mode: OutputMode;
  logprobs: boolean;
}

/** The online path's first request: json_schema with logprobs (the ladder steps down only on a 400). */
export const DEFAULT_FORMAT: RequestFormat = { mode: 'json_schema', logprobs: true };

function shortHash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * The custom_id of one request: derived from the item's id key and the chunk, plus a hash of the
 * chunk's claims, so answers to requests built from another version of the input are never matched.
 */
export function customIdOf(key: string, chunk: number, claims: readonly string[]): string {
  return `cc-${shortHash(key, 20)}-${chunk}-${shortHash(JSON.stringify(claims), 8)}`;
}

/** The claim indices of each request of an item, planned as the online path plans them (instruction-like claims alone). */
export function chunksOf(claims: readonly string[], chunkSize = DEFAULT_CHUNK_SIZE): number[][] {
  return planRequests(claims, chunkSize).requests;
}

export interface PlannedRequest {
  customId: string;
  /** Claim indices of the item this request carries. */
  indices: number[];
}

/** The requests an item with these claims needs, without building their bodies. */
export function plannedRequests(key: string, claims: readonly string[]): PlannedRequest[] {
  return chunksOf(claims).map((indices, chunk) => ({
    customId: customIdOf(key, chunk, indices.map((i) => claims[i]!)),
    indices,
  }));
}

/** The request lines of one item: one per chunk of claims, with the online path's body. */
export function requestLines(key: string, claims: readonly string[], imageDataUrl: string, model: string, format: RequestFormat): RequestLine[] {
  return plannedRequests(key, claims).map(({ customId, indices }) => ({
    custom_id: customId,
    method: 'POST',
    url: CHAT_URL,
    // stream: false as the online request says it; a batch line is never streamed.
    body: { ...requestBody(model, indices.map((i) => claims[i]!), imageDataUrl, format.mode, format.logprobs), stream: false } as RequestLine['body'],
  }));
}
