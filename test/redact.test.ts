import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecret } from '@/lib/redact';

const KEY = 'sk-proj-abcdef123456';

describe('redactSecret', () => {
  it('replaces the key wherever it occurs in nested strings, leaving everything else', () => {
    const job = {
      id: 'j1',
      count: 3,
      done: true,
      none: null,
      error: { kind: 'bad-request', message: `The endpoint rejected the request: Incorrect API key provided: ${KEY}. (${KEY})` },
      notes: [`key ${KEY}`, 'nothing here'],
    };
    expect(redactSecret(job, KEY)).toEqual({
      ...job,
      error: { kind: 'bad-request', message: `The endpoint rejected the request: Incorrect API key provided: ${REDACTED}. (${REDACTED})` },
      notes: [`key ${REDACTED}`, 'nothing here'],
    });
    expect(job.notes[0]).toContain(KEY); // the input is not changed
  });

  it.each(['', 'no-key', 'abc1234'])('leaves text alone for a key too short to be one (%j)', (key) => {
    const value = { message: 'abc1234 no-key' };
    expect(redactSecret(value, key)).toBe(value);
  });
});
