// The learned clause classifier: its arithmetic on a model written here, the stored model's shape, and
// what the shipped weights do with sentences written for these tests (none is taken from a data set).
import { describe, expect, it } from 'vitest';
import {
  clauseFeatures,
  decodeModel,
  descriptiveProbability,
  encodeModel,
  featureHash,
  firmDecision,
  judgeClause,
  namedModel,
  type ClauseFacts,
} from '../../lib/claims/classifier.ts';
import weights from '../../lib/claims/classifier-weights.json';
import { clauseFacts, splitCaption } from '../../lib/claims/split.ts';

const facts = (text: string, rule: ClauseFacts['rule'] = null, inherited = false): ClauseFacts => ({
  clause: { text, start: 0, end: text.length, kind: 'main' },
  rule,
  inherited,
});
const claimsOf = (caption: string) => splitCaption(caption).claims.map((c) => c.text);
const asideOf = (caption: string) => splitCaption(caption).setAside.map((s) => [s.text, s.reason]);

describe('clauseFeatures', () => {
  it('reads words, word pairs, openers, kind, length and the rule', () => {
    const features = clauseFeatures(facts('The kettle boils water', 'speculation'));
    expect(features).toEqual(
      expect.arrayContaining(['w:kettle', 'b:kettle boils', 'first:the', 'first2:the kettle', 'kind:main', 'len:short', 'rule:speculation']),
    );
    expect(features).not.toContain('rule:none');
  });

  it('tells an inherited reason from a rule of the clause itself', () => {
    expect(clauseFeatures(facts('keeping them warm', 'speculation', true))).toContain('inherited:speculation');
  });

  it('ignores quoted text read off the image and personal pronouns', () => {
    const features = clauseFeatures(facts('She holds a sign that says "call me maybe"'));
    expect(features.some((f) => f.includes('call') || f.includes('maybe'))).toBe(false);
    expect(features.some((f) => /\bshe\b/u.test(f))).toBe(false);
    expect(features).toContain('w:sign');
  });

  it('counts numbers as one word', () => {
    expect(clauseFeatures(facts('The bus has 42 seats and 7 doors'))).toEqual(expect.arrayContaining(['w:<num>', 'b:has <num>']));
  });
});

describe('descriptiveProbability', () => {
  const model = namedModel({ threshold: 0.5, unflagged: 0.5, bias: -1, weights: { 'w:kettle': 3, 'rule:none': 0.5 } });

  it('is the logistic of the bias plus the weights of the features present', () => {
    expect(descriptiveProbability(facts('A kettle'), model)).toBeCloseTo(1 / (1 + Math.exp(-2.5)), 10);
    expect(descriptiveProbability(facts('A teapot'), model)).toBeCloseTo(1 / (1 + Math.exp(0.5)), 10);
    expect(descriptiveProbability(facts('A teapot', 'evaluation'), model)).toBeCloseTo(1 / (1 + Math.exp(1)), 10);
  });
});

describe('the stored model', () => {
  it('has sane thresholds and weights', () => {
    const stored = decodeModel(weights);
    expect(stored.threshold).toBeGreaterThan(0);
    expect(stored.threshold).toBeLessThan(1);
    // Text no rule flagged needs at least as much confidence to be set aside as a flagged one.
    expect(stored.unflagged).toBeLessThanOrEqual(stored.threshold);
    expect(stored.weights.size).toBeGreaterThan(500);
    expect([...stored.weights.values()].every((w) => Number.isFinite(w) && Math.abs(w) < 20)).toBe(true);
  });

  it('stores each named weight under its hash, to the hundredth, negative ones too', () => {
    const named = { threshold: 0.333, unflagged: 0.125, bias: -2, weights: { 'w:kettle': 2.26, 'rule:world knowledge': -2.38, 'b:a bag': 0.16, 'first:in': -0.01 } };
    const decoded = decodeModel(encodeModel(named));
    expect(decoded).toMatchObject({ threshold: 0.333, unflagged: 0.125, bias: -2 });
    expect(Object.fromEntries(decoded.weights)).toEqual(Object.fromEntries(Object.entries(named.weights).map(([f, w]) => [featureHash(f), w])));
    expect(featureHash('w:kettle')).not.toBe(featureHash('w:kettles'));
  });

  it('stores weights across the byte boundaries of their variable-length form, each to the hundredth', () => {
    // Zig-zag hundredths 127 / 128 (one byte / two), the largest a test above allows (19.99) and zero.
    const values = [0, 0.63, -0.64, 0.64, -0.65, 19.99, -19.99, 0.01, -0.01];
    const named = { threshold: 0.5, unflagged: 0.1, bias: 0, weights: Object.fromEntries(values.map((w, i) => [`w:f${i}`, w])) };
    const decoded = decodeModel(encodeModel(named));
    expect(decoded.weights.size).toBe(values.length);
    values.forEach((w, i) => expect(decoded.weights.get(featureHash(`w:f${i}`))).toBe(w));
  });
});

describe('firm decisions', () => {
  it('a taste or smell stays set aside, and so does an add-on that inherited its reason', () => {
    expect(firmDecision(facts('The bread smells fresh', 'not visible'))).toBe('not visible');
    expect(judgeClause(facts('keeping the rain off', 'speculation', true))).toBe('speculation');
  });

  it('a hedge or a Key: value line no rule flagged stays a claim', () => {
    expect(firmDecision(facts('It might be a hamster'))).toBeNull();
    expect(firmDecision(facts('Possibly a spare tyre'))).toBeNull();
    expect(firmDecision(facts('Width: 40 cm'))).toBeNull();
    expect(firmDecision(facts('A hamster sleeps in the straw'))).toBeUndefined();
  });

  it('a modal on a doing ("might be planning") is no hedged description: the classifier judges it', () => {
    expect(firmDecision(facts('He might be planning a trip to the mountains'))).toBeUndefined();
    expect(firmDecision(facts('They could be celebrating a promotion at work'))).toBeUndefined();
    expect(firmDecision(facts('It could be a cat'))).toBeNull();
  });

  it('a title-case heading or name no rule flagged stays a claim; a sentence that only starts with a capital does not count', () => {
    expect(firmDecision(facts('Adjusting Axis Labels in a Bar Chart'))).toBeNull();
    expect(firmDecision(facts('Marie Curie'))).toBeNull();
    expect(firmDecision(facts('They are enjoying their holiday'))).toBeUndefined();
    expect(firmDecision(facts('Adjusting Axis Labels', 'advice'))).toBeUndefined();
  });
});

describe('splitCaption with the classifier', () => {
  it.each([
    'A can of paint and a can of tuna stand on the workbench.',
    'He is wearing a grey hoodie and carrying a skateboard.',
    'They are sitting on the steps of a library.',
    'She holds a highlighter over an open textbook.',
    'An all-purpose cleaner stands beside the sink.',
    'The box says "Keep frozen" in blue letters.',
    'Two cyclists are waiting at a red light.',
    'Chris Evans.',
    'Venus Williams at the net.',
  ])('keeps a plain description: %s', (caption) => {
    expect(splitCaption(caption).setAside).toEqual([]);
  });

  it('splits a purpose off and keeps the action', () => {
    const caption = 'The workers are stacking the crates to clear the loading dock.';
    expect(claimsOf(caption)).toEqual(['The workers are stacking the crates']);
    expect(asideOf(caption)).toEqual([['to clear the loading dock.', 'reasoning']]);
  });

  it('splits a purpose off after a leading phrase too', () => {
    const caption = 'Behind the counter, a woman climbs a ladder to reach the top shelf.';
    expect(claimsOf(caption)).toEqual(['Behind the counter, a woman climbs a ladder']);
    expect(asideOf(caption)).toEqual([['to reach the top shelf.', 'reasoning']]);
  });

  // A hedge keeps a description a claim; a hedged state of mind is judged like any other clause.
  it.each(['She appears to be smiling.', 'The cat appears to be asleep on the couch.', 'It looks like a team meeting in an office.'])('keeps the hedged description: %s', (caption) => {
    expect(claimsOf(caption)).toEqual([caption]);
  });

  it.each(['He might be planning a trip to the mountains.', 'They could be celebrating a promotion at work.'])('sets aside a guess at what people are doing: %s', (caption) => {
    expect(claimsOf(caption)).toEqual([]);
  });

  it('keeps a hedged visible action: "The man might be holding a phone."', () => {
    expect(claimsOf('The man might be holding a phone.')).toEqual(['The man might be holding a phone.']);
  });

  it.each(['He seems to be studying late into the night for an exam.', 'The boy looks determined to score.'])('sets aside the hedged state of mind: %s', (caption) => {
    expect(claimsOf(caption)).toEqual([]);
  });

  it.each(['In the background, there is a building with many windows.', 'On the left, it is a tall lamp with a paper shade.', 'Next to the sink, they are drying dishes.'])(
    'keeps a leading phrase with its clause: %s',
    (caption) => {
      expect(claimsOf(caption)).toEqual([caption]);
    },
  );

  it('does not split a "to" that completes the verb or names a place', () => {
    expect(clauseFacts('The lid seems to have a small crack.').map((f) => f.clause.text)).toEqual(['The lid seems to have a small crack.']);
    expect(clauseFacts('A girl is about to kick the ball.').map((f) => f.clause.text)).toEqual(['A girl is about to kick the ball.']);
    expect(clauseFacts('The cat walks to the door.').map((f) => f.clause.text)).toEqual(['The cat walks to the door.']);
  });

  it('cuts a consequence given with "so" as with a comma, and leaves "so" before an adjective or "many" alone', () => {
    expect(clauseFacts('The road is wet so the cars are driving slowly.').map((f) => f.clause.text)).toEqual(['The road is wet', 'so the cars are driving slowly.']);
    expect(clauseFacts('It is raining so they stay inside.').map((f) => f.clause.text)).toEqual(['It is raining', 'so they stay inside.']);
    expect(clauseFacts('The lamp is so bright that it glares.').map((f) => f.clause.text)).toEqual(['The lamp is so bright that it glares.']);
    expect(clauseFacts('There are so many people on the beach.').map((f) => f.clause.text)).toEqual(['There are so many people on the beach.']);
  });

  it('sets aside a cause given with "because"', () => {
    expect(asideOf('The boy wears a scarf because the wind is cold.')).toEqual([['because the wind is cold.', 'reasoning']]);
  });

  it.each([
    ['Would you like a description of the colours as well?', 'question'],
    ['Let me know if there is anything else on the label you need.', 'meta-talk'],
    ['Wait until the light turns green before pressing it again.', 'advice'],
  ])('sets aside talk to the reader: %s', (caption, reason) => {
    expect(asideOf(caption)).toEqual([[caption, reason]]);
  });

  it.each(['he is on his way to the gym', 'she is bored waiting for her friend'])(
    'sets aside intent worded as a plain statement, which no word rule catches: %s',
    (caption) => {
      expect(clauseFacts(caption).every((f) => f.rule === null)).toBe(true);
      expect(asideOf(caption)).toEqual([[caption, 'inference about intent']]);
    },
  );

  // A person in a place can be seen; at an occasion or in a condition is why they are there. None of these is a training example.
  it.each(['A man stands by a taxi. They are at the station.', 'Two girls with buckets. They are on the sand by the sea.', 'He is in a bookshop.'])(
    'keeps a person in a place: %s',
    (caption) => {
      expect(splitCaption(caption).setAside).toEqual([]);
    },
  );

  it.each(['they are at a graduation ceremony', 'he is in a rush'])('sets aside a person at an occasion or in a condition: %s', (caption) => {
    expect(asideOf(caption)).toEqual([[caption, 'inference about intent']]);
  });

  it('every set-aside piece comes back with keepAll', () => {
    const caption = 'A man sits on a bench. He is on his way to the gym.';
    expect(splitCaption(caption).setAside.length).toBeGreaterThan(0);
    expect(splitCaption(caption, { keepAll: true })).toMatchObject({ setAside: [] });
    expect(claimsOf(caption).length).toBeLessThan(splitCaption(caption, { keepAll: true }).claims.length);
  });
});
