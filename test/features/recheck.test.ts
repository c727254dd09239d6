import { describe, expect, it } from 'vitest';
import { compare, recheck } from '@/lib/features/recheck';
import type { ModelStep } from '@/lib/check-lifecycle';
import { fakePlatform, finishedJob } from './fake-platform';

const finished = finishedJob(6, 'A red car. Two ducks.', [
  { text: 'A red car.', start: 0, end: 10, hedged: false, verdict: { reasoning: 'red', label: true, error_type: [] } },
]);

const allFalse: ModelStep = async (claims, _image, onVerdict) => {
  const verdicts = claims.map(() => ({ reasoning: 'not seen', label: false, error_type: ['Object' as const] }));
  verdicts.forEach((v, i) => onVerdict(i, v));
  return { verdicts, usage: { promptTokens: 1, completionTokens: 1 }, notes: [] };
};

async function withFinishedCheck(options: Parameters<typeof fakePlatform>[0] = {}) {
  const fake = fakePlatform(options);
  await fake.platform.saveJob(finished);
  await fake.platform.saveTabImage(6, 'data:image/jpeg;base64,KEPT');
  fake.saved.length = 0;
  return fake;
}

describe('recheck', () => {
  it('verifies the edited claims against the kept image, replacing the job, into history', async () => {
    const images: string[] = [];
    const fake = await withFinishedCheck({ verify: async (claims, image, onVerdict) => (images.push(image), allFalse(claims, image, onVerdict)) });
    await recheck(fake.platform, 6, ['Two ducks.', 'A dog.']);
    expect(images).toEqual(['data:image/jpeg;base64,KEPT']);
    const job = fake.jobs.get(6)!;
    expect(job.id).not.toBe('first');
    expect(job.claims.map((c) => [c.text, c.start, c.verdict?.label])).toEqual([
      ['Two ducks.', 11, false],
      ['A dog.', -1, false],
    ]);
    expect(fake.history.map((h) => h.id)).toEqual([job.id]);
    expect(fake.badges.get(6)).toBe('done');
    // Each streamed verdict was saved before the final job.
    expect(fake.saved.map((s) => s.claims.filter((c) => c.verdict).length)).toEqual([0, 1, 2, 2]);
  });

  it('says what to do when the image is no longer kept', async () => {
    const fake = fakePlatform();
    await fake.platform.saveJob(finished);
    await expect(recheck(fake.platform, 6, ['A red car.'])).rejects.toMatchObject({ kind: 'image' });
  });
});

describe('compare', () => {
  it('asks the other model and keeps its run beside the job; the saved key goes only to its own origin', async () => {
    const fake = await withFinishedCheck({ verify: allFalse, settings: { apiKey: 'sk-secret', baseUrl: 'https://api.one.test/v1' } });
    await compare(fake.platform, 6, 'other-model', 'https://api.two.test/v1');
    expect(fake.modelsAsked).toEqual([{ model: 'other-model', baseUrl: 'https://api.two.test/v1', apiKey: '' }]);
    const job = fake.jobs.get(6)!;
    expect(job.id).toBe('first');
    expect(job.comparison).toMatchObject({ model: 'other-model', status: 'done', verdicts: [{ label: false }] });
    expect(fake.history).toHaveLength(1);
  });

  it('a comparison started while another runs replaces it', async () => {
    let calls = 0;
    const fake = await withFinishedCheck({
      model: (signal) => async (claims, image, onVerdict) => {
        calls += 1;
        if (calls === 1)
          await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError'))));
        return allFalse(claims, image, onVerdict);
      },
    });
    const first = compare(fake.platform, 6, 'slow-model', undefined);
    await expect.poll(() => calls).toBe(1);
    await compare(fake.platform, 6, 'fast-model', undefined);
    await first;
    // The replaced run ends aborted but writes nothing over the newer one: the tab shows the newer comparison.
    expect(fake.jobs.get(6)!.comparison).toMatchObject({ model: 'fast-model', status: 'done' });
    expect(fake.saved.some((s) => s.comparison?.model === 'slow-model' && s.comparison.status === 'error')).toBe(false);
    expect(fake.history.map((h) => h.comparison?.model)).toEqual(['fast-model']);
  });
});
