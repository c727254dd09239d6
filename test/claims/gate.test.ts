import { afterEach, describe, expect, it, vi } from 'vitest';
import { gated, requiredLiterals } from '../../lib/claims/gate.ts';
import { setAsideReason } from '../../lib/claims/set-aside.ts';

describe('requiredLiterals', () => {
  it.each([
    ['abc', ['abc']],
    ['a(?:b|c)d', ['abd', 'acd']],
    ['(?<![\\p{L}])(?:mood|serene)(?!x)', ['mood', 'serene']],
    ['wants?', ['want']],
    ['\\d+ bc', [' bc']],
    ['enjoy\\w*', ['enjoy']],
    ['(?:x|y)+z', ['z']],
    ['(?:trying|tries) to (?!catch\\b)\\p{L}+', ['trying to ', 'tries to ']],
    ['^(?:and|but)\\s+(?:it|this)\\s+(?:says|reads)\\b', ['says', 'reads']],
    ['\\bas (?:shown|stated) (?:on|by)\\b', ['as shown on', 'as shown by', 'as stated on', 'as stated by']],
  ])('%s needs one of %j', (source, literals) => {
    expect(requiredLiterals(source, 'u')).toEqual(literals);
  });

  it.each([
    ['x*', 'u'],
    ['(?:a|b*)', 'u'],
    ['\\p{L}+', 'u'],
    ['(a)\\1', 'u'],
    ['abc', 'iu'],
    ['a\\nb', 'u'],
  ])('%s (flags %s) needs nothing it can read, so it always runs', (source, flags) => {
    expect(requiredLiterals(source, flags)).toBeNull();
  });
});

describe('gated', () => {
  const patterns = [
    '(?<![\\p{L}\\p{N}-])(?:mood|serene|sense of)(?![\\p{L}\\p{N}-])',
    '(?:has|have) (?:a|an) (?:meeting|appointment)(?=\\s*(?:[.,;!]|$|later))',
    '(?:carved|painted)(?: \\S+){0,6}? (?:in|around) (?:the )?1[0-9]{3}s?',
    '(?<!(?:a|an|the) )common',
    '^(\\s*(?:(?:and|but)\\s+)?(?:it|this|which)\\s+)((?:also\\s+)?(?:says|reads|states)\\b.*)$',
    'x*',
  ];
  const texts = [
    '',
    'a serene lake',
    'a sense of calm',
    'the mood-board',
    'she has a meeting later',
    'she has a meeting room',
    'carved by hand in the 1890s',
    'painted in 1642',
    'a common pigeon',
    'it is common',
    'and it says that the road is closed',
    'this reads well',
  ];

  it.each(patterns)('answers as its RegExp does: %s', (source) => {
    const pattern = gated(source, 'u');
    for (const text of texts) expect([text, pattern.test(text)]).toEqual([text, new RegExp(source, 'u').test(text)]);
  });

  it('replaces as its RegExp does, a global pattern too', () => {
    const pattern = gated('\\bas (?:shown|stated) on\\b', 'gu');
    for (const text of ['as shown on the box, as stated on the lid', 'nothing here', 'as shown on it']) {
      expect(pattern.replace(text, () => ' ')).toBe(text.replace(/\bas (?:shown|stated) on\b/gu, () => ' '));
    }
  });
});

describe('the word rules on a woken worker', () => {
  afterEach(() => vi.restoreAllMocks());

  // A RegExp compiles on its first run, so a rule that never runs costs a woken worker nothing.
  const executedSources = () => {
    const sources: string[] = [];
    const exec = RegExp.prototype.exec;
    vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, text: string) {
      sources.push(this.source);
      return exec.call(this, text);
    });
    return sources;
  };

  it('never runs a cue whose words the clause does not hold', () => {
    const sources = executedSources();
    expect(setAsideReason('A red car is parked on a street in the rain.')).toBeNull();
    expect(sources.filter((s) => s.includes('serene'))).toEqual([]);
    expect(sources.filter((s) => s.includes('brand of'))).toEqual([]);
  });

  it('runs the cue when the clause holds one of its words', () => {
    const sources = executedSources();
    expect(setAsideReason('creating a serene atmosphere on the lake')).toBe('mood or atmosphere');
    expect(sources.filter((s) => s.includes('serene')).length).toBeGreaterThan(0);
  });
});
