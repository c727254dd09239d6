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
    // The word does not matter, only its place and the number and separator after it: books, how-tos, tables,
    // papers and galleries in languages and scripts no list named.
    ['Chapter 3: The hero leaves home.', 'Chapter 3: '],
    ['Step 2: Fold the paper in half.', 'Step 2: '],
    ['Day 3 – We hiked to the lake.', 'Day 3 – '],
    ['FIGURE 5. Electron micrograph of a cell.', 'FIGURE 5. '],
    ['Figure 3 | Rainfall over the Alps.', 'Figure 3 | '],
    ['Tabla 1. Resultados del ensayo.', 'Tabla 1. '],
    ['Tabelle 2: Messwerte im Überblick.', 'Tabelle 2: '],
    ['Ilustración 4 – Un gato en la ventana.', 'Ilustración 4 – '],
    ['Bild 3 von 12: Ein Hund im Park.', 'Bild 3 von 12: '],
    ['Slika 3: Mačka na kauču.', 'Slika 3: '],
    ['Rys. 2. Kot na kanapie.', 'Rys. 2. '],
    ['Obrázek 1: Pes na trávě.', 'Obrázek 1: '],
    ['Εικόνα 2: Ένας σκύλος στο χιόνι.', 'Εικόνα 2: '],
    ['그림 1: 고양이가 소파에 앉아 있다.', '그림 1: '],
    ['表1：调查结果。', '表1：'],
    ['図表 2. 売上の推移', '図表 2. '],
    ['イラスト 4：森の中のクマ。', 'イラスト 4：'],
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
    ['a name and a number with no separator', 'Room 101 is empty.'],
    ['a place and a number before a comma', 'Route 66 at sunset, Arizona.'],
    ['a label word used as an ordinary word', 'Figure skating: a pair spins on the ice.'],
    ['a picture word in a longer name', 'Photo booth: friends pose with hats.'],
    ['a field name before a colon', 'Colour: red'],
    ['a preposition before a year', 'In 2020: crowds fill the square.'],
    ['a German date', 'Am 9. November 1989 fiel die Mauer.'],
    ['a German ordinal after an article', 'Der 3. Platz ging an Norwegen.'],
    ['an initial after a title', 'President J. Smith waves to the crowd.'],
    ['a brand written in camel case', 'iPhone 15: the back in blue.'],
    ['a Japanese particle before a spaced number', '猫が 3 匹いる。'],
    ['a Japanese number before a unit', '約 3 kg のスイカ。'],

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
    ['Chapter 3: A boy stands on a hill.', undefined, ['A boy stands on a hill.']],
    // A name and number that head the caption read as its label; inside a sentence they stay.
    ['Room 101: An empty desk stands by the window.', undefined, ['An empty desk stands by the window.']],
    ['Room 101 is empty.', undefined, ['Room 101 is empty.']],
    ['Am 9. November 1989 stehen Menschen auf der Mauer.', 'de', ['Am 9. November 1989 stehen Menschen auf der Mauer.']],
    // Not a label: the caption keeps its words.
    ['Image 1 shows a dog on a lawn.', undefined, ['Image 1 shows a dog on a lawn.']],
  ])('%s', (caption, locale, claims) => {
    expect(claimsOf(caption, locale)).toEqual(claims);
  });

  it('sets nothing aside for a label: it is left out of claims and set-aside text alike', () => {
    expect(splitCaption('Figure 3: A man rides a bike.').setAside).toEqual([]);
  });
});
