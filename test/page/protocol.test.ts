import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { CheckError } from '@/lib/errors';
import type { PageApi } from '@/lib/page/api';
import { PageReplyError, pageReplySchemas, parsePageReply, type PageMethod } from '@/lib/page/protocol';

const location = { rect: { x: 1, y: 2, width: 30, height: 40 }, viewport: { width: 800, height: 600 }, dpr: 2, currentSrc: 'https://a.test/i.jpg', kind: 'img' };
const pair = { id: 'p1', imageUrl: 'https://a.test/i.jpg', caption: 'A dog.', truncated: false, source: 'figcaption' };

describe('every page answer is checked against its method’s schema', () => {
  it.each<[PageMethod, unknown]>([
    ['gather', { caption: 'A dog.', source: 'chooser', pageUrl: 'https://a.test/', imageUrl: 'https://a.test/i.jpg' }],
    ['gather', { cancelled: true }],
    ['gatherAroundFrame', { cancelled: true }],
    ['closeChooser', false],
    ['pick', { srcUrl: 'https://a.test/i.jpg', pageUrl: 'https://a.test/', kind: 'picture' }],
    ['pick', { cancelled: true }],
    ['readSelection', 'a selected caption'],
    ['readImage', { dataUrl: 'data:image/jpeg;base64,AAAA', byteLength: 3, width: 10, height: 10 }],
    ['readImage', { error: { fatal: false, message: 'Tainted.', url: 'https://a.test/i.jpg' } }],
    ['locateImage', location],
    ['locateFrame', null],
    ['showMarks', { located: 2, badge: true }],
    ['focusMark', true],
    ['listCaptioned', { pageUrl: 'https://a.test/', items: [pair] }],
    ['listAltTexts', { pageUrl: 'https://a.test/', items: [], findings: [{ id: 'f', imageUrl: 'https://a.test/x.png', kind: 'missing-alt', alt: null }] }],
    ['selectCaptioned', 'https://a.test/i.jpg'],
    ['selectCaptioned', null],
  ])('%s accepts %j', (method, answer) => {
    expect(parsePageReply(method, answer)).toEqual(answer);
  });

  it.each<[PageMethod, unknown]>([
    ['gather', undefined],
    ['gather', { caption: 'x'.repeat(10_002), source: 'chooser', pageUrl: '', imageUrl: '' }],
    ['closeChooser', 'yes'],
    ['pick', { srcUrl: '', pageUrl: 'https://a.test/', kind: 'img' }],
    ['pick', { srcUrl: 'https://a.test/i.jpg', pageUrl: 'https://a.test/', kind: 'iframe' }],
    ['readSelection', 'x'.repeat(10_002)],
    ['readSelection', undefined],
    ['readImage', { dataUrl: 'data:text/html;base64,AAAA', byteLength: 3, width: 10, height: 10 }],
    ['readImage', { dataUrl: 'data:image/jpeg;base64,AAAA', byteLength: -1, width: 10, height: 10 }],
    ['locateImage', { ...location, dpr: 0 }],
    ['locateImage', undefined],
    ['showMarks', undefined],
    ['showMarks', { located: -1, badge: true }],
    ['focusMark', undefined],
    ['listCaptioned', { pageUrl: 'https://a.test/', items: Array.from({ length: 101 }, (_, i) => ({ ...pair, id: `p${i}` })) }],
    ['listAltTexts', { pageUrl: 'https://a.test/', items: [] }],
    ['selectCaptioned', ''],
    ['selectCaptioned', 42],
  ])('%s refuses %j with a page error that says what to do', (method, answer) => {
    const attempt = () => parsePageReply(method, answer);
    expect(attempt).toThrow(PageReplyError);
    expect(attempt).toThrow(/Reload the page and try again/);
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(CheckError);
      expect((error as PageReplyError).kind).toBe('page');
      expect((error as PageReplyError).method).toBe(method);
    }
  });

  it('methods that answer nothing ignore what comes back', () => {
    expect(parsePageReply('forgetPicked', { evil: true })).toBeUndefined();
    expect(parsePageReply('clearMarks', null)).toBeUndefined();
  });

  it('types: every method has a schema, and each schema accepts what our page script answers', () => {
    expectTypeOf<keyof typeof pageReplySchemas>().toEqualTypeOf<keyof PageApi>();
    type Accepts<M extends PageMethod> = Awaited<ReturnType<PageApi[M]>> extends z.input<(typeof pageReplySchemas)[M]> ? true : false;
    expectTypeOf<{ [M in PageMethod]: Accepts<M> }>().toEqualTypeOf<{ [M in PageMethod]: true }>();
  });
});
