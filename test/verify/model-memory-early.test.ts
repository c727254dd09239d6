// What the endpoint accepted before (its output mode, whether it takes logprobs) is read from storage when
// a check's verifier is made, while the page still reads the image, so the request after the image waits
// on no storage read; a second use of the same verifier reads it again.
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryVerdictCache } from '@/lib/verify/cache';
import { endpointVerifier, type ModelMemory } from '@/lib/verify/model-choice';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { chatRequests, imageDataUrl, useModelServer } from '../server/fixtures';

// With logprobs, so the check writes nothing back to that memory (a refusal would be remembered, with one more read).
const model = useModelServer({ logprobs: true });
let image = '';
beforeAll(async () => {
  image = await imageDataUrl();
});

describe('the endpoint memory of a check', () => {
  it('is read when the verifier is made, before any image, and again by a later use', async () => {
    const reads: string[] = [];
    // The mode this endpoint took last time, remembered: the check then writes none back (one more read).
    const learned = { [`${model.server.baseUrl}|test-vlm`]: 'json_schema' as const };
    const memory: ModelMemory = {
      outputModes: { get: async () => (reads.push('output modes'), learned), set: async () => undefined },
      noLogprobs: { get: async () => (reads.push('no logprobs'), {}), set: async () => undefined },
      verdictCache: new MemoryVerdictCache(),
      languageModel: () => undefined,
    };
    const settings = { ...DEFAULT_SETTINGS, baseUrl: model.server.baseUrl, apiKey: 'sk-test', model: 'test-vlm', stream: false };
    const verify = endpointVerifier(memory, settings, new AbortController().signal, { fresh: true });
    expect(reads).toEqual(['output modes', 'no logprobs']);
    const first = await verify(['A red kite flies.'], image, () => undefined);
    expect(first.verdicts).toHaveLength(1);
    expect(chatRequests(model.server)).toHaveLength(1);
    expect(reads).toHaveLength(2);
    await verify(['A red kite flies.'], image, () => undefined);
    expect(chatRequests(model.server)).toHaveLength(2);
    expect(reads).toEqual(['output modes', 'no logprobs', 'output modes', 'no logprobs']);
  });
});
