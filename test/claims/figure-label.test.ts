import { describe, expect, it } from 'vitest';
import { figureLabelLength } from '../../lib/claims/figure-label.ts';
import { splitCaption } from '../../lib/claims/split.ts';

const labelOf = (text: string) => text.slice(0, figureLabelLength(text));
const claimsOf = (caption: string, locale?: string) => splitCaption(caption, locale ? { locale } : {}).claims.map((c) => c.text);

describe('figureLabelLength: a label and its number at the start', () => {
  it.each([
    // English, the shapes named in the issue and their kin
    ['Figure 3: A man rides a bike.', 'Figure 3: '],
    ['Fig. 2 — Two dogs play in the snow.', 'Fig. 2 — '],
    ['Photo: a red car on the street.', 'Photo: '],
    ['Sample 2. A cat sits on a mat.', 'Sample 2. '],
    ['Image 1 of 5 A woman holds an umbrella.', 'Image 1 of 5 '],
    ['Image 1 of 5: A woman holds an umbrella.', 'Image 1 of 5: '],
    ['Image 3/5 - A woman holds an umbrella.', 'Image 3/5 - '],
    ['(Figure 3) A dog on a lawn.', '(Figure 3) '],
    ['[Image 2 of 4] A dog on a lawn.', '[Image 2 of 4] '],
    ['Figure 3a: A dog.', 'Figure 3a: '],
    ['Figure 2(a): A dog.', 'Figure 2(a): '],
    ['Fig. S2 – A dog.', 'Fig. S2 – '],
    ['Panel B: A dog.', 'Panel B: '],
    ['Plate IV. A dog.', 'Plate IV. '],
    ['Photograph 2: A dog.', 'Photograph 2: '],
    ['Example 3.2: A dog.', 'Example 3.2: '],
    ['Image #4: A dog.', 'Image #4: '],
    ['Frame 12 of 240 — A dog.', 'Frame 12 of 240 — '],
    ['Sample 2.', 'Sample 2.'],
    // German, French, Spanish, Portuguese, Italian, Dutch, Russian
    ['Abbildung 3: Ein Mann fährt Fahrrad.', 'Abbildung 3: '],
    ['Abb. 2 – Ein Hund im Schnee.', 'Abb. 2 – '],
    ['Bild 1 von 5: Ein Hund.', 'Bild 1 von 5: '],
    ['Figure 3 : Un homme fait du vélo.', 'Figure 3 : '],
    ['Image 1 sur 5. Un chien.', 'Image 1 sur 5. '],
    ['Imagen 1 de 5. Un perro.', 'Imagen 1 de 5. '],
    ['Figura 2: Um cão na neve.', 'Figura 2: '],
    ['Immagine 1 di 5: un cane.', 'Immagine 1 di 5: '],
    ['Afbeelding 1 van 5 Een hond.', 'Afbeelding 1 van 5 '],
    ['Рис. 2. Кот на диване.', 'Рис. 2. '],
    // Japanese and Chinese write the number right after the word
    ['図1：猫がソファに座っている。', '図1：'],
    ['写真 2 猫が寝ている。', '写真 2 '],
    ['图1：一只猫坐在垫子上。', '图1：'],
    ['圖片 3. 一隻狗。', '圖片 3. '],
  ])('%s', (text, label) => {
    expect(labelOf(text)).toBe(label);
  });

  it.each([
    ['a sentence that opens on a picture word', 'Image 1 shows a dog on a lawn.'],
    ['a number with no separator and no total', 'Figure 3 A man rides a bike.'],
    ['a bare word before no colon', 'Photo of a dog on a lawn.'],
    ['the verb "picture"', 'Picture a dog running on the beach.'],
    ['"still" as an adverb', 'Still a man stands by the door.'],
    ['a word that only starts like a label', 'Pick: the red one.'],
    ['a lower-case word read as a numeral', 'Photo civil: a dog.'],
    ['a label word later in the line', 'The photo: a dog on a lawn.'],
    ['a Japanese word that starts with a label character', '例えば、猫がいる。'],
  ])('leaves alone %s', (_name, text) => {
    expect(figureLabelLength(text)).toBe(0);
  });
});

describe('splitCaption: figure labels are never claims', () => {
  it.each([
    ['Sample 2. A cat sits on a red mat.', undefined, ['A cat sits on a red mat.']],
    ['Fig. 2 — Two dogs play in the snow.', undefined, ['Two dogs play in the snow.']],
    ['Photo: a red car parked on the street.', undefined, ['a red car parked on the street.']],
    ['Image 1 of 5 A woman holds an umbrella.', undefined, ['A woman holds an umbrella.']],
    ['Figure 3: Colour: red', undefined, ['Colour: red']],
    ['Figure 1: A dog runs.\nFigure 2: A cat sleeps.', undefined, ['A dog runs.', 'A cat sleeps.']],
    ['1. Figure 2: A dog runs.', undefined, ['A dog runs.']],
    ['Sample 2.', undefined, []],
    ['Abbildung 3: Ein Mann fährt Fahrrad.', 'de', ['Ein Mann fährt Fahrrad.']],
    ['Imagen 1 de 5. Un perro duerme.', 'es', ['Un perro duerme.']],
    ['图1：一只猫坐在垫子上。', 'zh', ['一只猫坐在垫子上。']],
    // Not a label: the caption keeps its words.
    ['Image 1 shows a dog on a lawn.', undefined, ['Image 1 shows a dog on a lawn.']],
  ])('%s', (caption, locale, claims) => {
    expect(claimsOf(caption, locale)).toEqual(claims);
  });

  it('sets nothing aside for a label: it is left out of claims and set-aside text alike', () => {
    expect(splitCaption('Figure 3: A man rides a bike.').setAside).toEqual([]);
  });
});
