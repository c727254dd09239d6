import { describe, expect, it } from 'vitest';
import { splitCaption } from '../../lib/claims/split.ts';

const claimsOf = (caption: string) => splitCaption(caption).claims.map((c) => c.text);

// Issues 43 (item 5) and 44: a claim shown to a person reads as a statement about the image with one fact in it, and
// each is still a span of the caption.
describe('one fact per claim', () => {
  it('cuts a coordinated list of things into one claim per thing, each a span of the caption', () => {
    const caption = 'There are two yellow rectangles, and an orange square.';
    const { claims } = splitCaption(caption);
    expect(claims.map((c) => c.text)).toEqual(['There are two yellow rectangles', 'an orange square.']);
    for (const c of claims) expect(caption.slice(c.start, c.end)).toBe(c.text);
    expect(claimsOf('He is holding a cup, a spoon and a saucer.')).toEqual(['He is holding a cup', 'a spoon', 'a saucer.']);
  });

  it.each([
    ['The kitchen has white cabinets, a steel fridge, and a wooden table.', ['The kitchen has white cabinets', 'a steel fridge', 'a wooden table.']],
    ['He wears jeans, sneakers and a red cap.', ['He wears jeans', 'sneakers', 'a red cap.']],
    ['The shelf holds a book, plants and a lamp.', ['The shelf holds a book', 'plants', 'a lamp.']],
  ])('cuts a list whose things have no determiner as well: %s', (caption, expected) => {
    const { claims } = splitCaption(caption);
    expect(claims.map((c) => c.text)).toEqual(expected);
    for (const c of claims) expect(caption.slice(c.start, c.end)).toBe(c.text);
  });

  it.each([
    'A cat sits between a lamp and a chair.',
    'A man and a woman are walking a dog.',
    'The desk has a lamp, a small green stapler.',
    'A black and white cat sleeps on a sofa.',
    'A bowl of apples and pears sits on the table.',
    'Cats sit between old books, a lamp and a chair.',
    'Old books, a lamp and a chair sit on the table.',
    'In the kitchen, cabinets and a fridge are white.',
  ])('leaves one statement whole: %s', (caption) => {
    expect(claimsOf(caption).join(' ')).toBe(caption);
    expect(claimsOf(caption).some((c) => /^(?:a|an|two)\s/u.test(c) && !caption.startsWith(c))).toBe(false);
  });

  it('rejoins a relative clause to its head instead of checking it alone', () => {
    expect(claimsOf('A man stands beside a machine, which is covered in wires.')).toEqual(['A man stands beside a machine, which is covered in wires.']);
    expect(claimsOf('A grey line runs to the right edge, where it meets a yellow circle.')).toEqual(['A grey line runs to the right edge, where it meets a yellow circle.']);
    expect(claimsOf('Edward Lorenz at his desk with the weather model\nthat uncovered strange attractors.')).toEqual([
      'Edward Lorenz at his desk with the weather model\nthat uncovered strange attractors.',
    ]);
    expect(claimsOf('A researcher stands beside the laser. which fires a green beam.')).toEqual(['A researcher stands beside the laser. which fires a green beam.']);
    // Set aside, the fragment is still no claim of its own.
    const speculative = splitCaption('Edward Lorenz at his desk with the weather model\nthat would uncover strange attractors and other hallmarks of chaos theory.');
    expect(speculative.claims.map((c) => c.text)).toEqual(['Edward Lorenz at his desk with the weather model']);
  });

  // The set-aside rules read English only, but a list after a colon is one claim per item in any language.
  it.each([
    ['Das Foto zeigt: einen roten Ball, eine blaue Tasse und einen kleinen Hund.', ['Das Foto zeigt: einen roten Ball', 'eine blaue Tasse', 'einen kleinen Hund.']],
    ['La photo montre : un ballon rouge, une tasse bleue et un petit chien.', ['La photo montre : un ballon rouge', 'une tasse bleue', 'un petit chien.']],
    ['Zu sehen: ein Hund, eine Katze, ein Vogel.', ['Zu sehen: ein Hund', 'eine Katze', 'ein Vogel.']],
    ['写真には：赤いボール、青いカップ、小さな犬。', ['写真には：赤いボール', '青いカップ', '小さな犬。']],
  ])('cuts a list after a colon into one claim per item, in any language: %s', (caption, expected) => {
    const { claims, notes } = splitCaption(caption);
    expect(notes).toHaveLength(1);
    expect(claims.map((c) => c.text)).toEqual(expected);
    for (const c of claims) expect(caption.slice(c.start, c.end)).toBe(c.text);
  });

  it.each(['Farben: Schwarz und Weiß.', 'Das Foto zeigt einen roten Ball, eine blaue Tasse und einen Hund.', 'Hinweis: Der Hund schläft auf dem Sofa, während die Katze am Fenster sitzt und nach draußen schaut.'])(
    'leaves a sentence after a colon whole when it is no list of things: %s',
    (caption) => {
      expect(claimsOf(caption)).toHaveLength(1);
    },
  );

  it('keeps a list after a colon whole with --keep-all', () => {
    expect(splitCaption('Das Foto zeigt: einen roten Ball, eine blaue Tasse und einen kleinen Hund.', { keepAll: true }).claims).toHaveLength(1);
  });

  it.each([
    ['Task State Transitions [Fig 2]', ['Task State Transitions']],
    ['A chart of task states (Fig. 2).', ['A chart of task states']],
    ['[Abb. 2] A dog sleeps on a mat.', ['A dog sleeps on a mat.']],
    ['The pipeline at a glance (see Figures 3-4)', ['The pipeline at a glance']],
  ])('drops a bracketed figure reference: %s', (caption, expected) => {
    expect(claimsOf(caption)).toEqual(expected);
  });
});
