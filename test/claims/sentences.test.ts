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

  // Abbreviations are known by their shape (a lone letter, inner dots, two or three letters with a capital,
  // no vowel), not by a list: news, shop and encyclopedia captions in several languages.
  it.each([
    ['a rank before a name', 'en', 'Gen. James Mattis speaks to reporters. A flag hangs behind him.', ['Gen. James Mattis speaks to reporters.', 'A flag hangs behind him.']],
    ['a title of four letters', 'en', 'Prof. Jane Doe speaks at the podium. A screen glows.', ['Prof. Jane Doe speaks at the podium.', 'A screen glows.']],
    ['a string of initials', 'en', 'J. R. R. Tolkien smiles at his desk. A pipe lies beside him.', ['J. R. R. Tolkien smiles at his desk.', 'A pipe lies beside him.']],
    ['initials before the article-like letter', 'en', 'A. A. Milne sits on a bench. A bear lies beside him.', ['A. A. Milne sits on a bench.', 'A bear lies beside him.']],
    ['capitals with inner dots end a sentence', 'en', 'A flag of the U.S. The pole is white.', ['A flag of the U.S.', 'The pole is white.']],
    ['a mountain and a saint', 'en', "Mt. Fuji rises behind St. Mary's church. Snow covers its top.", ["Mt. Fuji rises behind St. Mary's church.", 'Snow covers its top.']],
    ['a suffix after a name', 'en', 'Martin Luther King Jr. speaks to a crowd. Flags wave.', ['Martin Luther King Jr. speaks to a crowd.', 'Flags wave.']],
    ['a match', 'en', 'Arsenal vs. Chelsea at the Emirates Stadium. Fans cheer.', ['Arsenal vs. Chelsea at the Emirates Stadium.', 'Fans cheer.']],
    ['a number after an abbreviation', 'en', 'Bottle No. 5 stands beside approx. 3 litres of water. It is full.', ['Bottle No. 5 stands beside approx. 3 litres of water.', 'It is full.']],
    ['a shop price', 'en', 'Price €49.99 incl. VAT. Free delivery.', ['Price €49.99 incl. VAT.', 'Free delivery.']],
    ['a unit after a number ends a sentence', 'en', 'The parcel weighs 2 kg. Tape seals the lid.', ['The parcel weighs 2 kg.', 'Tape seals the lid.']],
    ['capitals without a vowel end a sentence', 'en', 'A reporter speaks to the BBC. Crowds gather behind her.', ['A reporter speaks to the BBC.', 'Crowds gather behind her.']],
    ['a German ordinal', 'de', 'Am 9. November 1989 stehen Menschen auf der Mauer. Es ist Nacht.', ['Am 9. November 1989 stehen Menschen auf der Mauer.', 'Es ist Nacht.']],
    ['a time after a number ends a sentence', 'en', 'The clock shows 5 p.m. The sun sets behind it.', ['The clock shows 5 p.m.', 'The sun sets behind it.']],
    ['a unit after a degree sign', 'en', 'The screen shows 37°F and 0°F. Several drawings hang on the door.', ['The screen shows 37°F and 0°F.', 'Several drawings hang on the door.']],
    ['a Roman numeral ends a sentence', 'en', 'A portrait of Pope Pius XII. The frame is gold.', ['A portrait of Pope Pius XII.', 'The frame is gold.']],
    ['German', 'de', 'Dr. Müller steht vor der Klinik, z.B. am Eingang. Ein Hund sitzt daneben.', ['Dr. Müller steht vor der Klinik, z.B. am Eingang.', 'Ein Hund sitzt daneben.']],
    ['Spanish', 'es', 'La Sra. García sostiene un gato. El gato duerme.', ['La Sra. García sostiene un gato.', 'El gato duerme.']],
    ['French', 'fr', 'M. Dupont tient un chien. Il pleut.', ['M. Dupont tient un chien.', 'Il pleut.']],
    ['lower-case abbreviations in hasty English', 'en', 'mr. and mrs. smith wave from the car. it is red.', ['mr. and mrs. smith wave from the car.', 'it is red.']],
    ['a unit before a lower-case word', 'en', 'the box is 2 ft. wide and the lid is open. a cat sits inside.', ['the box is 2 ft. wide and the lid is open.', 'a cat sits inside.']],
    ['i.e. before a lower-case word', 'en', 'a dog, i.e. a beagle, naps on the rug. it snores.', ['a dog, i.e. a beagle, naps on the rug.', 'it snores.']],
  ])('abbreviation by shape: %s', (_name, locale, caption, expected) => {
    expect(splitSentences(caption, locale).map((s) => s.text)).toEqual(expected);
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
