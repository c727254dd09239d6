import { describe, expect, it } from 'vitest';
import { labelConfidences } from '@/lib/verify/confidence';
import { createClient } from '@/lib/verify/client';
import { verifyClaims } from '@/lib/verify/verify';
import { imageDataUrl as makeImageDataUrl } from '../server/fixtures';
import { startModelServer } from '../server/openai-server';

const tok = (token: string, p = 0.99) => ({ token, logprob: Math.log(p) });

describe('labelConfidences', () => {
  it.each([
    [
      'one token per label value',
      [tok('[{"'), tok('label'), tok('":'), tok(' true', 0.9), tok('},{"'), tok('label'), tok('":'), tok(' false', 0.6), tok('}]')],
      [0.9, 0.6],
    ],
    [
      'a value split across tokens takes the token where it starts',
      [tok('{"label": '), tok('tr', 0.7), tok('ue}')],
      [0.7],
    ],
    ['string labels', [tok("{'label': '"), tok('False', 0.8), tok("'}")], [0.8]],
    ['no labels', [tok('Sorry'), tok(', no.')], []],
  ])('%s', (_name, tokens, expected) => {
    const got = labelConfidences(tokens);
    expect(got).toHaveLength(expected.length);
    got.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));
  });
});

describe('confidence through the SDK and the local server', () => {
  // Integration: the real SDK, real HTTP, the server's logprobs (a fixed logprob of -0.0123 per token).
  it.each([false, true])('is the label token probability when the endpoint sends logprobs (stream: %s)', async (stream) => {
    const server = await startModelServer({ logprobs: true });
    try {
      const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', model: 'test-vlm' }, { maxRetries: 0 });
      const imageDataUrl = await makeImageDataUrl(64, 48);
      const result = await verifyClaims({ client, model: 'test-vlm', imageDataUrl, claims: ['A cat.', 'A dog.'], stream });
      expect(result.confidences.map((c) => c?.toFixed(4))).toEqual([Math.exp(-0.0123).toFixed(4), Math.exp(-0.0123).toFixed(4)]);
      server.set({ logprobs: false });
      const without = await verifyClaims({ client, model: 'test-vlm', imageDataUrl, claims: ['A cat.'], stream });
      expect(without.confidences).toEqual([null]);
    } finally {
      await server.close();
    }
  });

  it('drops logprobs, and only logprobs, when the endpoint rejects them', async () => {
    const server = await startModelServer({
      failures: [{ status: 400, body: { error: { message: 'logprobs is not supported with this model', type: 'invalid_request_error', param: 'logprobs' } } }],
    });
    try {
      const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', model: 'test-vlm' }, { maxRetries: 0 });
      const result = await verifyClaims({ client, model: 'test-vlm', imageDataUrl: await makeImageDataUrl(64, 48), claims: ['A cat.'] });
      expect(result.verdicts[0]?.label).toBe(true);
      expect(result.logprobs).toBe(false);
      expect(result.outputMode).toBe('json_schema');
      const posts = server.requests.filter((r) => r.method === 'POST');
      expect(posts.map((r) => (r.body as { logprobs?: boolean }).logprobs ?? false)).toEqual([true, false]);
    } finally {
      await server.close();
    }
  });
});
