// Batch input lines, resume output lines, and the progress text: pure helpers, table-driven.
import { describe, expect, it } from 'vitest';
import { readBatchInput } from '../../lib/cli/batch-files';
import { parseBatchLine, parseOutputLine } from '../../lib/cli/batch-input';
import { formatBar, formatDuration, lineEvery } from '../../lib/cli/progress';

describe('parseBatchLine', () => {
  it.each([
    [{ id: 'a', image: 'x.jpg', caption: 'A dog.' }, { id: 'a', key: '"a"', source: { caption: 'A dog.' }, gold: null }],
    [{ id: 3, image: 'x.jpg', claims: ['A dog.'] }, { id: 3, key: '3', source: { claims: ['A dog.'] }, gold: null }],
    [{ id: 'e', image: 'x.jpg', caption: 'Ein Hund.', lang: 'de' }, { source: { caption: 'Ein Hund.', lang: 'de' } }],
    [
      { id: 'b', image: 'x.jpg', claims: ['A dog.', 'A cat.'], labels: [true, false], error_types: [[], ['object', 'Attributes']] },
      { gold: [{ label: true, errorTypes: [] }, { label: false, errorTypes: ['Object', 'Attribute'] }] },
    ],
    [{ id: 'c', image: 'x.jpg', claims: ['A dog.'], gold: [false] }, { gold: [{ label: false, errorTypes: null }] }],
    [
      { id: 'd', image: 'x.jpg', caption: 'A dog. A cat.', gold: [{ label: true }, { label: false, error_type: ['Quantitative'] }] },
      { gold: [{ label: true, errorTypes: null }, { label: false, errorTypes: ['Quantitative'] }] },
    ],
  ])('%j', (line, expected) => {
    expect(parseBatchLine(JSON.stringify(line), 1)).toMatchObject(expected);
  });

  it.each([
    ['{"id": "a", ', /not valid JSON/],
    [{ image: 'x.jpg', caption: 'A dog.' }, /id/],
    [{ id: 'a', caption: 'A dog.' }, /image/],
    [{ id: 'a', image: 'x.jpg' }, /exactly one of "caption" or "claims"/],
    [{ id: 'a', image: 'x.jpg', caption: 'A dog.', claims: ['A dog.'] }, /exactly one of "caption" or "claims"/],
    [{ id: 'a', image: 'x.jpg', claims: [] }, /claims is empty/],
    [{ id: 'a', image: 'x.jpg', claims: ['A dog.'], labels: [true, false] }, /2 gold labels for 1 claims/],
    [{ id: 'a', image: 'x.jpg', claims: ['A dog.'], labels: [false], error_types: [['Colour']] }, /unknown error type "Colour"/],
    [{ id: 'a', image: 'x.jpg', claims: ['A dog.'], error_types: [[]] }, /"error_types" needs "labels"/],
    [{ id: 'a', image: 'x.jpg', claims: ['A dog.'], labels: [true], gold: [true] }, /not both/],
    [{ id: 'a', image: 'x.jpg', caption: 'A dog.', lang: 'not a language!' }, /lang is not a language tag/],
  ])('refuses %j', (line, message) => {
    expect(() => parseBatchLine(typeof line === 'string' ? line : JSON.stringify(line), 1)).toThrow(message);
  });
});

describe('readBatchInput', () => {
  it('skips blank lines, names bad lines and repeated ids by line number', () => {
    const text = ['{"id":"a","image":"x","caption":"A."}', '', 'nope', '{"id":"a","image":"y","caption":"B."}', '{"id":1,"image":"x","caption":"C."}', '{"id":"1","image":"x","caption":"D."}'].join('\n');
    const { items, problems } = readBatchInput(text);
    expect(items.map((i) => [i.id, i.line])).toEqual([
      ['a', 1],
      [1, 5],
      ['1', 6],
    ]);
    expect(problems).toEqual([
      { line: 3, message: 'not valid JSON' },
      { line: 4, message: 'id "a" repeats line 1' },
    ]);
  });
});

describe('parseOutputLine', () => {
  it.each([
    ['{"id":"a","claims":[{"text":"A.","label":true,"reasoning":"r","error_type":[]}],"model":"m","usage":{}}', 'a'],
    ['{"id":2,"error":{"kind":"image","message":"gone"}}', 2],
    ['{"id":"a","claims":[{"text":"A.","lab', null],
    ['{"no":"id"}', null],
  ])('%s → %j', (line, id) => {
    expect(parseOutputLine(line)?.id ?? null).toBe(id);
  });
});

describe('progress', () => {
  it.each([
    [0, '0s'],
    [42_400, '42s'],
    [185_000, '3m 05s'],
    [3_720_000, '1h 02m'],
  ])('formatDuration(%i) = %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [3, 1],
    [100, 5],
    [100_000, 100],
  ])('a plain line every lineEvery(%i) = %i items', (total, every) => {
    expect(lineEvery(total)).toBe(every);
  });

  it('draws the bar with rate, failures and time left', () => {
    expect(formatBar({ done: 5, failed: 1, total: 20, elapsedMs: 10_000 }, 8)).toBe('[██░░░░░░] 5/20 · 1 failed · 0.50 items/s · ETA 30s');
  });
});
