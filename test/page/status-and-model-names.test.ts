// @vitest-environment happy-dom
// An eval tool's verdict on an output ("PASS", "FAIL" and a failed check's reason) and a model's name as an answer's
// header or footer line, and a footer's figures between separators on lines of their own: not the model's words.
import { describe, expect, it } from 'vitest';
import { isModelName, trimModelText } from '../../lib/page/output-trim';

const words = 'Ein Holzboot liegt am Ufer eines Sees.\nIm Hintergrund stehen Kiefern unter einem grauen Himmel.';

describe("a check's verdict before an output", () => {
  it('drops a status word on the first line, and a failed check\'s short reason after it', () => {
    expect(trimModelText(`PASS\n${words}`)).toBe(words);
    expect(trimModelText(`✗ Failed\nExpected output to mention a lighthouse\n${words}`)).toBe(words);
    expect(trimModelText(`FEHLGESCHLAGEN\n${words}`)).toBe(words);
  });
  it('guard: a passing status never takes the line after it, and a lone short output after a failure stays', () => {
    expect(trimModelText(`PASS\nEin Holzboot am Ufer.\n${words}`)).toBe(`Ein Holzboot am Ufer.\n${words}`);
    expect(trimModelText('FAIL\nEin Holzboot liegt am Ufer.\n12 tokens · 0.4 s')).toBe('Ein Holzboot liegt am Ufer.\n12 tokens · 0.4 s'.split('\n')[0]);
    expect(trimModelText('Pass the salt, please.\nThe bowl is on the table.')).toBe('Pass the salt, please.\nThe bowl is on the table.');
  });
});

describe("a model's name as an answer's header or footer", () => {
  it('reads a family name with a version as a name line', () => {
    for (const line of ['Gemini 2.5 Flash', 'Llama 4 Maverick Instruct (17Bx128E)', 'gpt-4o-mini', 'Qwen2.5-VL-7B-Instruct', 'meta-llama/Llama-3.2-11B-Vision']) expect(isModelName(line), line).toBe(true);
  });
  it('guard: words that start with a family word, or a name with no version, are not a name line', () => {
    for (const line of ['Claude', 'Phi 2 was the name of our dog.', 'Nova Scotia coast in 2019, seen from a ferry deck at dawn with gulls', 'Command 3 tanks']) expect(isModelName(line), line).toBe(line === 'Command 3 tanks');
  });
  it('drops the name line before or after the words, and a footer of figures split over lines with its separators', () => {
    expect(trimModelText(`${words}\nGemini 2.5 Flash`)).toBe(words);
    expect(trimModelText(`Llama 4 Maverick Instruct (17Bx128E)\n${words}\n1.3s\n·\n296 tokens\n·`)).toBe(words);
  });
  it('guard: a name line alone stays', () => {
    expect(trimModelText('Gemini 2.5 Flash')).toBe('Gemini 2.5 Flash');
  });
});
