import { describe, expect, it } from 'vitest';
import { keyMayGoTo, originOf, savedKeyFor } from '@/lib/key-origin';

describe('originOf', () => {
  it.each([
    ['https://api.openai.com/v1', 'https://api.openai.com'],
    ['  http://localhost:11434/v1/ ', 'http://localhost:11434'],
    ['https://api.openai.com:443/v1', 'https://api.openai.com'],
    ['https://api.openai', 'https://api.openai'],
    ['api.openai.com/v1', null],
    ['file:///etc/passwd', null],
    ['', null],
  ])('%j → %j', (url, expected) => {
    expect(originOf(url)).toBe(expected);
  });
});

describe('keyMayGoTo', () => {
  it.each([
    ['the origin it was saved for, any path', 'https://api.openai.com', 'https://api.openai.com/v2/', true],
    ['another host (a preset)', 'https://api.openai.com', 'https://openrouter.ai/api/v1', false],
    ['another port of the same host', 'http://localhost:11434', 'http://localhost:1234/v1', false],
    ['plain http on the same host', 'https://api.openai.com', 'http://api.openai.com/v1', false],
    ['a look-alike host', 'https://api.openai.com', 'https://api.openai.com.evil.example/v1', false],
    ['a key typed before any Base URL: the first one', null, 'https://api.openai.com/v1', true],
    ['no valid address yet', null, 'https://', false],
  ])('%s', (_name, keyOrigin, baseUrl, expected) => {
    expect(keyMayGoTo(keyOrigin, baseUrl)).toBe(expected);
  });
});

describe('savedKeyFor', () => {
  const saved = { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-saved' };
  it.each([
    ['https://api.openai.com/v1', 'sk-saved'],
    ['https://api.openai.com/v2/', 'sk-saved'],
    ['https://openrouter.ai/api/v1', ''],
    ['http://api.openai.com/v1', ''],
    ['not a url', ''],
  ])('%s → %j', (baseUrl, expected) => {
    expect(savedKeyFor(saved, baseUrl)).toBe(expected);
  });
  it('gives nothing when the saved Base URL is not a URL', () => {
    expect(savedKeyFor({ baseUrl: '', apiKey: 'sk-saved' }, '')).toBe('');
  });
});
