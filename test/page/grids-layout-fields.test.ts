// @vitest-environment happy-dom
// Shapes from the tuning pages written after held-out-11, each in other words and markup here: a virtualised grid that
// draws one row in parts (the picture column pinned apart, rows tied by aria-rowindex, headers by aria-colindex); a
// chat told apart only by layout whose answers carry no buttons but open with the model's avatar; and an asset form's
// one-line field labelled as the picture's alt text. Layout is given where the rule reads it.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { offered, page } from './caption-snippet';

describe('a virtualised grid that draws each row in parts', () => {
  const ASK = 'Jelaskan gambar ini dalam satu atau dua kalimat saja.';
  const OUT = [
    'Sebuah perahu nelayan berwarna biru bersandar di pantai berpasir putih saat air surut.',
    'Deretan rumah panggung kayu berdiri di tepi sungai yang keruh di bawah langit mendung.',
  ];
  const pinned = (i: number) =>
    `<div role="row" aria-rowindex="${i + 2}"><div role="gridcell" aria-colindex="1"><img ${i === 1 ? 'id="target"' : ''} src="/blob/${i}.jpg" alt=""></div></div>`;
  const center = (i: number) => `<div role="row" aria-rowindex="${i + 2}"><div role="gridcell" aria-colindex="2">${ASK}</div>
    <div role="gridcell" aria-colindex="3">${OUT[i]}</div><div role="gridcell" aria-colindex="4">vl-7b</div></div>`;
  const grid = `<div role="grid" aria-rowcount="3"><div class="head">
      <div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="1">gambar</div></div>
      <div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="2">perintah</div><div role="columnheader" aria-colindex="3">jawaban model</div><div role="columnheader" aria-colindex="4">model</div></div></div>
    <div class="body"><div class="left" role="rowgroup">${pinned(0)}${pinned(1)}</div><div class="center" role="rowgroup">${center(0)}${center(1)}</div></div></div>`;

  it("preselects the text cell of the picture's row, found by its aria-rowindex, labelled by its column's header", () => {
    const found = offered(grid);
    expect(found[0]).toMatchObject({ preselect: true, text: OUT[1], label: 'jawaban model' });
  });

  it("offers neither the other row's output nor the request sent with every picture", () => {
    const texts = offered(grid).map((c) => c.text);
    expect(texts).not.toContain(OUT[0]);
    expect(texts).not.toContain(ASK);
  });
});

describe('a chat told apart only by layout, whose answers open with an avatar and carry no buttons', () => {
  const SHEET = '<style>.r { display: flex; margin: 12px 0 } .e { justify-content: flex-end } .s { justify-content: flex-start; gap: 12px }</style>';
  const ANSWER = ['Bilden visar en röd stuga vid en sjö:', 'Framför stugan ligger en roddbåt uppdragen på land.', 'Bakom den växer höga granar.'];
  const chat = `${SHEET}<div class="col">
    <div class="r e"><div class="b"><img id="target" src="/uploads/c81f.jpeg" alt=""><div>Vad ser du på bilden?</div></div></div>
    <div class="r s"><img class="av" src="/static/bot.png" alt=""><div class="b"><p>${ANSWER[0]}</p><ul><li>${ANSWER[1]}</li><li>${ANSWER[2]}</li></ul><div>10:02</div></div></div></div>`;
  const laidOut = () => {
    const target = page(chat);
    target.getBoundingClientRect = () => new DOMRect(500, 40, 256, 180);
    document.querySelector('.av')!.getBoundingClientRect = () => new DOMRect(0, 260, 32, 32);
    return target;
  };

  it("preselects the answer on the model's side, never the person's question", () => {
    const found = findCaptionCandidates(laidOut(), 10_000);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true });
    expect(found[0]!.text.replace(/\s+/g, ' ')).toContain(ANSWER[2]);
    expect(found.filter((c) => c.text.includes('Vad ser du'))).toEqual([]);
  });

  it('the avatar gets no preselection', () => {
    laidOut();
    const avatar = document.querySelector('.av')!;
    expect(findCaptionCandidates(avatar, 10_000).filter((c) => c.preselect)).toEqual([]);
  });
});

describe("an asset form's one-line field labelled as the picture's alt text", () => {
  const ALT = 'Una gondola nera ormeggiata a un palo a strisce bianche e blu davanti a un palazzo rosa.';
  const form = (label: string) => `<main><div class="doc"><div class="file"><img id="target" src="/media/gondola-640.jpg" alt="gondola.jpg"><div>gondola.jpg · 1,2 MB</div></div>
    <div class="fields"><div class="f"><label for="a">${label}</label><input id="a" type="text" value="${ALT}"></div>
    <div class="f"><label for="c">Credito</label><input id="c" type="text" value="Foto di Marco Bellini, archivio del giornale"></div></div></div></main>`;
  const laidOut = (label: string) => {
    const target = page(form(label));
    target.getBoundingClientRect = () => new DOMRect(40, 80, 260, 174);
    document.querySelectorAll('input').forEach((input, i) => (input.getBoundingClientRect = () => new DOMRect(40, 300 + i * 70, 640, 36)));
    return findCaptionCandidates(target, 10_000);
  };

  it.each(['Alt<span class="required">*</span>', 'Testo alternativo', 'alternativeText'])('labelled %s, its words are preselected', (label) => {
    expect(laidOut(label)[0]).toMatchObject({ preselect: true, text: ALT });
  });

  it('a field labelled otherwise (a title, a credit) is not offered as a box', () => {
    const texts = laidOut('Titolo').map((c) => c.text);
    expect(texts).not.toContain(ALT);
    expect(texts).not.toContain('Foto di Marco Bellini, archivio del giornale');
  });
});
