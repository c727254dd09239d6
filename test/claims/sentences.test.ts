import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../lib/claims/split.ts';

const texts = (caption: string) => splitSentences(caption).map((s) => s.text);

describe('splitSentences', () => {
  it.each([
    ['plain', 'A cat sleeps. A dog barks.', ['A cat sleeps.', 'A dog barks.']],
    ['title abbreviation', 'Dr. Smith holds a cat. Mr. Li waits.', ['Dr. Smith holds a cat.', 'Mr. Li waits.']],
    ['place abbreviation', 'St. Paul is near. It rains.', ['St. Paul is near.', 'It rains.']],
    ['e.g. mid-sentence', 'A dog, e.g. a terrier, sits. It is small.', ['A dog, e.g. a terrier, sits.', 'It is small.']],
    ['initial', 'A sign reads J. Smith. It is red.', ['A sign reads J. Smith.', 'It is red.']],
    ['decimal', 'The fish weighs 3.5 kg. It is silver.', ['The fish weighs 3.5 kg.', 'It is silver.']],
    ['quote', 'A sign says "Stop." A car waits.', ['A sign says "Stop."', 'A car waits.']],
    ['ellipsis', 'The road goes on... A truck appears.', ['The road goes on...', 'A truck appears.']],
    ['question and exclamation', 'Is it a cat? It is! Yes.', ['Is it a cat?', 'It is!', 'Yes.']],
    ['Chinese', '一只猫坐在沙发上。它在睡觉！', ['一只猫坐在沙发上。', '它在睡觉！']],
    ['Arabic', 'القطة على الأريكة؟ نعم.', ['القطة على الأريكة؟', 'نعم.']],
    ['emoji', '🐱 A cat sits 🐶. A dog barks.', ['🐱 A cat sits 🐶.', 'A dog barks.']],
    ['question before a dash', 'Is the oven on? - the dial points to 200', ['Is the oven on?', 'the dial points to 200']],
    ['exclamation before a dash', 'It is a cat! – grey fur', ['It is a cat!', 'grey fur']],
    ['dash inside a sentence', 'A mug - blue - sits here. Done?', ['A mug - blue - sits here.', 'Done?']],
    ['no final period', 'A cat sleeps', ['A cat sleeps']],
    ['punctuation only', ' ... !! ', []],
    ['lower-case start', 'the dog is on the couch. it is asleep! a cat? no.', ['the dog is on the couch.', 'it is asleep!', 'a cat?', 'no.']],
    ['lower-case start after a quote', 'a sign says "open." a man waits', ['a sign says "open."', 'a man waits']],
    ['abbreviation before lower case', 'salt, pepper, etc. and a jar of approx. two litres', ['salt, pepper, etc. and a jar of approx. two litres']],
    ['dotted abbreviation before lower case', 'a flag of the U.S. and a clock at 5 p.m. on the wall', ['a flag of the U.S. and a clock at 5 p.m. on the wall']],
    ['ellipsis before lower case', 'the road goes on... and on', ['the road goes on... and on']],
  ])('%s', (_name, caption, expected) => {
    expect(texts(caption)).toEqual(expected);
  });

  it('keeps a lower-case start inside the sentence where the text is not English', () => {
    expect(splitSentences('Salz, Pfeffer usw. und eine Dose.', 'de').map((s) => s.text)).toEqual(['Salz, Pfeffer usw. und eine Dose.']);
    expect(splitSentences('the dog sleeps. it is grey.', 'en', false).map((s) => s.text)).toEqual(['the dog sleeps. it is grey.']);
  });

  it('returns spans that slice back to their text', () => {
    const caption = '  Dr. Who waits.\n\nA box is blue.  ';
    for (const s of splitSentences(caption)) expect(caption.slice(s.start, s.end)).toBe(s.text);
  });
});
