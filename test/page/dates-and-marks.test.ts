// @vitest-environment happy-dom
// Shapes met on held-out-10, each written here in other words and markup: an upload date shown beside a picture (an
// asset panel's metadata list), and a model picker whose provider's mark
// (drawn at a symbol's size, with no alt) sits before the provider's name in a playground's chrome, and a commenter's
// profile picture linking to their profile, as their name beside it does.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { linksToItsName } from '../../lib/page/avatar-logo';
import { isDateOnly } from '../../lib/page/output-trim';
import { page } from './caption-snippet';

/** What the dialog offers for the snippet's target, each picture given the size set in `sizes` (else 400 × 300). */
const offeredSized = (html: string, sizes: Record<string, [number, number]> = {}) => {
  const image = page(html);
  for (const img of Array.from(document.querySelectorAll('img'))) {
    const [w, h] = sizes[img.id] ?? [400, 300];
    img.getBoundingClientRect = () => new DOMRect(0, 0, w, h);
  }
  return findCaptionCandidates(image, 10_000).map((c) => ({ source: c.source, text: c.text.replace(/\s+/g, ' '), preselect: !!c.preselect }));
};

describe('a date alone is never a caption', () => {
  it.each(['Dec 1, 2026', '1. Dezember 2026', '1 de diciembre de 2026', '2026年12月1日', '01.12.2026', 'March 3rd, 2025', '3 груд. 2026'])('"%s" is a date alone', (text) => {
    expect(isDateOnly(text)).toBe(true);
  });

  it.each(['Berlin, 3. Oktober 1990', 'Photo 2026', 'Two boats at dawn, 2024', 'Kathmandu 12 2026 trekking season', '12 photos'])('"%s" is not', (text) => {
    expect(isDateOnly(text)).toBe(false);
  });

  it("offers no date alone found beside a picture (an upload's metadata), and keeps a caption that dates its words", () => {
    expect(offeredSized('<div class="asset"><img id="target" src="/cdn/uploads/fjord-boats.jpg" alt=""><p>Nov 28, 2026</p></div>')).toEqual([]);
    expect(offeredSized('<figure><img id="target" src="/cdn/uploads/fjord-boats.jpg" alt=""><figcaption>28. november 2026</figcaption></figure>')).toEqual([]);
    const kept = offeredSized('<figure><img id="target" src="/cdn/uploads/fjord-boats.jpg" alt=""><figcaption>Tre røde båter ved brygga i Balestrand, 28. november 2026</figcaption></figure>');
    expect(kept[0]).toMatchObject({ preselect: true, text: 'Tre røde båter ved brygga i Balestrand, 28. november 2026' });
  });
});

describe("a provider's mark in a playground's model picker", () => {
  const PLAYGROUND = `<main><section aria-label="Settings"><div class="picker"><img id="target" src="/icons/vendors/mistral.svg" alt=""><span>Mistral</span><span> · Pixtral Large</span><span>On-demand</span><button>Change</button></div></section>
    <section aria-label="Chat"><div data-role="user"><div class="chip"><img id="upload" src="/uploads/tmp/fjord.jpg" alt=""><span>fjord.jpg</span></div><p>Beskriv bildet.</p></div>
      <div data-role="assistant"><p>Bildet viser en smal fjord med bratte fjell og tre røde båter ved en brygge.</p><div><button aria-label="Copy">⧉</button><button aria-label="Retry">↻</button></div></div></section></main>`;

  it('preselects nothing for the mark drawn at a symbol\'s size before the name', () => {
    const found = offeredSized(PLAYGROUND, { target: [16, 16] });
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });

  it("keeps an upload's small thumbnail beside its file name a picture: its answer is preselected", () => {
    const found = offeredSized(PLAYGROUND.replace('id="target"', 'id="mark"').replace('id="upload"', 'id="target"'), { mark: [16, 16], target: [96, 72] });
    expect(found[0]).toMatchObject({ preselect: true, text: 'Bildet viser en smal fjord med bratte fjell og tre røde båter ved en brygge.' });
  });
});

describe("a commenter's profile picture", () => {
  const comment = (size: [number, number], nameHref = '/people/ingrid.dahl') => {
    const image = page(`<div role="article" aria-label="Kommentar">
      <a href="/people/ingrid.dahl"><img id="target" src="/cdn/p/ingrid_s32.jpg" alt=""></a>
      <div><a href="${nameHref}"><span>Ingrid Dahl</span></a><div>Dette må være fra før brua ble bygd, kanskje rundt 1950.</div></div>
      <ul><li><div role="button">Lik</div></li><li><span>3 t</span></li></ul></div>`);
    image.getBoundingClientRect = () => new DOMRect(0, 0, size[0], size[1]);
    return image;
  };

  it('is the icon-sized picture in a link to the address its name beside it links to: its words are not offered', () => {
    expect(linksToItsName(comment([32, 32]))).toBe(true);
  });

  it('is not a picture drawn large in such a link (a photo), nor one whose link goes elsewhere than the name', () => {
    expect(linksToItsName(comment([400, 300]))).toBe(false);
    expect(linksToItsName(comment([32, 32], '/people/other.person'))).toBe(false);
  });
});
