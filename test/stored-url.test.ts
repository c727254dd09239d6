import { describe, expect, it } from 'vitest';
import { MAX_STORED_URL_CHARS, storedUrl } from '@/lib/stored-url';

describe('storedUrl', () => {
  it.each([
    ['an ordinary URL stays whole', 'https://news.example/a.jpg?w=800', 'https://news.example/a.jpg?w=800'],
    ['a data: image becomes a description', `data:image/jpeg;base64,${'/9j/'.repeat(500_000)}`, 'data:image/jpeg (inline image, 1.5 MB, not kept)'],
    ['a small data: image too', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'data:image/gif (inline image, 1 kB, not kept)'],
    ['a data: URL without a type', 'data:,hello', 'data:unknown type (inline image, 1 kB, not kept)'],
    ['a data: URL with markup in its type', 'data:image/svg+xml<script>,x', 'data:image/svg+xml (inline image, 1 kB, not kept)'],
  ])('%s', (_name, url, expected) => {
    expect(storedUrl(url)).toBe(expected);
  });

  it('cuts a very long URL to the cap, with a marker', () => {
    const long = `https://news.example/${'a'.repeat(10_000)}`;
    const stored = storedUrl(long);
    expect(stored.startsWith(long.slice(0, MAX_STORED_URL_CHARS))).toBe(true);
    expect(stored.endsWith('…(cut)')).toBe(true);
    expect(stored.length).toBe(MAX_STORED_URL_CHARS + '…(cut)'.length);
  });
});
