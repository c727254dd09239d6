import { describe, expect, it } from 'vitest';
import { fileNameOf, hostNameOf } from '@/lib/url-names';

describe('url names', () => {
  it.each([
    ['https://cdn.example.com/photos/2026/harbour%20wall.jpg?w=800', 'harbour wall.jpg'],
    ['https://example.com/', 'example.com'],
    ['https://example.com/a/%E0%A4%A.jpg', '%E0%A4%A.jpg'],
    ['not a url', 'not a url'],
  ])('fileNameOf(%s) = %s', (url, name) => expect(fileNameOf(url)).toBe(name));

  it.each([
    ['https://news.example.com:8443/story?id=1', 'news.example.com:8443'],
    ['file:///home/me/page.html', 'file:///home/me/page.html'],
    ['nonsense', 'nonsense'],
  ])('hostNameOf(%s) = %s', (url, name) => expect(hostNameOf(url)).toBe(name));
});
