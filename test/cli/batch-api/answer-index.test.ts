// The answer index: lines found by custom_id across the reader's 1 MB chunks, with CRLF, blank and
// bad lines, a last line without a newline, the later of two answers winning, across two files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnswerIndex } from '../../../lib/cli/batch-api/answer-index';
import { engineCompletion } from './engine-output';

const dir = mkdtempSync(join(tmpdir(), 'caption-check-answer-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const answer = (customId: string, label: boolean, padding = '') =>
  JSON.stringify({ id: padding, custom_id: customId, response: { status_code: 200, body: engineCompletion([{ label }]) }, error: null });

describe('AnswerIndex', () => {
  it('finds every answer of files larger than one read chunk, the later line winning', async () => {
    const lines: string[] = [];
    // ~3 MB of lines of uneven length, so line breaks fall on and around chunk edges.
    for (let i = 0; i < 3000; i++) lines.push(answer(`c-${i}`, i % 2 === 0, 'x'.repeat((i * 37) % 1500)));
    lines.splice(10, 0, '', 'not json', '{"custom_id": ""}');
    lines.push(answer('c-5', true)); // c-5 was false; the rerun's line comes later
    const first = join(dir, 'output.jsonl');
    writeFileSync(first, lines.map((line, k) => (k % 3 === 0 ? `${line}\r\n` : `${line}\n`)).join('').replace(/\n$/, ''));
    const second = join(dir, 'errors.jsonl');
    writeFileSync(second, `${JSON.stringify({ custom_id: 'c-7', response: null, error: { code: 'batch_expired', message: 'late' } })}\n`);
    const bad: number[] = [];
    const index = new AnswerIndex();
    try {
      await index.add(first, (line) => bad.push(line));
      await index.add(second);
      expect(bad).toEqual([12, 13]);
      for (let i = 0; i < 3000; i++) {
        const outcome = index.get(`c-${i}`);
        if (i === 7) expect(outcome).toEqual({ ok: false, reason: 'batch_expired: late' });
        else expect(outcome?.ok && outcome.verdicts[0]?.label, `c-${i}`).toBe(i === 5 || i % 2 === 0);
      }
      expect(index.has('c-2999')).toBe(true);
      expect(index.has('c-3000')).toBe(false);
      expect(index.get('c-3000')).toBeUndefined();
    } finally {
      index.close();
    }
  });
});
