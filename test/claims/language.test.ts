import { describe, expect, it } from 'vitest';
import { looksEnglish } from '../../lib/claims/language.ts';
import { notEnglishNote, splitCaption } from '../../lib/claims/split.ts';

// Captions written for these tests, the way people and models caption pictures: short labels, names and quoted
// signs inside English, and the languages the product meets. More cases: test/claims/discourse.test.ts.
describe('looksEnglish: English captions', () => {
  it.each([
    'A dog.',
    'Two cats on a sofa',
    'Golden retriever puppy asleep',
    'Close-up of a bee on lavender',
    'Sunset over Lake Geneva',
    // Names and loan words with letters English does not use
    'Beyoncé performing on stage at the Stade de France.',
    'Jürgen Klopp waves to the crowd at Anfield.',
    'São Paulo skyline at dusk',
    'Zürich main station at night',
    'A small café with red chairs outside',
    'Pokémon cards spread across a table',
    'Two cats on a sofa in München',
    "Tourists queue outside the Musée d'Orsay",
    'Plate of crêpes with strawberries',
    'The Łazienki Palace reflected in the lake, Warsaw',
    'Statue of Antoni Gaudí in front of the Sagrada Família',
    // Text read off the picture, quoted in its own language or script
    "The sign reads 'Bienvenue à Paris'.",
    "The storefront says 'Panadería La Esperanza' in large yellow letters.",
    'A banner reading "Frohe Weihnachten" hangs above the door of a shop in München.',
    "The text on the screen reads: 'Willkommen bei der Deutschen Bahn'",
    'Mount Fuji (富士山) seen from Lake Kawaguchi',
    "A whiteboard with 'こんにちは' written on it",
    // No words to go by: nothing points to another language
    '1920 × 1080',
    'IMG_2041.JPG',
    'const total = items.length;',
    '2023-05-14 18:32',
    '',
  ])('%j is English', (caption) => {
    expect(looksEnglish(caption)).toBe(true);
  });

  it('reads a long English caption as English, foreign names and all', () => {
    const caption =
      'A waiter in a white apron carries two plates of paella across the terrace of the Café Méditerranée, ' +
      'while tourists photograph the Basílica de Santa María behind him and a street musician plays the accordion.';
    expect(looksEnglish(caption)).toBe(true);
  });
});

describe('looksEnglish: captions in other languages', () => {
  it.each([
    // German
    'Ein Hund.',
    'Zwei Katzen auf einem Sofa',
    'Ein Mann fährt mit dem Fahrrad durch den Park.',
    'Das Schild zeigt den Weg zum Bahnhof.',
    'Eine Frau liest ein Buch in einem Café.',
    // French
    'Un chien sur la plage.',
    'Deux chats dorment sur un canapé.',
    'Vue de la tour Eiffel depuis le Trocadéro',
    "L'entrée du musée est fermée le lundi.",
    'Sur le panneau on lit « Welcome to Paris ».',
    // Spanish
    'Un perro en la playa.',
    'Dos gatos duermen en el sofá.',
    'Vista del puerto de Barcelona al atardecer',
    'Una mujer con un paraguas rojo cruza la calle.',
    // Italian
    'Un gatto sul divano.',
    'Il Colosseo di notte',
    'Una ragazza legge un libro sotto un albero.',
    // Portuguese
    'Um cachorro na praia.',
    'Dois gatos dormem no sofá.',
    'Vista do Cristo Redentor no Rio de Janeiro',
    'Uma mulher segura um guarda-chuva vermelho na rua.',
    // Dutch
    'Een hond op het strand.',
    'Twee katten slapen op de bank.',
    'Fietsen langs de gracht in Amsterdam',
    'Een man met een rode fiets staat bij de brug.',
    // Other scripts
    'Кіт спить на дивані.',
    'Собака біжить по траві біля річки.',
    'قطة نائمة على الأريكة.',
    'सोफे पर सोती हुई बिल्ली।',
    '沙发上睡着一只猫。',
    'ソファで寝ている猫',
    '소파에서 자는 고양이',
    'Ελληνική σημαία σε ένα νησί',
  ])('%j is not English', (caption) => {
    expect(looksEnglish(caption)).toBe(false);
  });

  it('reads a long caption with an English product name and quote as the language around them', () => {
    const caption =
      'Auf dem Foto sieht man einen Laptop von Apple, auf dessen Bildschirm die Meldung „Update available“ steht; ' +
      'daneben liegen ein Notizbuch und eine Tasse Kaffee.';
    expect(looksEnglish(caption)).toBe(false);
  });
});

describe('splitCaption: the language decides whether the English rules run', () => {
  it('runs them on an English caption that quotes a French sign, and adds no note', () => {
    const result = splitCaption("The sign reads 'Bienvenue à Paris'. The scene feels peaceful.");
    expect(result.setAside.map((s) => s.reason)).toEqual(['mood or atmosphere']);
    expect(result.notes).toBeUndefined();
  });

  it('keeps every sentence of a short Dutch caption, with the note', () => {
    const result = splitCaption('Een hond op het strand. Hij lijkt gelukkig.');
    expect(result.claims.map((c) => c.text)).toEqual(['Een hond op het strand.', 'Hij lijkt gelukkig.']);
    expect(result.setAside).toEqual([]);
    expect(result.notes).toEqual([notEnglishNote()]);
  });
});
