import { describe, expect, it } from 'vitest';
import type { Item } from '../../scripts/claim-sets.ts';
import { ruleFiredShare, targetFigures, type Judged } from '../../scripts/claim-score.ts';

const unit = { start: 0, end: 1 };
const judged = (set: string, heldOut: boolean, group: string, gold: boolean, kept: boolean): Judged => ({
  item: { set, id: `${set}/${group}`, group, heldOut, caption: 'x', units: [] } satisfies Item,
  text: 'x',
  unit,
  gold,
  kept,
});

// `npm run bench:claims -- --targets-json` (read by `npm run seeds:claims`): issue 44's figures, one half at a time.
describe('the target figures of one half', () => {
  const all = [
    judged('vizwiz-lf', false, 'BLIP2', true, true),
    judged('vizwiz-lf', false, 'BLIP2', true, false),
    judged('vizwiz-lf', true, 'BLIP2', true, true),
    judged('vizwiz-lf', true, 'BLIP2', false, false),
    judged('hl', false, 'object', true, true),
    judged('hl', false, 'rationale', false, true),
    judged('hl', true, 'object', true, true),
    judged('hl', true, 'rationale', false, false),
  ];

  it('reads the tuning half alone', () => {
    const tuning = targetFigures(all, false);
    expect(tuning['VizWiz-LF descriptive kept']).toBe(0.5);
    expect(tuning['HL balanced accuracy']).toBe(0.5);
    expect(tuning['HL object captions kept']).toBe(1);
  });

  it('reads the check half alone', () => {
    const check = targetFigures(all, true);
    expect(check['VizWiz-LF descriptive kept']).toBe(1);
    expect(check['VizWiz-LF set aside']).toBe(1);
    expect(check['HL balanced accuracy']).toBe(1);
  });
});

// `npm run bench:claims` compares how often a word rule fires on HL's rationales in each half and in train.jsonl.
describe('the share of captions a word rule fires on', () => {
  it('counts a caption once, whichever of its clauses a rule fires on', () => {
    const r = ruleFiredShare(['A dog sits on a red couch.', 'The dog is lying on a bed, which suggests that it is tired.', 'they are trying to impress their friends']);
    expect(r).toEqual({ fired: 2, total: 3, share: 2 / 3 });
  });

  it('is 0 for no captions', () => {
    expect(ruleFiredShare([]).share).toBe(0);
  });
});
