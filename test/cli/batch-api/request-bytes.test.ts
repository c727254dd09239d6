// The bytes of the request file: the fast serializer writes exactly what JSON.stringify of each line
// writes, and one item's request line for a fixed small image is pinned, so a change to the file's
// bytes (serializer, prompt, body, image sizing) is a decision, never an accident.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linesJsonl, requestLines, requestsJsonl, type RequestFormat } from '../../../lib/cli/batch-api/request-line';
import { encodeForModel } from '../../../lib/cli/image';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const JSON_SCHEMA: RequestFormat = { mode: 'json_schema', logprobs: true };
// Quotes, non-ASCII letters, a line separator, an emoji, and text that looks like the image's own field.
const CLAIMS = ['A "red" kite flies over a beach.', 'Zwei Möwen sitzen im Sand\u2028 — 🐦.'];
const TRICKY = [...CLAIMS, 'The text says "url":"caption-check:image".', '"url":"caption-check:image"'];
const MANY = Array.from({ length: 14 }, (_, i) => `Claim ${i + 1} ends with a backslash \\`);

async function fixedImage() {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 80 }).toBuffer();
  return encodeForModel(bytes, 'the fixed image');
}

describe('request file bytes', () => {
  it('pins one item of a fixed small image: the same bytes as JSON.stringify of its line', async () => {
    const image = await fixedImage();
    const fast = requestsJsonl('"pin-1"', CLAIMS, image.dataUrl, 'test-vlm', JSON_SCHEMA);
    expect(fast.count).toBe(1);
    expect(fast.jsonl.equals(linesJsonl(requestLines('"pin-1"', CLAIMS, image.dataUrl, 'test-vlm', JSON_SCHEMA)).jsonl)).toBe(true);
    expect([fast.jsonl.byteLength, sha256(fast.jsonl)]).toEqual([4186, '0e1dd29378c9ce38f665fa6cb9ffa22b941746303fff66d6f7f9f24183fe162b']);
  });

  it.each([
    ['claims that look like the image field', TRICKY, JSON_SCHEMA],
    ['two requests, without logprobs', MANY, { mode: 'json_object', logprobs: false }],
    ['the prompt-only format', CLAIMS, { mode: 'prompt', logprobs: false }],
  ] as const)('writes %s byte for byte as JSON.stringify does', async (_name, claims, format) => {
    const image = await fixedImage();
    const expected = linesJsonl(requestLines('"k"', claims, image.dataUrl, 'm', format));
    const fast = requestsJsonl('"k"', claims, image.dataUrl, 'm', format);
    expect(fast.count).toBe(expected.count);
    expect(fast.jsonl.toString('utf8')).toBe(expected.jsonl.toString('utf8'));
    expect(fast.jsonl.equals(expected.jsonl)).toBe(true);
  });

  it('falls back to JSON.stringify for an image URL that JSON must escape', () => {
    const url = 'data:image/jpeg;base64,AAAA"\u2028é';
    const fast = requestsJsonl('"k"', CLAIMS, url, 'm', JSON_SCHEMA);
    expect(fast.jsonl.equals(linesJsonl(requestLines('"k"', CLAIMS, url, 'm', JSON_SCHEMA)).jsonl)).toBe(true);
    expect(JSON.parse(fast.jsonl.toString('utf8'))).toMatchObject({ body: { messages: [{}, { content: [{}, { image_url: { url } }] }] } });
  });
});
