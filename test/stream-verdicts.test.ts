import { describe, expect, it } from 'vitest';
import { asCheckError, CheckError } from '@/lib/errors';
import type { ModelAnswer } from '@/lib/check-lifecycle';
import { streamVerdicts } from '@/lib/check/stream-verdicts';
import type { Verdict } from '@/lib/verify/schema';

const yes: Verdict = { reasoning: 'ok', label: true, error_type: [] };
const usage = { promptTokens: 1, completionTokens: 1 };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('streamVerdicts', () => {
  it('saves each verdict as it arrives, in order, after the save already under way, before it returns', async () => {
    const landed: string[] = [];
    // Earlier saves take longer: only a queue keeps them in order.
    const delays: Record<string, number> = { 'verdict 0': 30, 'verdict 1': 15, 'verdict 2': 0 };
    const after = wait(20).then(() => void landed.push('phase'));
    await streamVerdicts({
      verify: async (claims, _image, onVerdict) => {
        claims.forEach((_, i) => onVerdict(i, yes));
        return { verdicts: claims.map(() => yes), usage, notes: [] } satisfies ModelAnswer;
      },
      claims: ['a', 'b', 'c'],
      imageDataUrl: 'data:image/jpeg;base64,AAAA',
      withVerdict: (index) => `verdict ${index}`,
      save: async (record) => {
        await wait(delays[record]!);
        landed.push(record);
      },
      after,
    });
    expect(landed).toEqual(['phase', 'verdict 0', 'verdict 1', 'verdict 2']);
  });

  it('rethrows the model failure, not a save that failed before it (later saves are not attempted)', async () => {
    const saved: string[] = [];
    const failure = new CheckError('timeout', 'The model did not answer in time.');
    await expect(
      streamVerdicts({
        verify: async (_claims, _image, onVerdict) => {
          onVerdict(0, yes);
          onVerdict(1, yes);
          throw failure;
        },
        claims: ['a', 'b'],
        imageDataUrl: 'data:,',
        withVerdict: (index) => `verdict ${index}`,
        save: async (record) => {
          if (record === 'verdict 0') throw new Error('storage full');
          saved.push(record);
        },
      }),
    ).rejects.toBe(failure);
    expect(saved).toEqual([]);
  });

  it('fails with the save failure when the model step succeeded but a save did not', async () => {
    await expect(
      streamVerdicts({
        verify: async (_claims, _image, onVerdict) => {
          onVerdict(0, yes);
          return { verdicts: [yes], usage, notes: [] };
        },
        claims: ['a'],
        imageDataUrl: 'data:,',
        withVerdict: () => 'x',
        save: async () => {
          throw new Error('storage full');
        },
      }),
    ).rejects.toThrow('storage full');
  });
});

describe('asCheckError', () => {
  it('keeps a CheckError as it is', () => {
    const error = new CheckError('auth', 'Check your API key in Options.');
    expect(asCheckError(error)).toBe(error);
  });

  it.each([
    ['an Error', new TypeError('x is not a function'), 'Unexpected failure: x is not a function'],
    ['a thrown string', 'a thrown string', 'Unexpected failure: a thrown string'],
    ['a long message', new Error('y'.repeat(1000)), `Unexpected failure: ${'y'.repeat(300)}`],
  ])('turns %s into a server failure that quotes it, capped', (_what, thrown, message) => {
    const error = asCheckError(thrown);
    expect(error.toInfo()).toEqual({ kind: 'server', message, retryAfterMs: null });
    expect(error.cause).toBe(thrown);
  });
});
