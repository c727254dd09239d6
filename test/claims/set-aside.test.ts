import { describe, expect, it } from 'vitest';
import { isHedged, SET_ASIDE_REASONS, setAsideReason } from '../../lib/claims/set-aside.ts';

describe('setAsideReason', () => {
  it.each([
    ['creating a serene atmosphere', 'mood or atmosphere'],
    ['adding a touch of vintage charm', 'mood or atmosphere'],
    ['showcasing the excitement and thrill of skateboarding', 'interpretation'],
    ['The overall composition of the image highlights the focus', 'interpretation'],
    ['They are likely celebrating a special occasion', 'inference about intent'],
    ['enjoying the sunny day', 'inference about intent'],
    ['The presence of a meter indicates that parking is paid', 'inference'],
    ['which is typical for these animals', 'world knowledge'],
    ['Cats are known to seek out warm spots', 'world knowledge'],
    ['The umbrella serves as a sunshade', 'world knowledge'],
    ['The staff might face challenges', 'speculation'],
    ['The spill could lead to a fall', 'speculation'],
    ['which might encounter traffic', 'speculation'],
    ['This can create a mess', 'speculation'],
    ['The cat might be drawn to the warmth', 'speculation'],
    ['This could be due to a malfunction', 'speculation'],
    ['because she is eating it', 'reasoning'],
    ['to win the race', 'inference about intent'],
    ['for recreation', 'inference about intent'],
    ['Yamaha is a company known for pianos', 'world knowledge'],
    ['The string is typically used to hold the shape', 'world knowledge'],
    // A thing's history is never in the picture.
    ['that has been around since the 1950s', 'world knowledge'],
    ['The church dates back to the 12th century', 'world knowledge'],
    ['it may have been used in construction before wire nails', 'world knowledge'],
    // A purpose whose verb starts like a determiner ("to avoid", "to answer", "to theorise").
    ['to avoid the puddle', 'inference about intent'],
    ['to answer the phone', 'inference about intent'],
    ['which was named after a queen', 'world knowledge'],
    ['which means the heating is running', 'inference'],
    ['These would be great for summer outings', 'evaluation'],
    ['The statue was carved between 1501 and 1504 from marble', 'world knowledge'],
    ["That's considered a low-grade fever", 'world knowledge'],
    ['It has no sugar, according to the brand', 'world knowledge'],
    ['The joke is about how people abandon their work', 'interpretation'],
    ["In most US states, it's illegal to pass a stopped school bus", 'world knowledge'],
    ['This tweet was widely credited with a spike in the price', 'world knowledge'],
    ['Red-figure pottery took over around 520 BC', 'world knowledge'],
    ['The doughnut offers a sweet, maple-infused flavor', 'not visible'],
    ['The soup is full of flavor', 'not visible'],
    ['which is a good start', 'evaluation'],
    ['a sweet, spicy flavor', 'not visible'],
    ['so it is difficult to provide the exact dose', 'meta-talk'],
    ['The tiles further support the idea that this is a bathroom', 'inference'],
    ['The drink is sold in shops throughout the world', 'world knowledge'],
    ['It is produced by a company in Ohio', 'world knowledge'],
    ['It could be any kind of juice', 'speculation'],
    // A cue whose own group holds spaces ("on (?:a |his )?…", "might (?: also| possibly)? …") keeps them.
    ['she is on a safari', 'inference about intent'],
    ['he is on his break', 'inference about intent'],
    ['The boat might possibly reach the shore', 'speculation'],
    // A cue that ends in a look-ahead after a space consumes the word it looks at (before, these never matched).
    ['The dark clouds indicate rain', 'inference'],
    ['Baskets like this are used to carry fruit', 'world knowledge'],
    ['You must rinse it before use', 'speculation'],
    ['it is the weekend', 'inference'],
    ["it's their day off.", 'inference'],
    ["it's halloween", 'inference'],
    ['this is his first time on a horse', 'inference'],
    // Facts about a brand or its maker, with no word like "common" or "known for".
    ['Glimmer Soap is owned by a larger household group', 'world knowledge'],
    ['The tea company is based in Leeds', 'world knowledge'],
    ['Zesto is made by a juice maker in Spain', 'world knowledge'],
    ['Crunchy Oats, a division of a cereal company', 'world knowledge'],
    ["which is the brand's well-known owl", 'world knowledge'],
    ['Teal is a blue-green colour', 'world knowledge'],
    ['he is trying to impress the judges', 'inference about intent'],
    ['she is about to leave for school', 'inference about intent'],
    ['which is a common sight in the city', 'world knowledge'],
    ['Pigeons are common in cities', 'world knowledge'],
    ['they are on a school trip', 'inference about intent'],
    ['she is reading on her day off', 'inference about intent'],
    ['the scarf was a gift from his sister', 'inference'],
    ['Scooters are cheaper to run than cars', 'evaluation'],
    ['What a cute puppy!', 'evaluation'],
    ['The blanket feels soft', 'not visible'],
    ['she has an appointment later', 'inference'],
  ])('%s → %s', (text, reason) => {
    expect(setAsideReason(text)).toBe(reason);
  });

  it.each([
    'A worker wears a safety vest',
    'A man rides a motorcycle down a dirt road',
    'The cat is a calico cat',
    'which is placed on a wooden ramp',
    'which are displayed on hangers',
    'holding a red umbrella',
    'A sign on the wall reads "Open"',
    'The lumber can be seen in the corner',
    'Two dogs play in the snow',
    // A hedge is a claim (flagged), not speculation; "can" after a determiner is the noun.
    'This could be a cat',
    'It might be a bottle of shampoo',
    'The man might have been practicing his skills',
    'a can of chickpeas',
    'It is a birthday party with balloons',
    'The man has a meeting room behind him',
    'The can is red',
    'This can of soup sits on the shelf',
    'It could be covered with snow',
    'You can see a dog on the sofa',
    // Perception is a report of what is shown, and "a typical office" names the kind of place seen.
    'I can discern shades of blue and green',
    'You can make out a bridge in the distance',
    'It looks like a typical office',
    // Names and words read off the image do not trigger the cues inside them.
    'a green highlighter pen',
    'a bag of all-purpose flour',
    'The label reads "A serene, relaxing atmosphere"',
    'This is a type of pickup truck',
    'The weight, as printed on the box, is 500 grams',
    'to the left of the car',
    'a worksheet related to fractions',
    'The dial is hard to the left',
    'A poster from the 1950s hangs on the wall',
    'A great blue heron stands in the water',
    'The cooking instructions say to boil the water and cook for 9 minutes',
    'The house was built in a clearing',
    'The estimated walking time is 18 minutes',
    // A flavour or scent named on the package is read off it.
    "It's a box of macaroni and cheese, the original flavor",
    'The air freshener is lavender-scented',
    'The bottle requires a key to open, according to the sticker',
    'There is a sign that warns drivers to slow down',
    // What a thing is made of, and where a thing stands, are seen; only a maker or a seat is a fact about the brand.
    'The tray is made of bamboo',
    'The box is made from recycled cardboard',
    'The lamp is based on a heavy iron stand',
    'a hand-knitted scarf made by hand',
    'It is his turn at the wheel',
    'It is a dark teal colour',
    'The mug is a pale shade of green',
    'A sign on the break room door',
    'A gift box with a red bow',
    'There is a common pigeon on the railing',
    // An attempt at a movement the photo catches in progress is part of the description.
    'A boy trying to catch a frisbee on the lawn',
    'A wave about to crash on the rocks',
    'Students sit in the common room',
    'The left cup is taller than the right one',
    'How to open it is printed on the lid',
    // What cannot be made out in the picture is a statement about the picture, which the model can check.
    'which is difficult to interpret because of the glare',
    'making it impossible to read the dose',
    'It is impossible to tell from the picture what is inside the jar',
    // What a screen or label says after a colon is read off the image, whatever its words.
    'The screen says: you must restart your computer to finish updating',
    'The packaging suggests that you should cook it for 8 minutes',
  ])('keeps "%s"', (text) => {
    expect(setAsideReason(text)).toBeNull();
  });

  it('reads "typical" as world knowledge only where it states a general fact', () => {
    expect(setAsideReason('This style is typical of the 1920s')).toBe('world knowledge');
    expect(setAsideReason('Such trucks are typical in rural areas')).toBe('world knowledge');
    expect(setAsideReason('Bikes like this are typically used for racing')).toBe('world knowledge');
  });

  it('defines a relative clause as world knowledge only when it is a relative clause', () => {
    expect(setAsideReason('which is a designated area for vehicles', 'relative')).toBe('world knowledge');
    expect(setAsideReason('which is a designated area for vehicles', 'main')).toBeNull();
    expect(setAsideReason('which is likely a swan', 'relative')).toBeNull();
    // Any hedge a claim is flagged for (isHedged), anywhere in it, makes it a guess at what is shown: checked, not a definition.
    expect(setAsideReason('which is a sparrow or maybe a finch', 'relative')).toBeNull();
    expect(setAsideReason('which is a ferry or possibly a tugboat', 'relative')).toBeNull();
  });

  it('only ever answers with a listed reason', () => {
    for (const text of ['a serene scene', 'might face delays', 'which suggests', 'tasty', 'because it rains']) {
      expect(SET_ASIDE_REASONS).toContain(setAsideReason(text));
    }
  });
});

describe('isHedged', () => {
  it.each([
    ['appears to be smiling', true],
    ['seems tired', true],
    ['possibly a terrier', true],
    ['what looks like a harbour', true],
    ['is likely a swan', true],
    ['is smiling', false],
    ['looks at the camera', false],
    ['a seemly dress', false],
  ])('%s → %s', (text, hedged) => {
    expect(isHedged(text)).toBe(hedged);
  });
});
