import { describe, expect, it } from 'vitest';
import { discourseReason } from '../../lib/claims/discourse.ts';
import { looksEnglish } from '../../lib/claims/language.ts';
import { splitCaption } from '../../lib/claims/split.ts';

describe('discourseReason', () => {
  it.each([
    ['would you like me to describe the colours?', 'question'],
    ['let me know if you need anything else!', 'meta-talk'],
    ["i'm sorry, but i can't identify people in images.", 'meta-talk'],
    ['if you could send a sharper photo, i would read the label.', 'meta-talk'],
    ['you are asking whether this is a dessert.', 'meta-talk'],
    ["if you'd like, i can work out the total price of the basket.", 'meta-talk'],
    ['if you want, i can describe the people in more detail.', 'meta-talk'],
    ['i can also translate the menu for you.', 'meta-talk'],
    ['sure!', 'meta-talk'],
    ["here's a detailed description of the image:", 'meta-talk'],
    ['here is a breakdown of what the photo shows.', 'meta-talk'],
    ['you should store it in a cool, dry place.', 'advice'],
    ['you have to click one of the two options to go on.', 'advice'],
    ["if that is not the part you're referring to, it is out of view.", 'meta-talk'],
    ["it's best to consult a pharmacist.", 'advice'],
    ['the soup is to be stirred before serving.', 'advice'],
    ['how to use the control panel', 'advice'],
    ['buon appetito!', 'meta-talk'],
    ['congratulations to all the graduates!', 'meta-talk'],
    ["i can't read the label, but i can't tell the brand either.", 'meta-talk'],
    // The grammar of talk, not a phrase list: the answerer in the first person, the reader addressed, a closing "!".
    ['i hope the description is useful!', 'meta-talk'],
    ['to help you better, i would need a photo of the back.', 'meta-talk'],
    ['please send a photo taken in daylight.', 'meta-talk'],
    ['enjoy your tea!', 'meta-talk'],
    ["you'll need a coin to open the battery cover.", 'advice'],
    ['it is important to consult the leaflet before the first dose.', 'advice'],
  ])('%s → %s', (text, reason) => {
    expect(discourseReason(text)).toBe(reason);
  });

  // Steps and instructions have no word list of their own: the classifier sets them aside, reading a clause that
  // opens on a verb and its object as a step.
  // After a capitalised word inside a sentence, "I" belongs to a name; the answerer's "I" still talks.
  it.each([
    ['A statue of Queen Elizabeth I stands in the square.', []],
    ['The World War I memorial has a bronze soldier on top.', []],
    ['Sorry I cannot read the label.', ['meta-talk']],
  ])('%s → %j', (caption, reasons) => {
    expect(splitCaption(caption).setAside.map((s) => s.reason)).toEqual(reasons);
  });

  it.each(['Press the red button twice to start.', 'To open the jar, press the lid down and turn it.', 'If the strap feels loose, remove one link.',
    'To cook it, bring a large pot of water to the boil.', 'Once it is dry, tighten the screws again.'])('sets aside the step "%s"', (caption) => {
    expect(splitCaption(caption).claims).toEqual([]);
  });

  it.each([
    'a man holds a red umbrella.',
    'you can see a dog on the sofa.',
    'close to the door, a cat sleeps.',
    'close up of a kettle on a stove.',
    "i'm not sure of the brand, but the jar holds jam.",
    'the label says "let me know".',
    'how the cat sits is odd.',
    'i can see two boats in the harbour.',
    'here is a dog with a red collar.',
    'sure footing is hard on the wet rocks.',
    'when the light is green, cars cross the bridge.',
    'to the left of the door, a cat sleeps.',
    'after the storm, fishermen mend the nets.',
    'when it rains, water fills the gutter.',
    'the sign says "if you like it, buy it".',
    'happy birthday is written on the cake.',
    // Meta-talk on one side of a turn is left to the clauses, which set aside only that side.
    "there's a logo on the sleeve, but i can't make out the brand.",
    "i don't know but it says on the lid that it is sugar free.",
    // What a person sees or cannot make out is a claim; an opening subordinate clause does not decide the sentence.
    'i notice a small crack in the corner of the screen.',
    'as i look down the road, i can see a bus stop on the left.',
    'unfortunately, the photo is too blurry for me to read the expiry date.',
    'it is difficult to determine the colour of the cap.',
    'it is impossible to tell what is inside the tin.',
  ])('keeps "%s"', (text) => {
    // Quoted text is blanked before the rules read it (cueText); here the quote is the whole risk.
    expect(discourseReason(text.replace(/"[^"]*"/gu, (q) => ' '.repeat(q.length)))).toBeNull();
  });
});

describe('looksEnglish', () => {
  it.each([
    ['A dog runs across the grass with a red ball.', true],
    ['Two cats.', true],
    ['Cat number 7 sits quietly.', true],
    ['Zwei Katzen sitzen auf dem Sofa.', false],
    ['Ein Hund läuft mit einem roten Ball über die Wiese.', false],
    ['Un chien court sur la pelouse avec une balle rouge.', false],
    ['一只狗在草地上奔跑。', false],
    // Scripts without spaces count per character: Latin product names inside Japanese do not make it English,
    // and a few characters of a sign inside an English sentence do not make it Japanese.
    ['左からPixel 8、iPhone 15 Pro Max。iPhone 15と並べると、かなり小さいことが分かる', false],
    ['The shop sign says 営業中 in red letters.', true],
    ['Собака бежит по траве с мячом.', false],
    ['The café sign reads "Кафе".', true],
    // A Latin-script language neither word list knows: no English function word, and letters English lacks or eight words.
    ['Pies biegnie po trawie z czerwoną piłką.', false],
    ['Köpek kırmızı topla çimenlerde koşuyor.', false],
    ['Koira juoksee nurmikolla punaisen pallon kanssa tänään aamulla', false],
    ['Red car parked beside green fence', true],
    ['Fertiges Bild aus Schablonen gemacht.', false],
    ["Jean-Luc Godard's Paris studio, 1965", true],
  ])('%s → %s', (text, english) => {
    expect(looksEnglish(text)).toBe(english);
  });
});
