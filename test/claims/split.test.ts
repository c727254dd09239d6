import { describe, expect, it } from 'vitest';
import { claimSpanSchema, notEnglishNote, notEnglishPageNote, setAsideSchema, splitCaption, splitResultSchema } from '../../lib/claims/split.ts';
import { splitClauses } from '../../lib/claims/clauses.ts';

const claimsOf = (caption: string) => splitCaption(caption).claims.map((c) => c.text);
const asideOf = (caption: string) => splitCaption(caption).setAside.map((s) => [s.text, s.reason]);

describe('splitCaption: clauses', () => {
  it.each([
    ['coordinated clauses', 'A man rides a bike and a dog runs beside him.', ['A man rides a bike', 'a dog runs beside him.']],
    ['comma and clause', 'The man is smiling, and the woman holds a cup.', ['The man is smiling', 'the woman holds a cup.']],
    // Kept, a second predicate of the same subject stays with it: alone it would have no subject.
    ['shared subject after comma', 'The clock hangs on a wall, and is surrounded by plants.', ['The clock hangs on a wall, and is surrounded by plants.']],
    ['while clause', 'Two men play frisbee while a dog watches.', ['Two men play frisbee', 'while a dog watches.']],
    ['semicolon', 'The sky is blue; the grass is green.', ['The sky is blue', 'the grass is green.']],
    // Issues 43 and 44: a kept relative clause goes back to its head instead of standing alone as a fragment.
    ['relative add-on rejoins its head', 'A boy stands on a skateboard, which is placed on a wooden ramp.', ['A boy stands on a skateboard, which is placed on a wooden ramp.']],
    ['participle add-on', 'A woman stands on the corner, holding an umbrella.', ['A woman stands on the corner', 'holding an umbrella.']],
    ['past participle add-on', 'A clock is mounted on a wall, surrounded by plants.', ['A clock is mounted on a wall', 'surrounded by plants.']],
    ['with add-on', 'A car is parked, with a meter next to it.', ['A car is parked', 'with a meter next to it.']],
    // Kept, an interruption and the predicate after it go back to the subject: "The lamp" alone states nothing.
    ['interrupting relative', 'The lamp, which is red, stands on a table.', ['The lamp, which is red, stands on a table.']],
    ['interrupting relative set aside', 'The phone, which is a popular brand of smartphone, lies on the desk.', ['The phone', 'lies on the desk.']],
    ['interrupting participle', 'The woman, holding a cup, stands by the door.', ['The woman, holding a cup, stands by the door.']],
    ['noun coordination stays', 'The boy is wearing a green shirt and brown shorts.', ['The boy is wearing a green shirt and brown shorts.']],
    // Issues 43 and 44: one fact per claim, so a list of things after the verb is one claim per thing.
    ['noun list: a claim per thing', 'The table holds a newspaper, a book, a pair of sunglasses, and an apple.', ['The table holds a newspaper', 'a book', 'a pair of sunglasses', 'an apple.']],
    ['there is … and …: a claim per thing', 'There is a red car and a blue truck.', ['There is a red car', 'a blue truck.']],
    ['adjective list stays', 'It is a large, old-fashioned clock.', ['It is a large, old-fashioned clock.']],
    ['gerund list stays', 'Birds are feeding, resting, or preening on the shore.', ['Birds are feeding, resting, or preening on the shore.']],
    ['including stays with its claim, its things one each', 'The desk holds items, including a pen and a pencil.', ['The desk holds items, including a pen', 'a pencil.']],
    ['framing opener dropped', 'In the image, a girl is standing on a sidewalk.', ['a girl is standing on a sidewalk.']],
    ['sequencing opener dropped', 'Additionally, she is wearing green boots.', ['she is wearing green boots.']],
    ['framing in the middle dropped', 'The apple, on the other hand, is green.', ['The apple', 'is green.']],
  ])('%s', (_name, caption, expected) => {
    expect(claimsOf(caption)).toEqual(expected);
  });
});

describe('splitCaption: hedges', () => {
  it.each([
    ['The cat appears to be asleep on the couch.', true],
    ['The girl seems to be smiling.', true],
    ['The bird is likely a swan.', true],
    ['A dog, possibly a terrier, sits on the grass.', true],
    ['It looks like a harbour.', true],
    ['The cat is asleep on the couch.', false],
    ['A bird is perched on an apple.', false],
  ])('%s → hedged %s', (caption, hedged) => {
    const { claims } = splitCaption(caption);
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.some((c) => c.hedged)).toBe(hedged);
  });

  it('keeps the hedge inside the claim span', () => {
    expect(splitCaption('The cat appears to be asleep.').claims).toEqual([
      { text: 'The cat appears to be asleep.', start: 0, end: 29, hedged: true },
    ]);
  });
});

describe('splitCaption: set aside', () => {
  it.each([
    ['The lake is calm, creating a serene atmosphere.', 'creating a serene atmosphere.', 'mood or atmosphere'],
    ['Flowers line the window, adding to the charm.', 'adding to the charm.', 'mood or atmosphere'],
    ['The overall atmosphere is cheerful.', 'The overall atmosphere is cheerful.', 'mood or atmosphere'],
    ['A ramp sits on a sidewalk, which is a common location for skateboarding.', 'which is a common location for skateboarding.', 'world knowledge'],
    ['The phone is a flip phone, which is a type of mobile phone.', 'which is a type of mobile phone.', 'world knowledge'],
    ['Giraffes are known to prefer shade.', 'Giraffes are known to prefer shade.', 'world knowledge'],
    ['The presence of the ramp suggests that the boy is practicing.', 'suggests that the boy is practicing.', 'inference'],
    ['A meter stands there, indicating that parking is paid.', 'indicating that parking is paid.', 'inference'],
    ["The overall composition of the image highlights the boy's focus.", "The overall composition of the image highlights the boy's focus.", 'interpretation'],
    ['The image captures the beauty of the rainy day.', 'The image captures the beauty of the rainy day.', 'interpretation'],
    ['He is preparing to pack the clothes for a trip.', 'He is preparing', 'inference about intent'],
    ['The staff might face long delays.', 'The staff might face long delays.', 'speculation'],
    ['The donuts offer a sweet and spicy taste.', 'The donuts offer a sweet and spicy taste.', 'not visible'],
  ])('%s', (caption, text, reason) => {
    expect(asideOf(caption)).toContainEqual([text, reason]);
    expect(claimsOf(caption).join(' ')).not.toContain(text);
  });

  // The things a conclusion is drawn from are named as seen: a hallucinated plate must be checked.
  it.each([
    ['The presence of plates, glasses, and silverware suggests that food was served.', 'The presence of plates, glasses, and silverware', 'suggests that food was served.'],
    ['The combination of the white shirt and red tie creates a polished look.', 'The combination of the white shirt and red tie', 'creates a polished look.'],
    ['The scattered lumber may also indicate that work has paused.', 'The scattered lumber', 'may also indicate that work has paused.'],
    ['A bench stands by the path, and the presence of a leash suggests a dog is nearby.', 'the presence of a leash', 'suggests a dog is nearby.'],
  ])('%s → evidence kept', (caption, evidence, conclusion) => {
    expect(claimsOf(caption)).toContain(evidence);
    expect(asideOf(caption).map(([text]) => text)).toContain(conclusion);
  });

  it.each([
    // A thing bearing text reports what it says; the picture, its mood or a bare noun are no evidence.
    'The sign indicates that the store is closed.',
    'The image suggests that it is a cold day.',
    'The overall atmosphere suggests a relaxed afternoon.',
    'The dog suggests a family lives here.',
    'The man, who is tired, suggests a break.',
  ])('%s → no evidence piece', (caption) => {
    const kinds = splitClauses(caption, { text: caption, start: 0, end: caption.length }).map((c) => c.kind);
    expect(kinds).toContain('main');
    expect(kinds).not.toContain('evidence');
  });

  // A relative clause with no comma is cut so what it adds can be set aside, and goes back to its noun when kept.
  it('sets aside a relative clause without a comma and keeps the noun it tells of', () => {
    expect(claimsOf('The dog is sitting next to a bowl that is used for water.')).toEqual(['The dog is sitting next to a bowl']);
    expect(asideOf('The dog is sitting next to a bowl that is used for water.')).toEqual([['that is used for water.', 'world knowledge']]);
    expect(claimsOf('Shelters line the street that you would not want to spend a night in.')).toEqual(['Shelters line the street']);
  });

  it('sets aside a relative clause without a comma together with the reason it belongs to', () => {
    const caption = 'She is smiling because it is the first time that she sees snow.';
    expect(claimsOf(caption)).toEqual(['She is smiling']);
    expect(asideOf(caption).map(([, reason]) => reason)).toEqual(['reasoning', 'reasoning']);
  });

  it('reads what "it" says after the thing that bears the text as read off the image', () => {
    const caption = 'The letter is from the water company and it says that the bill is due on May 3.';
    expect(asideOf(caption)).toEqual([]);
  });

  it('sets aside an aside that ranks what was named among all of its kind, not among what is in view', () => {
    expect(claimsOf('This is Ada Quill, one of the greatest chess players in history.')).toEqual(['This is Ada Quill']);
    expect(asideOf('This is Ada Quill, one of the greatest chess players in history.')).toEqual([['one of the greatest chess players in history.', 'world knowledge']]);
    for (const kept of ['The boy, one of the tallest in the row, wears a red cap.', 'She holds one of the biggest pumpkins in the patch.']) expect(claimsOf(kept)).toEqual([kept]);
  });

  it('cuts a clause after what a label on something says', () => {
    const caption = 'The label on the jar says Golden Acre Honey and it is used to sweeten tea.';
    expect(claimsOf(caption)).toEqual(['The label on the jar says Golden Acre Honey']);
    expect(asideOf(caption)).toEqual([['and it is used to sweeten tea.', 'world knowledge']]);
  });

  it('sets aside a relative clause without a comma with the statement about the world it narrows', () => {
    expect(claimsOf('Crunchies is a brand of crackers that are sold in tins.')).toEqual([]);
    expect(asideOf('Crunchies is a brand of crackers that are sold in tins.').map(([, reason]) => reason)).toEqual(['world knowledge', 'world knowledge']);
    // Said of a thing in view, the relative clause is judged on its own, whatever became of the clause before it.
    expect(claimsOf('On the table is a well-known board game that has a red box.')).toContain('that has a red box.');
    expect(asideOf('On the table is a well-known board game that has a red box.')).toEqual([['On the table is a well-known board game', 'world knowledge']]);
    // A cue word the classifier overrules ("a popular brand of coffee cup") leaves the relative clause with its noun.
    const kept = 'A woman in a red coat is holding a popular brand of coffee cup that has a green lid.';
    expect(claimsOf(kept)).toEqual([kept]);
  });

  it.each(['There is a man who is wearing a red hat.', 'A bowl that is full of water sits on the floor.'])('%s → one claim', (caption) => {
    expect(claimsOf(caption)).toEqual([caption]);
  });

  it.each(['He is so tired that he falls asleep on the couch.', 'The sign shows that the shop is open.', 'It is clear that the cup is empty.'])(
    '%s → "that" opens no relative clause',
    (caption) => {
      expect(splitClauses(caption, { text: caption, start: 0, end: caption.length }).map((c) => c.kind)).toEqual(['main']);
    },
  );

  it('splits off what a thing is worn or held for, as a bare noun, and keeps the rest', () => {
    expect(claimsOf('She is wearing a helmet for protection.')).toEqual(['She is wearing a helmet']);
    expect(asideOf('She is wearing a helmet for protection.')).toEqual([['for protection.', 'reasoning']]);
    expect(claimsOf('A table is set for two people.')).toEqual(['A table is set for two people.']);
    expect(claimsOf('The sign says for sale.')).toEqual(['The sign says for sale.']);
  });

  // What a sign or sticker says is read off the image, whatever words it uses.
  it.each(['There is a sign that warns drivers to slow down.', 'The bottle requires a key to open, according to the sticker.'])('%s → kept', (caption) => {
    expect(claimsOf(caption)).toEqual([caption]);
  });

  it('still reads "is a sign that" as an inference', () => {
    expect(asideOf('The wet road is a sign that it rained.')).toEqual([['The wet road is a sign that it rained.', 'inference']]);
  });

  it('keeps a list of things in view after an opinion of them, not after a general statement', () => {
    const opinion = 'The tray offers an appealing and delicious assortment, including a lemon tart and two eclairs.';
    expect(claimsOf(opinion)).toEqual(['including a lemon tart', 'two eclairs.']);
    const general = 'Yamaha is a company known for pianos, including grand pianos and uprights.';
    expect(claimsOf(general)).toEqual([]);
    expect(claimsOf('The desk holds a pen, including its cap.')).toEqual(['The desk holds a pen, including its cap.']);
  });

  it('reads text quoted from the image whole, across its own full stops and dashes', () => {
    const caption = 'The label reads: "Take one tablet. Keep away from children." The patch says "Guide Dog – Do Not Pet".';
    expect(claimsOf(caption)).toEqual(['The label reads: "Take one tablet. Keep away from children."', 'The patch says "Guide Dog – Do Not Pet".']);
  });

  it('keeps a sentence that leads into a colon as part of the claims', () => {
    expect(claimsOf('The two socks are different colors: the left one is gray and the right one is navy.')).toEqual([
      'The two socks are different colors',
      'the left one is gray',
      'the right one is navy.',
    ]);
    expect(claimsOf('Colour: red')).toEqual(['Colour: red']);
  });

  it.each(['The Q4 bar is highlighted in green.', 'The progress bar indicates about one minute has played.', 'The fuel gauge indicates that the tank is nearly empty.'])(
    '%s → kept: a colour or a reading is seen',
    (caption) => {
      expect(claimsOf(caption)).toEqual([caption]);
    },
  );

  it('sets aside a purpose that stands alone, whatever else its words say', () => {
    expect(asideOf('He holds the bag close to avoid it bumping into someone on a busy bus.')).toEqual([
      ['to avoid it bumping into someone on a busy bus.', 'reasoning'],
    ]);
  });

  it('sets aside the meta-talk on one side of a turn and checks the other side', () => {
    expect(claimsOf("There's a small logo on the left sleeve, but I can't make out the brand.")).toEqual(["There's a small logo on the left sleeve"]);
    expect(claimsOf("I can't read the label, but it looks like soup.")).toEqual(['it looks like soup.']);
    expect(claimsOf("I'm sorry, but I can't identify people.")).toEqual([]);
  });

  it('keeps the descriptive part and sets aside only the add-on', () => {
    expect(splitCaption('The wooden ramp is placed on a sidewalk, which is a common location for skateboarding.')).toEqual({
      claims: [{ text: 'The wooden ramp is placed on a sidewalk', start: 0, end: 39, hedged: false }],
      setAside: [{ text: 'which is a common location for skateboarding.', start: 41, end: 86, reason: 'world knowledge' }],
    });
  });

  it('sets aside what the answer cannot give, not the description it hangs on', () => {
    expect(claimsOf('The print is small, so it is difficult to provide the exact dose.')).toEqual(['The print is small']);
    expect(asideOf('The print is small, so it is difficult to provide the exact dose.')).toEqual([['so it is difficult to provide the exact dose.', 'meta-talk']]);
  });

  it('checks a statement that something cannot be made out or is not shown in the picture', () => {
    expect(asideOf('The image shows a dark screen, which is hard to read.')).toEqual([]);
    expect(asideOf('It is impossible to tell from the picture what is inside the jar.')).toEqual([]);
    expect(asideOf('The price is not shown in the image.')).toEqual([]);
    expect(asideOf('Unfortunately, the image is too dark to determine the colour of the shirt.')).toEqual([]);
  });

  it('checks what the picture is said not to show, and a date read off it with a hedge (learned from written answers)', () => {
    expect(asideOf('The image does not show the price of the milk.')).toEqual([]);
    expect(asideOf('The picture does not reveal the time of day.')).toEqual([]);
    expect(asideOf('The colour of the sofa cannot be determined from the photo.')).toEqual([]);
    expect(asideOf('The expiry date is likely to be 5 June 2025.')).toEqual([]);
  });

  it('keeps the visible head and sets aside only its add-on', () => {
    expect(claimsOf('This appears to be a bottle of ketchup, a popular brand of condiment.')).toEqual(['This appears to be a bottle of ketchup']);
    expect(asideOf('This appears to be a bottle of ketchup, a popular brand of condiment.')).toEqual([['a popular brand of condiment.', 'world knowledge']]);
    expect(claimsOf('The box is blue and has a label on it, indicating that it holds medicine.')).toEqual(['The box is blue and has a label on it']);
    expect(claimsOf('A hand is visible at the left edge, suggesting that someone is holding the camera.')).toEqual(['A hand is visible at the left edge']);
    expect(claimsOf('The label shows a date of 12/05/2023, which means the product is still good.')).toEqual(['The label shows a date of 12/05/2023']);
    expect(claimsOf('The milk carton is open, so you should use it within three days.')).toEqual(['The milk carton is open']);
    expect(asideOf('The milk carton is open, so you should use it within three days.')).toEqual([['so you should use it within three days.', 'advice']]);
    // A closing phrase that only renames what was named stays part of its claim.
    expect(claimsOf('The desk has a lamp, a small green stapler.')).toEqual(['The desk has a lamp, a small green stapler.']);
    // Advice behind a condition is still advice, whole.
    expect(claimsOf('If the light is red, you should press the button.')).toEqual([]);
  });

  it('checks text read off the image whole: after a colon, and reported by what bears it', () => {
    expect(claimsOf('The screen says: Error 404, the page could not be found.')).toEqual(['The screen says: Error 404, the page could not be found.']);
    expect(claimsOf('The label reads: Take two tablets daily; do not exceed the dose.')).toEqual(['The label reads: Take two tablets daily; do not exceed the dose.']);
    expect(asideOf('The message warns that the battery is low.')).toEqual([]);
    expect(asideOf('In this case, the package suggests that you should cook the meal for 8 minutes.')).toEqual([]);
    expect(asideOf('The box is labelled "Fragile".')).toEqual([]);
  });

  it('reads "to" after a noun it completes as part of the description', () => {
    expect(claimsOf('The screen shows a button to restart the computer.')).toEqual(['The screen shows a button to restart the computer.']);
    expect(asideOf('He carries the boxes to fill the truck.').map(([, reason]) => reason)).toEqual(['reasoning']);
  });

  it.each([
    ['The hats might protect them from rain, keeping them dry.', 'keeping them dry.'],
    ['The meter indicates that parking is paid, and drivers are expected to pay.', 'and drivers are expected to pay.'],
    ['The image captures a quiet moment, possibly at a park.', 'possibly at a park.'],
    ['The awning might shield the stall from rain, without blocking the view.', 'without blocking the view.'],
  ])('an add-on inherits the uncertainty of its clause: %s', (caption, addOn) => {
    expect(asideOf(caption).map(([text]) => text)).toContain(addOn);
  });

  it('keeps a manner add-on of a description with it', () => {
    expect(claimsOf('A man rides a bike, without holding the handlebars.')).toEqual(['A man rides a bike', 'without holding the handlebars.']);
  });

  it('does not pass a set-aside status on to an independent clause', () => {
    expect(claimsOf('The scene is peaceful, and a dog sleeps on the porch.')).toEqual(['a dog sleeps on the porch.']);
  });

  // Short present-tense actions with a verb the classifier never saw in training ("opens", "folds") were once set
  // aside as intent: a person doing something to a thing in view is caught in the act.
  it.each(['She opens the door.', 'She folds the towels.', 'He fixes the bike.', 'He carries the boxes.'])('keeps a present-tense action on a thing: %s', (caption) => {
    expect(claimsOf(caption)).toEqual([caption]);
  });

  it('does not set aside plain description', () => {
    const caption = 'A white bird walks on a paved road. Trees stand in the background, and a car is parked nearby.';
    expect(splitCaption(caption).setAside).toEqual([]);
    expect(claimsOf(caption)).toHaveLength(3);
  });

  it.each(['QGIS layer styling panel', 'Paris fashion week, spring show', 'Memphis skyline from the river'])(
    'keeps a label that opens with a name in -s: %s',
    (label) => {
      expect(splitCaption(label).setAside).toEqual([]);
      expect(claimsOf(label)).toEqual([label]);
    },
  );

  it('keeps every sentence of a Japanese caption with Latin product names, and says why once', () => {
    const caption = '左からPixel 8、iPhone 15 Pro Max。iPhone 15と並べると、かなり小さいことが分かる';
    const result = splitCaption(caption);
    expect(result.setAside).toEqual([]);
    expect(result.notes).toEqual([notEnglishNote()]);
  });

  it('runs the English rules only where the page declares English or nothing, and says why once when it does not', () => {
    const caption = 'A dog sleeps on the porch. The scene feels peaceful.';
    expect(asideOf(caption)).toEqual([['The scene feels peaceful.', 'mood or atmosphere']]);
    expect(splitCaption(caption, { locale: 'en-GB' }).setAside).toHaveLength(1);
    const german = splitCaption(caption, { locale: 'de' });
    expect(german.setAside).toEqual([]);
    expect(german.claims).toHaveLength(2);
    expect(german.notes).toEqual([notEnglishPageNote('de')]);
    // A tag Intl cannot read is no declaration: the caption is read as it looks.
    expect(splitCaption(caption, { locale: 'not a language!' }).setAside).toHaveLength(1);
  });
});

describe('splitCaption: empty input', () => {
  it.each(['', ' ', '\n\t  \n', '...', '—'])('%j gives no claims and nothing set aside', (caption) => {
    expect(splitCaption(caption)).toEqual({ claims: [], setAside: [] });
  });
});

describe('splitCaption: schemas', () => {
  it('returns a value its own schema accepts', () => {
    const result = splitCaption('A cat sits, creating a cozy mood. It appears to sleep.');
    expect(splitResultSchema.parse(result)).toEqual(result);
    expect(claimSpanSchema.safeParse({ text: 'x', start: 0, end: 1 }).success).toBe(false);
    expect(setAsideSchema.safeParse({ text: 'x', start: 0, end: 1 }).success).toBe(false);
  });
});
