// The welcome page's samples show the product's point: each caption splits into several claims, and the
// picture's truth (the claims it does not show, each with its error type) leaves at least one right and one wrong.
import { describe, expect, it } from 'vitest';
import { splitCaption } from '@/lib/claims/split';
import { isWelcomePage, sampleAt, WELCOME_SAMPLES } from '@/lib/welcome';

describe('the welcome samples', () => {
  it.each(WELCOME_SAMPLES.map((s) => [s.id, s] as const))('%s splits into several claims, some right and some wrong', (_id, sample) => {
    const claims = splitCaption(sample.caption).claims.map((c) => c.text);
    expect(claims.length).toBeGreaterThanOrEqual(2);
    const wrong = claims.filter((claim) => sample.wrong.some((w) => w.match.test(claim)));
    expect(wrong.length).toBeGreaterThanOrEqual(1);
    expect(claims.length - wrong.length).toBeGreaterThanOrEqual(1);
    // Every wrong claim of the picture's truth is one the caption makes.
    for (const w of sample.wrong) expect(claims.some((claim) => w.match.test(claim))).toBe(true);
  });

  it('finds a sample by its picture URL and knows the welcome page', () => {
    const base = 'chrome-extension://abc/';
    expect(sampleAt(`${base}welcome/car.png?x=1`, base)?.id).toBe('car');
    expect(sampleAt('https://example.test/welcome/car.png', base)).toBeNull();
    expect(isWelcomePage(`${base}welcome.html#try`, base)).toBe(true);
    expect(isWelcomePage('https://example.test/welcome.html', base)).toBe(false);
  });
});
