import { describe, expect, it } from 'vitest';
import { indexText, locateSpans, type TextPoint } from '@/lib/page/marks';

/** The text between two points of a node list, to compare with the claim. */
function textBetween(texts: string[], [from, to]: [TextPoint, TextPoint]): string {
  if (from[0] === to[0]) return texts[from[0]]!.slice(from[1], to[1]);
  return texts[from[0]]!.slice(from[1]) + texts.slice(from[0] + 1, to[0]).join('') + texts[to[0]]!.slice(0, to[1]);
}

describe('locating caption spans in page text', () => {
  it('collapses whitespace the way the caption was read', () => {
    expect(indexText(['  Two\n  cats ', ' sit']).text).toBe('Two cats sit');
    expect(indexText(['a b', 'c'], true).text).toBe('abc');
  });

  it.each([
    [['Two ', 'orange', ' cats sit on a sofa.\n   A dog sleeps under the ', 'table', '.']],
    [['Intro text. ', 'Two orange cats sit on a sofa. A dog sleeps under the table.', ' Outro.']],
    [['Two orange cats sit on a sofa.', 'A dog sleeps under the table.']], // a selection across blocks reads with a space
  ])('maps claim offsets to text nodes %#', (texts) => {
    const caption = 'Two orange cats sit on a sofa. A dog sleeps under the table.';
    const spans = [
      { start: 0, end: 30 },
      { start: 31, end: 60 },
    ];
    const located = locateSpans(texts, caption, spans);
    expect(located.map((points) => points && textBetween(texts, points).replace(/\s+/g, ' '))).toEqual([
      'Two orange cats sit on a sofa.',
      'A dog sleeps under the table.',
    ]);
  });

  it('gives null for spans outside the caption and when the caption is not on the page', () => {
    expect(locateSpans(['Two cats.'], 'Two cats.', [{ start: -1, end: -1 }])).toEqual([null]);
    expect(locateSpans(['Something else.'], 'Two cats.', [{ start: 0, end: 9 }])).toEqual([null]);
  });
});
