// @vitest-environment happy-dom
// Shapes met on this round's development pages (a chat server's message whose attachment sits deep below its words, an
// eval dashboard's virtualised grid whose head row is gridcells in a header box, a media document's alt field labelled
// in words no label list holds), written here in other words (sq, is, bg) and markup.
import { describe, expect, it } from 'vitest';
import { offered, page } from './caption-snippet';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';

const BOATS = 'Dy varka peshkimi të kuqe qëndrojnë në breg, ndërsa valët e vogla prekin rërën e lagur.';
const GEYSIR = 'Heitur vatnsstrókur rís hátt upp úr jörðinni og gufa leggst yfir gulleitt gras.';
const TOWER_A = 'Висока каменна кула с часовник се издига над тесен площад, покрит с калдъръм.';
const TOWER_B = 'Стара кула с часовник и дървени капаци на прозорците, пред нея минават хора.';
const ROW_2 = 'Дълъг дървен мост над тиха река, от двете страни растат високи върби.';

/** A picture laid out at picture size (happy-dom lays nothing out). */
const sized = (img: Element) => (img.getBoundingClientRect = () => new DOMRect(40, 300, 400, 300));

describe("a message the page marks as an article, its attachment nested deep below the words that quote a model", () => {
  const message = (wrap: (img: string) => string) => `<ol role="list"><li><div role="article" aria-roledescription="Mesazh">
    <div class="contents"><img class="avatar" src="/avatars/arta.webp" alt=" " width="40" height="40"><h3><span>Arta</span> <time>sot në 09:15</time></h3>
    <div class="markup">E pyeta ChatGPT çfarë sheh në foto dhe ja çfarë u përgjigj:<blockquote><div>${BOATS}</div></blockquote>Ç'mendoni?</div></div>
    <div class="accessories">${wrap('<img id="target" src="/attachments/varka.jpg" alt="Imazh" width="400" height="300">')}</div></div></li></ol>`;
  const deep = (img: string) => `<div><div><div class="media"><div class="wrapper"><div role="button"><div class="overlay">${img}</div></div></div></div></div></div>`;

  it('offers the quote first, however deep the attachment sits', () => {
    page(message(deep));
    sized(document.querySelector('#target')!);
    const found = findCaptionCandidates(document.querySelector('#target')!, 10_000);
    expect(found[0]).toMatchObject({ source: 'quote', text: BOATS, preselect: true });
  });

  it('reads no quote from a long article the picture stands in', () => {
    const prose = Array.from({ length: 30 }, (_, i) => `<p>Paragrafi ${i} flet për peshkimin në bregdet dhe për jetën e fshatit gjatë dimrit të gjatë.</p>`).join('');
    page(`<article><h1>Bregdeti</h1>${prose}<blockquote>ChatGPT tha: "${BOATS}"</blockquote>${deep('<img id="target" src="/img/breg.jpg" alt="" width="400" height="300">')}</article>`);
    sized(document.querySelector('#target')!);
    expect(findCaptionCandidates(document.querySelector('#target')!, 10_000).filter((c) => c.source === 'quote')).toEqual([]);
  });
});

describe("a virtualised grid whose head row is gridcells in a box its class names the header", () => {
  const grid = `<div class="vt" role="grid" aria-rowcount="2"><div class="vt__header" role="grid"><div role="row" class="vt__header-row">
      <div role="gridcell">#</div><div role="gridcell">image</div><div role="gridcell">model_a_output<span>⋮</span></div><div role="gridcell">model_b_output<span>⋮</span></div></div></div>
    <div class="vt__body" role="rowgroup">
      <div role="row" class="vt__row"><div role="gridcell">0</div><div role="gridcell"><img id="target" src="/blobs/kula.png" alt=""></div><div role="gridcell">${TOWER_A}</div><div role="gridcell">${TOWER_B}</div></div>
      <div role="row" class="vt__row"><div role="gridcell">1</div><div role="gridcell"><img src="/blobs/most.png" alt=""></div><div role="gridcell">${ROW_2}</div><div role="gridcell">${ROW_2}</div></div>
    </div></div>`;

  it('labels each model cell of the picture row by its column header, without the column menu glyph', () => {
    expect(offered(grid).slice(0, 2)).toMatchObject([
      { source: 'cell', label: 'model_a_output', text: TOWER_A },
      { source: 'cell', label: 'model_b_output', text: TOWER_B },
    ]);
  });
});

describe("an asset form's alt field whose label is in words no label list holds, named as the alt text by its program", () => {
  const form = (name: string) => `<form><div class="file-details"><div class="thumb"><img id="target" src="/api/media/file/geysir-4be1.jpg" alt="geysir.jpg"></div>
      <div><a href="/api/media/file/geysir-4be1.jpg">geysir.jpg</a><div>1.2MB - image/jpeg</div></div></div>
    <div class="fields"><div class="field"><label for="f1">Lýsing fyrir skjálesara</label><input id="f1" name="${name}" type="text" value="${GEYSIR}"></div></div></form>`;
  const laidOut = (html: string) => {
    page(html);
    document.querySelector('#target')!.getBoundingClientRect = () => new DOMRect(40, 80, 160, 120);
    document.querySelector('input')!.getBoundingClientRect = () => new DOMRect(40, 260, 640, 36);
    return findCaptionCandidates(document.querySelector('#target')!, 10_000);
  };

  it.each(['alt', 'alternativeText', 'data[alt_text]'])('named %s, its words are preselected', (name) => {
    expect(laidOut(form(name))[0]).toMatchObject({ text: GEYSIR, preselect: true });
  });

  it('named otherwise (a credit, a title), its words are not', () => {
    expect(laidOut(form('credit')).map((c) => c.text)).not.toContain(GEYSIR);
  });
});
