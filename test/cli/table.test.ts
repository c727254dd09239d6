// The terminal table of a check: the exact text people read.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../lib/cli/check-item';
import { ANSI, formatResult, PLAIN, styleFor } from '../../lib/cli/table';

const RESULT: CheckResult = {
  claims: [
    { text: 'A dog sits on a red sofa.', label: true, reasoning: 'A dog is on a red sofa.', error_type: [], score: null },
    { text: 'Two cats sleep beside it', label: false, reasoning: 'There is one cat.', error_type: ['Quantitative', 'Object'], score: null },
    { text: 'A lamp glows.', label: null, reasoning: null, error_type: [], score: null },
  ],
  set_aside: [{ text: 'creating a serene atmosphere.', reason: 'mood or atmosphere' }],
  model: 'test-vlm',
  score_kind: null,
  usage: { prompt_tokens: 1200, completion_tokens: 60 },
  notes: ['Asked again for 1 claim the model skipped.'],
};

describe('formatResult', () => {
  it('lists claims with marks, error types and reasoning, then the set-aside pieces and a tally', () => {
    expect(formatResult(RESULT, PLAIN)).toMatchInlineSnapshot(`
      "  1 ✓  true   A dog sits on a red sofa.
                   A dog is on a red sofa.
        2 ✗  false  Two cats sleep beside it  [Quantitative, Object]
                   There is one cat.
        3 ?  none   A lamp glows.
                   The model gave no verdict for this claim.

      Not checked (1 set aside, not verifiable from the image):
          - "creating a serene atmosphere." (mood or atmosphere)
      Note: Asked again for 1 claim the model skipped.

      3 claims: 1 true, 1 false, 1 without a verdict · test-vlm · 1200 + 60 tokens"
    `);
  });

  it('leaves out the rows already streamed', () => {
    expect(formatResult(RESULT, PLAIN, true)).not.toContain('A dog sits');
  });

  it.each([
    [{ isTTY: true }, {}, ANSI],
    [{ isTTY: true }, { NO_COLOR: '' }, PLAIN],
    [{ isTTY: false }, {}, PLAIN],
  ])('colors %j with env %j only on a terminal without NO_COLOR', (stream, env, style) => {
    expect(styleFor(stream, env)).toBe(style);
  });
});
