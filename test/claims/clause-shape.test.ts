// The clause's grammatical shape as the classifier sees it, on sentences written for these tests (none
// from a data set, none in the training examples): subject type, mood, person, tense and verb class.
import { describe, expect, it } from 'vitest';
import { shapeFeatures } from '../../lib/claims/clause-shape.ts';
import { clauseFeatures } from '../../lib/claims/classifier.ts';
import { splitCaption } from '../../lib/claims/split.ts';

const shape = (text: string) => shapeFeatures(text.toLowerCase().match(/\p{L}+(?:'\p{L}+)?|\p{N}+/gu) ?? [], text.endsWith('?'));

describe('shapeFeatures: the subject', () => {
  it.each([
    ['Walruses are heavy', 'bare-noun'],
    ['Kettles whistle loudly', 'bare-noun'],
    ['Most kettles have a spout', 'generic-quantifier'],
    ['Most of the kettles are dented', 'definite'],
    ['All of them are on the stove', 'definite'],
    ['The walrus is asleep', 'definite'],
    ['A walrus lies on the rocks', 'indefinite'],
    ['Three walruses lie on the rocks', 'indefinite'],
    ['There is a kettle on the stove', 'there'],
    ['It is a kettle', 'it'],
    ['to warm the tea', 'to-verb'],
    ['because the tea is cold', 'subordinator'],
    ['Is the kettle on?', 'question'],
    ['Rinse the kettle once a month', 'imperative'],
    ['holding a kettle', 'ing'],
  ])('%s → open:%s', (text, opener) => {
    expect(shape(text)).toContain(`open:${opener}`);
  });

  it('a verb the imperative list lacks still opens an instruction when an object follows', () => {
    expect(shape('Defrost it slowly')).toContain('open:verb-first');
    expect(shape('Beneath the shelf is a crate')).not.toContain('open:verb-first');
  });

  it('a name or a singular noun in -s, -ss, -us or -is is no bare plural: a label is not a statement about a kind', () => {
    for (const label of ['Tennis court lights at dusk', 'Cactus garden entrance', 'Glass roof panels', 'Bus depot gate'])
      expect(shape(label)).not.toContain('generic-present');
    expect(shape('Cats nap often')).toContain('generic-present');
  });

  it('"next to" and "to it" name a place, not a purpose', () => {
    expect(shape('Next to it is a crate')).not.toContain('open:to-verb');
    expect(shape('to it')).not.toContain('open:to-verb');
  });

  it('a bare plural before a preposition is a description fragment, not a kind', () => {
    expect(shape('Walruses on the rocks')).not.toContain('open:bare-noun');
  });

  it('a verb that is also a subject noun is no imperative', () => {
    expect(shape('Use is limited to adults')).not.toContain('open:imperative');
  });
});

describe('shapeFeatures: person, modality, tense', () => {
  it('reads an answer speaking of itself and to the reader', () => {
    expect(shape('I cannot read the small print')).toEqual(expect.arrayContaining(['person:1', 'disclaimer']));
    expect(shape('You could try a brighter room')).toContain('person:2');
    expect(shape('The kettle is silver')).not.toContain('person:1');
  });

  it('reads the past tense and adverbs of what holds in general', () => {
    expect(shape('The mill was built in 1820')).toContain('tense:past');
    expect(shape('The barn used to be a stable')).toContain('tense:past');
    expect(shape('A kitchen used for cooking classes')).not.toContain('tense:past');
    expect(shape('A key commonly used to open tins')).not.toContain('tense:past');
  });

});

describe('shapeFeatures: another time than the photo\'s', () => {
  it.each([
    ['He oils the hinges twice a year', 'time:not-now'],
    ['The gardener has been ill recently', 'time:not-now'],
    ['He brought the kite from home', 'past:event'],
    ['Her aunt sent her the scarf', 'past:event'],
    ['Someone dropped the glove', 'past:event'],
    // A present-tense verb right after its subject is given as itself: the classifier learns which verbs are habits.
    ['She teaches piano to children', 'verb:teaches'],
    ['The farmer breeds goats', 'verb:breeds'],
    // …and what follows it: a thing in view, or a bare noun.
    ['She opens the door', 'verb+object'],
    ['She teaches piano to children', 'verb+other'],
    ['They are off to a birthday party', 'pp:occasion'],
    ['She is taking the dog for a walk', 'pp:occasion'],
  ])('%s → %s', (text, feature) => {
    expect(shape(text)).toContain(feature);
  });

  it.each([
    'She swims in the lake',
    'Her aunt holds a scarf',
    'He wears a red cap',
    'She rides a bike down the lane',
    'The boy on the left holds a kite',
    'The shelf is made of pine',
    'This morning light falls on the table',
    'A sign lists the opening hours',
    'A cup held by a child',
    'A man dressed in a grey suit',
  ])('gives none to what the photo shows: %s', (text) => {
    expect(shape(text).filter((f) => /^(?:time|past|habit|pp):/u.test(f))).toEqual([]);
  });
});

describe('shapeFeatures: what the clause says a person is or does', () => {
  it.each([
    ['she is juggling three oranges', 'person+activity'],
    ['he is volunteering at the shelter', 'person+abstract-activity'],
    ["he's volunteering at the shelter", 'person+abstract-activity'],
    ['he is snowboarding down a slope', 'person+activity'],
    ['they are sleepy after lunch', 'person+inner-state'],
    ['she is on a pilgrimage', 'person+occasion'],
    ['they are at a birthday party in the garden', 'person+occasion'],
    ['he is in a hurry', 'person+occasion'],
    ['he is in training', 'person+occasion'],
    ['they are at the airport', 'person+place'],
    ['she is in a small kitchen with a window', 'person+place'],
    ['the lamp is on the dinner table', 'thing+place'],
    // A noun subject is a thing to the shape, whoever it names: the inner state is what counts.
    ['the kids are excited about the game', 'thing+inner-state'],
    // A linking verb says what "is" would, hedged.
    ['she looks happy', 'person+inner-state'],
    ['he seems to be studying for an exam', 'person+abstract-activity'],
    ['the man appears to be holding a cup', 'thing+activity'],
    ['an old woman is feeding pigeons', 'thing+activity'],
    ['the old bench is empty', 'thing+quality'],
    ['the kettle is steaming', 'thing+activity'],
    ['this is a kettle', 'thing+identity'],
    ['walruses are heavy', 'bare-noun+quality'],
  ])('%s → pred:%s', (text, predicate) => {
    expect(shape(text)).toContain(`pred:${predicate}`);
  });

  it('reads what the predicate takes: an object, a place or nothing', () => {
    expect(shape('she is juggling three oranges')).toContain('pred:person+activity+object');
    expect(shape('he is volunteering')).toContain('pred:person+abstract-activity+nothing');
    expect(shape('he is working on a laptop')).toContain('pred:person+abstract-activity+place');
    expect(shape('she is snowboarding')).toContain('pred:person+activity+nothing');
    expect(shape('he is sitting on a crate')).toContain('pred:person+activity+place');
  });

  it('reads a capital on the second word as a name, not a noun and its verb', () => {
    expect(shapeFeatures(['walruses', 'eats'], false, [true, false])).toContain('open:bare-noun');
    expect(shapeFeatures(['venus', 'williams'], false, [true, true])).not.toContain('open:bare-noun');
    expect(shapeFeatures(['roger', 'ailes'], false, [true, true])).toContain('open:other');
    expect(shape('Marmalade as served at breakfast')).not.toContain('open:bare-noun');
  });

  it('gives the personal pronoun itself no feature', () => {
    expect(shape('he is juggling').some((f) => f.startsWith('open:'))).toBe(false);
  });
});

describe('the classifier uses the shape', () => {
  it('adds the shape features and word stems to the clause features', () => {
    const features = clauseFeatures({ clause: { text: 'Walruses are heavy', start: 0, end: 18, kind: 'main' }, rule: null, inherited: false });
    expect(features).toEqual(expect.arrayContaining(['g:open:bare-noun', 'g:pred:bare-noun+quality', 's:walrus']));
  });
});

// Sentences of each category written here; none is a training example.
describe('splitCaption on the categories the shape features are for', () => {
  it.each([
    'Cushions like these are usually filled with feathers.',
    'Descale it every few weeks to keep it working well.',
    'Just say the word if you want the back of the box read too.',
    'I am not able to say whether the milk is still good.',
  ])('sets aside: %s', (caption) => {
    expect(splitCaption(caption).claims).toEqual([]);
  });

  it.each([
    'The cushions on the sofa are covered in green velvet.',
    'A man in an orange vest is sweeping the pavement.',
    'You are holding a jar of pickles with a yellow lid.',
    'Walruses lie in a heap on the rocky shore.',
    'I can see a kettle on the stove and a mug beside it.',
  ])('keeps: %s', (caption) => {
    expect(splitCaption(caption).setAside).toEqual([]);
  });
});
