import { describe, expect, it } from 'vitest';
import { extractJsonText, normalizeErrorType, normalizeLabel, parseVerdicts } from '@/lib/verify/parse';
import { createVerdictStreamParser } from '@/lib/verify/stream-parse';

const TRUE_V = { reasoning: 'Two cats are visible.', label: true, error_type: [] };
const FALSE_V = { reasoning: 'There is no dog.', label: false, error_type: ['Object'] };

describe('parseVerdicts', () => {
  it.each([
    ['a bare array', JSON.stringify([TRUE_V, FALSE_V])],
    ['a wrapped list', JSON.stringify({ verdicts: [TRUE_V, FALSE_V] })],
    ['another wrapper key', JSON.stringify({ results: [TRUE_V, FALSE_V] })],
    ['a code fence', '```json\n' + JSON.stringify([TRUE_V, FALSE_V], null, 2) + '\n```'],
    ['prose around the JSON', `Here you go:\n${JSON.stringify([TRUE_V, FALSE_V])}\nHope this helps!`],
    [
      'Python literals and single quotes',
      "[{'reasoning': 'Two cats are visible.', 'label': True, 'error_type': []}, {'reasoning': 'There is no dog.', 'label': False, 'error_type': ['Object']}]",
    ],
    [
      'trailing commas',
      '[{"reasoning": "Two cats are visible.", "label": true, "error_type": [],}, {"reasoning": "There is no dog.", "label": false, "error_type": ["Object",],},]',
    ],
    [
      'labels as strings and loose type names',
      '[{"reasoning": "Two cats are visible.", "label": "true", "error_type": []}, {"reasoning": "There is no dog.", "label": "False", "error_type": ["object identification"]}]',
    ],
  ])('reads %s', (_name, raw) => {
    expect(parseVerdicts(raw).verdicts).toEqual([TRUE_V, FALSE_V]);
  });

  it.each([
    ['empty content', ''],
    ['prose without JSON', 'I cannot see the image.'],
    ['an object that is no verdict list', '{"answer": 42}'],
  ])('finds nothing in %s', (_name, raw) => {
    expect(parseVerdicts(raw).verdicts).toEqual([]);
  });

  it('keeps a slot for an entry without a readable label', () => {
    const raw = JSON.stringify([TRUE_V, { reasoning: 'unsure', label: 'maybe', error_type: [] }, FALSE_V]);
    expect(parseVerdicts(raw).verdicts).toEqual([TRUE_V, null, FALSE_V]);
  });

  it('drops unknown error types with a note, and clears types on a supported claim', () => {
    const raw = JSON.stringify([
      { reasoning: 'x', label: false, error_type: ['Colour', 'Quantity'] },
      { reasoning: 'y', label: true, error_type: ['Object'] },
    ]);
    const parsed = parseVerdicts(raw);
    expect(parsed.verdicts).toEqual([
      { reasoning: 'x', label: false, error_type: ['Quantitative'] },
      { reasoning: 'y', label: true, error_type: [] },
    ]);
    expect(parsed.notes.join(' ')).toContain('Colour');
  });
});

describe('normalizers', () => {
  it.each([
    [true, true], [false, false], ['true', true], ['True', true], ['FALSE', false], ['yes', true], ['no', false],
    [1, true], [0, false], ['maybe', undefined], [null, undefined], [2, undefined],
  ])('label %j → %j', (value, expected) => {
    expect(normalizeLabel(value)).toBe(expected);
  });

  it.each([
    ['Object', 'Object'], ['object', 'Object'], ['Objects', 'Object'], ['Object Identification', 'Object'],
    ['attribute accuracy', 'Attribute'], ['Atribute', 'Attribute'], ['spatial relations', 'Spatial'],
    ['Interaction/Action Accuracy', 'Interaction'], ['action', 'Interaction'], ['Quantitive', 'Quantitative'],
    ['counting', 'Quantitative'], ['Quantitative Information', 'Quantitative'], ['Colour', undefined], ['', undefined],
  ])('error type %j → %j', (value, expected) => {
    expect(normalizeErrorType(value)).toBe(expected);
  });

  it('extracts from the first bracket to the matching last one', () => {
    expect(extractJsonText('Sure: [1, 2] done')).toBe('[1, 2]');
    expect(extractJsonText('no json here')).toBe('');
  });
});

describe('createVerdictStreamParser', () => {
  it.each([
    ['a wrapped list', JSON.stringify({ verdicts: [TRUE_V, FALSE_V] })],
    ['a bare array in prose', `Verdicts:\n${JSON.stringify([TRUE_V, FALSE_V])}`],
    ['reasoning with braces and quotes', JSON.stringify([{ ...TRUE_V, reasoning: 'The sign says "{open}" [sic].' }, FALSE_V])],
  ])('hands over each verdict as it completes: %s', (_name, text) => {
    const seen: unknown[] = [];
    const parser = createVerdictStreamParser((index, verdict) => seen.push([index, verdict]));
    let firstAt = -1;
    for (let i = 0; i < text.length; i += 3) {
      parser.push(text.slice(i, i + 3));
      if (firstAt < 0 && seen.length > 0) firstAt = i;
    }
    expect(seen.map((s) => (s as [number, { label: boolean }])[1].label)).toEqual([true, false]);
    // The first verdict is out before the second one has been written.
    expect(firstAt).toBeLessThan(text.lastIndexOf('There is no dog'));
    expect(parser.text).toBe(text);
  });
});
