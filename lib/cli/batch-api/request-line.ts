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

/** An item's request lines as the bytes of a JSONL file, each line ending in a newline. */
export interface ItemRequests {
  count: number;
  jsonl: Buffer;
}

/** Request lines serialized as the request file holds them: `JSON.stringify` of each, one a line. */
export function linesJsonl(lines: readonly RequestLine[]): ItemRequests {
  return { count: lines.length, jsonl: Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join('')) };
}

// Characters JSON.stringify copies as they are and UTF-8 encodes one byte each.
const PLAIN_DATA_URL = /^data:[\w.+/-]+;base64,[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_SLOT = 'caption-check:image';

/**
 * The request lines of one item as `linesJsonl(requestLines(...))` would write them, byte for byte,
 * but faster: the image (most of every line's bytes) is copied once into the file's bytes instead of
 * being scanned for escapes by JSON.stringify and encoded to UTF-8 again in each line.
 */
export function requestsJsonl(key: string, claims: readonly string[], imageDataUrl: string, model: string, format: RequestFormat): ItemRequests {
  if (!PLAIN_DATA_URL.test(imageDataUrl)) return linesJsonl(requestLines(key, claims, imageDataUrl, model, format));
  const image = Buffer.from(imageDataUrl, 'latin1');
  // Quotes inside a JSON string value are escaped, so this exact run of characters is only the image's own field.
  const field = `"url":${JSON.stringify(IMAGE_SLOT)}`;
  const lines = requestLines(key, claims, IMAGE_SLOT, model, format);
  const chunks: Buffer[] = [];
  for (const line of lines) {
    const around = JSON.stringify(line).split(field);
    if (around.length !== 2) return linesJsonl(requestLines(key, claims, imageDataUrl, model, format));
    chunks.push(Buffer.from(`${around[0]}"url":"`), image, Buffer.from(`"${around[1]}\n`));
  }
  return { count: lines.length, jsonl: Buffer.concat(chunks) };
}
