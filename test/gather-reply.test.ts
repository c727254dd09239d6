import { describe, expect, it } from 'vitest';
import { CheckError } from '@/lib/errors';
import { gatheredFrom } from '@/lib/gather-reply';
import { MAX_CAPTION_CHARS, MAX_TITLE_CHARS } from '@/lib/check-lifecycle';

const menuUrl = 'https://news.example/a.jpg';
const reply = { caption: 'Two cats sit on a sofa.', source: 'chooser', credit: 'Photo:  Jane Doe / Reuters', pageUrl: 'https://news.example/story', imageUrl: 'https://evil.example/swapped.jpg' };

describe('gatheredFrom (the page script answer)', () => {
  it('takes the caption and its credit, and the image the menu named, not the one the page reports', () => {
    expect(gatheredFrom(reply, menuUrl)).toEqual({
      caption: 'Two cats sit on a sofa.',
      credit: 'Photo: Jane Doe / Reuters',
      pageUrl: 'https://news.example/story',
      imageUrl: menuUrl,
    });
  });

  it.each([
    ['an empty credit', { ...reply, credit: '  ' }],
    ['a selection (no credit field, as an older page script sends)', { caption: 'Two cats sit on a sofa.', source: 'selection', pageUrl: 'https://news.example/story', imageUrl: menuUrl }],
  ])('leaves the credit out for %s', (_name, answer) => {
    expect(gatheredFrom(answer, menuUrl)).not.toHaveProperty('credit');
  });

  it('sets a selection\'s credit apart from its lines as selected, as the page read them', () => {
    const selected = 'Two cats sit on a sofa.\n(Photo: Jane Doe / Reuters)';
    const answer = { caption: 'Two cats sit on a sofa. (Photo: Jane Doe / Reuters)', selected, source: 'selection', credit: '', pageUrl: 'https://news.example/story', imageUrl: menuUrl };
    expect(gatheredFrom(answer, menuUrl)).toEqual({ caption: 'Two cats sit on a sofa.', credit: 'Photo: Jane Doe / Reuters', pageUrl: 'https://news.example/story', imageUrl: menuUrl });
    // Only a credit selected: it stays the caption, as selectedCaption keeps it.
    const onlyCredit = { ...answer, caption: 'Photo: Jane Doe / Reuters', selected: 'Photo: Jane Doe / Reuters' };
    expect(gatheredFrom(onlyCredit, menuUrl)).toMatchObject({ caption: 'Photo: Jane Doe / Reuters' });
    expect(gatheredFrom(onlyCredit, menuUrl)).not.toHaveProperty('credit');
  });

  it('takes a selection one character past the cap, and its credit line after it', () => {
    const caption = 'a'.repeat(MAX_CAPTION_CHARS + 40);
    const answer = { caption: caption.slice(0, MAX_CAPTION_CHARS + 1), selected: `${caption}\nPhoto: Jane Doe`, source: 'selection', credit: '', pageUrl: 'https://news.example/story', imageUrl: menuUrl };
    expect(gatheredFrom(answer, menuUrl)).toMatchObject({ caption: caption.slice(0, MAX_CAPTION_CHARS + 1), credit: 'Photo: Jane Doe' });
  });

  it.each([
    ['a tag in another case', 'DE-ch', 'de-CH'],
    ['a tag with spaces around it', ' ja ', 'ja'],
  ])('keeps the language the page declares, canonical: %s', (_name, lang, expected) => {
    expect(gatheredFrom({ ...reply, lang }, menuUrl)?.lang).toBe(expected);
  });

  it.each([
    ['no language', reply],
    ['an empty language', { ...reply, lang: '' }],
    ['a language tag Intl cannot read', { ...reply, lang: 'not a language!' }],
  ])('leaves the language out for %s, so the caption is read as it looks', (_name, answer) => {
    expect(gatheredFrom(answer, menuUrl)).not.toHaveProperty('lang');
  });

  it('refuses a language field past any real tag', () => {
    expect(() => gatheredFrom({ ...reply, lang: 'x'.repeat(65) }, menuUrl)).toThrow(CheckError);
  });

  it('keeps the page title to name the page, whitespace collapsed and capped; none when the page gives none', () => {
    expect(gatheredFrom({ ...reply, pageTitle: '  Harbour wall:\n a year on  ' }, menuUrl)?.pageTitle).toBe('Harbour wall: a year on');
    expect(gatheredFrom({ ...reply, pageTitle: 'x'.repeat(5000) }, menuUrl)?.pageTitle).toHaveLength(MAX_TITLE_CHARS);
    expect(gatheredFrom({ ...reply, pageTitle: '   ' }, menuUrl)).not.toHaveProperty('pageTitle');
    expect(gatheredFrom(reply, menuUrl)).not.toHaveProperty('pageTitle');
  });

  it('is null when the user cancelled the chooser', () => {
    expect(gatheredFrom({ cancelled: true }, menuUrl)).toBeNull();
  });

  it.each([
    ['no answer', undefined, 'The page did not answer. Reload it and try again.'],
    ['a credit that is not text', { ...reply, credit: 42 }, 'The page sent a caption Caption Check cannot read. Reload the page and try again.'],
    ['a caption over the cap', { ...reply, caption: 'a'.repeat(MAX_CAPTION_CHARS + 2) }, 'The page sent a caption Caption Check cannot read. Reload the page and try again.'],
    ['something else', 'hello', 'The page sent a caption Caption Check cannot read. Reload the page and try again.'],
  ])('refuses %s with a page error that says what to do', (_name, answer, message) => {
    let thrown: unknown;
    try {
      gatheredFrom(answer, menuUrl);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CheckError);
    expect((thrown as CheckError).kind).toBe('page');
    expect((thrown as CheckError).message).toBe(message);
  });
});
