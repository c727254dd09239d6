// @vitest-environment happy-dom
// Shapes from the tuning pages written after held-out-12, each in other words and markup here: a field's own label
// names the candidate it gives (not "Output box"); a settings panel whose description field is labelled by a question
// about the picture ("What's in the image?"); a notebook whose cells are marked by a data attribute and print a
// structure with a describing field in the next cell.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { namesAltText } from '../../lib/page/ui-labels';
import { page } from './caption-snippet';

describe("a box's own label names its candidate", () => {
  const ALT = 'Tři kajaky leží na oblázkové pláži, za nimi se zvedá zalesněný kopec v ranní mlze.';
  const laidOut = (label: string) => {
    const target = page(`<main><div class="asset"><img id="target" src="/media/kajaky-800.jpg" alt=""><div class="meta">kajaky.jpg · 812 KB</div>
      <div class="field"><label for="d">${label}</label><textarea id="d" readonly>${ALT}</textarea></div></div></main>`);
    target.getBoundingClientRect = () => new DOMRect(40, 80, 320, 200);
    document.querySelector('textarea')!.getBoundingClientRect = () => new DOMRect(40, 300, 640, 80);
    return findCaptionCandidates(target, 10_000);
  };

  it.each([
    ['Alternativní text:', 'Alternativní text'],
    ['Popis obrázku<span aria-hidden="true">*</span>', 'Popis obrázku'],
  ])('labelled %s, the box is offered under that name', (label, name) => {
    expect(laidOut(label).find((c) => c.text === ALT)).toMatchObject({ source: 'demo-output', label: name });
  });

  it('a label that is a whole hint (longer than a name) leaves the box under its kind', () => {
    const hint = 'Napište, co na obrázku uvidí člověk, který ho nevidí, a nic víc než to';
    expect(laidOut(hint).find((c) => c.text === ALT)?.label).toBeUndefined();
  });
});

describe('a label asking what the picture shows', () => {
  it.each(["What's in the image? Tell search engines and screen readers", 'Ce este în imagine?', 'Was ist auf dem Bild zu sehen?', 'Τι δείχνει η φωτογραφία;'.replace(';', '?')])(
    '%s labels the picture\'s description', (label) => {
      expect(namesAltText(label)).toBe(true);
    },
  );

  it.each(['What would you like to know about this image and its history?', 'Image title', 'Ce se întâmplă la clic?', 'Tooltip'])('%s does not', (label) => {
    expect(namesAltText(label)).toBe(false);
  });

  it("in a settings dialog opened for the picture the editor marks selected, the field's words are preselected", () => {
    const ALT = 'Un far alb cu dungi roșii pe o stâncă, iar în jurul lui valuri mari se sparg în spumă albă.';
    const target = page(`<section class="canvas"><div class="comp is-selected"><img id="target" src="/media/far-constanta.jpg" alt=""></div>
      <div class="comp"><img id="other" src="/media/plaja-vama.jpg" alt=""></div></section>
      <div role="dialog" aria-label="Setări imagine" style="position:fixed"><label for="alt">Ce este în imagine? Spune-le cititoarelor de ecran</label>
      <textarea id="alt">${ALT}</textarea><label for="tip">Tooltip</label><input id="tip" value="Farul vechi"></div>`);
    for (const img of Array.from(document.querySelectorAll('img'))) {
      Object.defineProperty(img, 'naturalWidth', { value: 1200 });
      Object.defineProperty(img, 'naturalHeight', { value: 800 });
      img.getBoundingClientRect = () => new DOMRect(40, img.id === 'target' ? 60 : 400, 440, 300);
    }
    document.querySelector('[role="dialog"]')!.getBoundingClientRect = () => new DOMRect(900, 80, 288, 400);
    expect(findCaptionCandidates(target, 10_000).find((c) => c.preselect)?.text).toBe(ALT);
    expect(findCaptionCandidates(document.querySelector('#other')!, 10_000).find((c) => c.preselect)).toBeUndefined();
  });
});

describe('a notebook whose cells are marked by a data attribute', () => {
  const OUT = 'dva bicykle opreté o drevený plot, za nimi pole slnečníc a modrá obloha';
  const sized = (target: HTMLImageElement) => {
    Object.defineProperty(target, 'naturalWidth', { value: 320 });
    Object.defineProperty(target, 'naturalHeight', { value: 240 });
    target.getBoundingClientRect = () => new DOMRect(80, 100, 320, 240);
    return target;
  };

  it("the next code cell's printed structure gives its describing field", () => {
    const target = sized(page(`<div data-nb-cell data-type="code"><div class="code-editor">img = load("bicykle.jpg")\nshow(img)</div>
      <div class="results"><img id="target" src="data:image/png;base64,iVBORw0KGgo=" alt=""></div></div>
      <div data-nb-cell data-type="code"><div class="code-editor">run(model, img)</div><div class="results"><div class="plain">%{results: [%{text: "${OUT}"}]}</div></div></div>`));
    expect(findCaptionCandidates(target, 10_000)[0]).toMatchObject({ text: OUT, preselect: true });
  });
});

describe('a post quoting what an AI wrote, named in more languages', () => {
  const QUOTE = 'Черно-бяла снимка на площад с фонтан, около който стоят деца с балони, а зад тях има театър с колони.';
  it.each([
    'Дадох снимката на изкуствения интелект и ето какво каза:',
    'Pitao sam umjetnu inteligenciju što vidi na slici, evo odgovora:',
  ])('after "%s", the quote comes first', (lead) => {
    const target = page(`<div class="post"><div class="text">${lead} „${QUOTE}“ Познайте годината!</div>
      <div class="media"><img id="target" src="/photos/ploshtad-arhiv.jpg" alt=""></div></div>`);
    expect(findCaptionCandidates(target, 10_000)[0]).toMatchObject({ source: 'quote', text: QUOTE, preselect: true });
  });
});

describe("an icon-sized picture opening a comment, before its author's name", () => {
  it('stands for the author: nothing is preselected', () => {
    page(`<div class="replies"><div class="reply"><img id="target" src="/u/petar-50.jpg" alt=""><div><div class="author">Петър Иванов</div>
      <div>Мисля, че това е площад „Славейков“ преди ремонта, някъде през шейсетте.</div><div class="date">вчера в 18:02</div></div></div></div>`);
    const avatar = document.querySelector('#target')!;
    avatar.getBoundingClientRect = () => new DOMRect(20, 400, 34, 34);
    expect(findCaptionCandidates(avatar, 10_000).filter((c) => c.preselect)).toEqual([]);
  });
});

describe('a chat docked in a side panel beside a document, told apart by layout', () => {
  const SHEET = `<style>.th { display: flex; flex-direction: column } .me { display: flex; flex-direction: column; align-items: flex-end } .ai { display: flex; flex-direction: column }</style>`;
  const ANSWER = 'Ένας πέτρινος φάρος στην άκρη ενός μόλου, με κύματα που σκάνε στα βράχια κάτω από συννεφιασμένο ουρανό.';
  it("answers the picture posted in the panel with the model's next turn", () => {
    const found = (() => {
      const target = page(`${SHEET}<main><h1>Σημειώσεις</h1><p>Ταξίδι στη Χίο.</p></main><aside aria-label="Βοηθός"><div class="th">
        <div class="me"><img id="target" src="/chat/faros.jpg" alt=""><div>Περίγραψε τη φωτογραφία σε μία πρόταση.</div></div>
        <div class="ai"><p>${ANSWER}</p><div><div role="button">Αντιγραφή</div><div role="button">Εισαγωγή</div></div></div></div></aside>`);
      return findCaptionCandidates(target, 10_000);
    })();
    expect(found[0]).toMatchObject({ source: 'answer', text: ANSWER, preselect: true });
  });
});

describe("an answer's short lead-in before a long list", () => {
  const SHEET = `<style>.th { display: flex; flex-direction: column } .me { display: flex; flex-direction: column; align-items: flex-end } .ai { display: flex; flex-direction: column }</style>`;
  const LEAD = 'Ето два предлога:';
  const ITEMS = ['Висок каменен мост над дълбок пролом, под него тече бистра зелена река между скалите.', 'Стара дървена воденица край потока, с мъх по покрива и купчина цепеници до вратата.'];
  it('stays part of the answer a chat told apart by layout gives', () => {
    const target = page(`${SHEET}<div class="th"><div class="me"><img id="target" src="/chat/most.jpg" alt=""><div>Опиши снимката накратко.</div></div>
      <div class="ai"><div class="c"><p>${LEAD}</p><ul>${ITEMS.map((i) => `<li>${i}</li>`).join('')}</ul></div><div><div role="button">Копирай</div><div role="button">Copy</div></div></div></div>`);
    expect(findCaptionCandidates(target, 10_000)[0]).toMatchObject({ source: 'answer', text: [LEAD, ...ITEMS].join('\n') });
  });
});
