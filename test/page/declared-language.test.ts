// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { declaredLanguage } from '../../lib/page/gather-caption';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

describe('declaredLanguage (the language the page declares where the caption is)', () => {
  it('takes the nearest lang attribute, for an element or a text node inside it', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<article lang="de"><figure><img id="photo"><figcaption id="cap">Zwei Katzen</figcaption></figure></article>';
    expect(declaredLanguage(document.getElementById('photo'))).toBe('de');
    expect(declaredLanguage(document.getElementById('cap')!.firstChild)).toBe('de');
  });

  it("falls back to the document's language, and to nothing", () => {
    document.body.innerHTML = '<figure><img id="photo"></figure>';
    expect(declaredLanguage(document.getElementById('photo'))).toBe('');
    document.documentElement.lang = ' ja ';
    expect(declaredLanguage(document.getElementById('photo'))).toBe('ja');
    expect(declaredLanguage(null)).toBe('ja');
  });
});
