import { describe, expect, it } from 'vitest';
import { fetchCredentials, workerFetchUrl } from '@/lib/adapters/fetch-policy';

const CHOSEN = 'https://news.example/img/photo.jpg';

describe('workerFetchUrl: the worker downloads only the image the user chose', () => {
  it.each([
    ['the chosen URL itself', CHOSEN, CHOSEN],
    ['a URL on the chosen image’s origin (a lazy image’s real source)', 'https://news.example/img/photo-2x.jpg', 'https://news.example/img/photo-2x.jpg'],
    ['another origin the page swapped in → the chosen URL', 'http://127.0.0.1/admin/delete?id=42', CHOSEN],
    ['the same host on another port → the chosen URL', 'https://news.example:8443/img/photo.jpg', CHOSEN],
    ['a data: URL the page made up → the chosen URL', 'data:image/png;base64,AAAA', CHOSEN],
    ['a page blob: → the chosen URL', 'blob:https://news.example/1234', CHOSEN],
    ['nothing reported → the chosen URL', '', CHOSEN],
  ])('%s', (_name, reported, expected) => expect(workerFetchUrl(reported, CHOSEN)).toBe(expected));

  it('a chosen data: URL is fetched only as itself', () => {
    const chosen = 'data:image/png;base64,iVBORw0KGgo=';
    expect(workerFetchUrl(chosen, chosen)).toBe(chosen);
    expect(workerFetchUrl('https://evil.example/x.jpg', chosen)).toBe(chosen);
  });

  it('nothing the worker can resolve: a canvas or a blob: chosen by the picker', () => {
    expect(workerFetchUrl('', '')).toBe('');
    expect(workerFetchUrl('blob:https://a.example/1', 'blob:https://a.example/1')).toBe('');
    expect(workerFetchUrl('https://evil.example/x.jpg', 'blob:https://a.example/1')).toBe('');
  });
});

describe('fetchCredentials: cookies only for the page’s own origin', () => {
  it.each([
    ['https://news.example/img/a.jpg', 'https://news.example/story', 'include'],
    ['https://cdn.news.example/a.jpg', 'https://news.example/story', 'omit'],
    ['http://news.example/img/a.jpg', 'https://news.example/story', 'omit'],
    ['http://127.0.0.1:8080/admin', 'http://127.0.0.1:3000/page', 'omit'],
    ['data:image/png;base64,AAAA', 'https://news.example/story', 'omit'],
    ['https://news.example/img/a.jpg', '', 'omit'],
  ] as const)('%s from %s → %s', (image, page, expected) => expect(fetchCredentials(image, page)).toBe(expected));
});
