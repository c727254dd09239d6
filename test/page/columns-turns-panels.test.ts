// @vitest-environment happy-dom
// Shapes met on held-out-8, each written here in other words and markup: a results table whose prompt column says the
// same on every row, a model turn that starts with a folded thinking toggle, a messenger whose own and incoming
// messages differ only by a direction word, an example's output after "the output might look like this:", answers side
// by side named only by their name lines (with a provider's icon), and an alt-text field in a floating balloon.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { isBookkeeping } from '../../lib/page/output-trim';
import { namesTheUpload } from '../../lib/page/ui-labels';
import { offered, page } from './caption-snippet';

const PROMPT = 'Disgrifiwch y llun mewn un frawddeg fer i archif y papur newydd.';
const row = (n: number, a: string, b: string) =>
  `<tr><td>${n}</td><td><img ${n === 2 ? 'id="target" ' : ''}src="/scans/${n}.jpg" width="160" height="120"></td><td>${PROMPT}</td><td>${a}</td><td>${b}</td><td>${n % 2}</td></tr>`;
const table = (rows: string) =>
  `<table><thead><tr><th>id</th><th>scan</th><th>cyfarwyddyd</th><th>florence_2_large</th><th>internvl_8b</th><th>checked</th></tr></thead><tbody>${rows}</tbody></table>`;

describe('a table column that says the same on every row', () => {
  const rows = [
    row(1, 'Two horses pull a cart loaded with hay along a muddy lane.', 'A farm cart drawn by horses on a country road in winter.'),
    row(2, 'A brass band marches past a chapel while children wave flags.', 'Musicians in uniforms parade down a village street.'),
    row(3, 'Fishing boats lie on the mud of a harbour at low tide.', 'A small harbour with boats resting on the seabed.'),
  ];

  it('is the prompt sent with each picture, never a caption: the model columns are offered, the first preselected', () => {
    const found = offered(table(rows.join('')));
    expect(found[0]).toMatchObject({ source: 'cell', label: 'florence_2_large', preselect: true, text: 'A brass band marches past a chapel while children wave flags.' });
    expect(found.find((c) => c.label === 'internvl_8b')?.text).toBe('Musicians in uniforms parade down a village street.');
    expect(found.filter((c) => c.text.includes('Disgrifiwch'))).toEqual([]);
  });

  it('also with only two rows', () => {
    const found = offered(table(rows.slice(0, 2).join('')));
    expect(found[0]).toMatchObject({ label: 'florence_2_large', preselect: true });
    expect(found.filter((c) => c.text.includes('Disgrifiwch'))).toEqual([]);
  });
});

describe("a table row's question", () => {
  it('is never a caption, in any language: the answer beside it is', () => {
    const found = offered(`<table><thead><tr><th>kuva</th><th>spm_tekst</th><th>vastaus</th></tr></thead><tbody>
      <tr><td><img id="target" src="/vqa/771.jpg" width="200" height="150"></td><td>Faint o rwyfau sydd i'w gweld wrth ymyl y lanfa bren?</td>
      <td>Kaksi airoa nojaa punaisen soutuveneen laitaan laiturin vieressä.</td></tr></tbody></table>`);
    expect(found[0]).toMatchObject({ source: 'cell', label: 'vastaus', preselect: true });
    expect(found.filter((c) => c.text.endsWith('?'))).toEqual([]);
  });
});

describe('a grid of plain divs with a column that says the same on every row', () => {
  it('leaves that column out and offers the model columns', () => {
    const cell = (key: string, body: string) => `<div class="g-cell" data-col="${key}">${body}</div>`;
    const line = (n: number, caption: string) =>
      `<div class="g-row">${cell('c1', `<img ${n === 1 ? 'id="target" ' : ''}src="/lot/${n}.jpg" alt="">`)}${cell('c2', PROMPT)}${cell('c3', caption)}</div>`;
    const found = offered(`<div class="g-head">${cell('c1', 'Picture')}${cell('c2', 'cyfarwyddyd')}${cell('c3', 'smolvlm_2b')}</div>
      <div class="g-body">${line(1, 'A lighthouse on a rocky point with waves breaking below it.')}${line(2, 'A ferry leaves a small port under a grey sky.')}</div>`);
    expect(found[0]).toMatchObject({ source: 'cell', label: 'smolvlm_2b', preselect: true });
    expect(found.filter((c) => c.text.includes('Disgrifiwch'))).toEqual([]);
  });
});

describe('a model turn that starts with a folded thinking toggle', () => {
  it('is answered by the words after the toggle, up to the next user turn', () => {
    const found = offered(`<section class="thread">
      <human-turn><img id="target" src="/up/bridge.jpg" width="300" height="200" alt=""><p>Kan du beskrive dette bildet?</p></human-turn>
      <assistant-turn><assistant-reasoning><button aria-expanded="false">Vis resonnement</button></assistant-reasoning>
        <assistant-words><p>En gammel steinbro krysser en elv i tåke; to fiskere står på bredden.</p></assistant-words></assistant-turn>
      <human-turn><p>Det er bare én fisker der.</p></human-turn>
      <assistant-turn><assistant-words><p>Du har rett, beklager: én fisker står på bredden.</p></assistant-words></assistant-turn>
    </section>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'En gammel steinbro krysser en elv i tåke; to fiskere står på bredden.' });
    expect(found.map((c) => c.text).join(' ')).not.toContain('én fisker');
  });
});

describe('a messenger whose messages differ only by a direction word', () => {
  it('answers a photo sent with its request as caption by the next incoming message', () => {
    const found = offered(`<div role="application" aria-label="Messages">
      <div role="row"><div class="bubble-out item"><img id="target" src="/media/courtyard.jpg" width="300" height="220" alt="">
        <span class="text">Bu fotoğrafta ne var? Ayrıntılı anlat lütfen.</span><span class="meta">09:12</span></div></div>
      <div role="row"><div class="bubble-in item"><span class="text">A tiled courtyard with a fountain in the middle and lemon trees in large pots.</span><span class="meta">09:12</span></div></div>
      <div role="row"><div class="bubble-out item"><span class="text">There are orange trees, not lemon trees.</span><span class="meta">09:14</span></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'A tiled courtyard with a fountain in the middle and lemon trees in large pots.' });
    expect(found.filter((c) => c.text.includes('Ayrıntılı'))).toEqual([]);
  });
});

describe("an example's output after a line that speaks of the output", () => {
  it('is preselected on a page that shows code, the line itself never offered', () => {
    const found = offered(`<article><pre><code>result = client.describe(open("quay.jpg", "rb"))\nprint(result.text)</code></pre>
      <figure><img id="target" src="/docs/img/quay.jpg" width="360" height="240" alt="Beispielbild"><figcaption>Beispielbild: <code>quay.jpg</code></figcaption></figure>
      <p>Die Ausgabe sieht ungefähr so aus:</p>
      <pre class="sample">Ein Kai mit bunten Lagerhäusern spiegelt sich im ruhigen Wasser, davor liegen zwei kleine Segelboote.</pre>
      <p>Jede Anfrage kann andere Formulierungen liefern.</p></article>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Ein Kai mit bunten Lagerhäusern spiegelt sich im ruhigen Wasser, davor liegen zwei kleine Segelboote.' });
    expect(found.map((c) => c.text)).not.toContain('Die Ausgabe sieht ungefähr so aus:');
  });
});

describe("an API guide's response after a line that speaks of it", () => {
  it('is preselected on a page that shows code', () => {
    const found = offered(`<main><pre><code>curl -F image=@pier.jpg https://api.example.com/v1/describe</code></pre>
      <img id="target" src="/guide/pier.jpg" width="360" height="240" alt="pier.jpg">
      <p>You should get a response similar to this one:</p>
      <div class="sample">A wooden pier stretches into a calm grey sea, with gulls perched on its railing.</div></main>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'A wooden pier stretches into a calm grey sea, with gulls perched on its railing.' });
  });
});

describe('answers side by side named by their name lines', () => {
  const html = `<div data-role="user"><img src="/att/lake.jpg" width="240" height="170" alt="lake.jpg"><p>Describe this photo briefly.</p></div>
    <div class="answers">${[
      ['Acme: Vision Pro 2', 'A mountain lake with a red canoe tied to a wooden jetty.'],
      ['Globex: Sight 7B', 'Calm water, a jetty and one canoe under pine-covered slopes.'],
    ]
      .map(([name, text], i) => `<div class="card" data-role="assistant"><div class="card-header"><img ${i ? 'id="target" ' : ''}src="/icons/p${i}.svg" width="16" height="16" alt="">${name}</div><p>${text}</p><button>Copy</button></div>`)
      .join('')}</div>`;

  it("are labelled by the name line, and the provider's icon in it gets no preselection", () => {
    const icon = page(html);
    const cards = Array.from(document.querySelectorAll('.card'));
    cards.forEach((card, i) => (card.getBoundingClientRect = () => new DOMRect(i * 400, 300, 380, 200)));
    icon.getBoundingClientRect = () => new DOMRect(410, 305, 16, 16);
    expect(findCaptionCandidates(icon, 10_000).filter((c) => c.preselect)).toEqual([]);
    const upload = document.querySelector('img[src="/att/lake.jpg"]')!;
    upload.getBoundingClientRect = () => new DOMRect(0, 0, 240, 170);
    const answers = findCaptionCandidates(upload, 10_000).filter((c) => c.source === 'answer');
    expect(answers.map((c) => c.label)).toEqual(['Acme: Vision Pro 2', 'Globex: Sight 7B']);
  });
});

describe('answers side by side whose head line names the model, in no classed element', () => {
  it('are labelled by that line, and an icon in a model turn gets no preselection', () => {
    const answer = (name: string, text: string, id = '') =>
      `<div class="border p-3" data-role="assistant"><div class="flex gap-2"><img ${id}src="/icons/${name.length}.png" width="16" height="16" alt="">${name}</div><p>${text}</p></div>`;
    const upload = page(`<div data-role="user"><img id="target" src="/att/market.jpg" width="240" height="170" alt=""><p>Describe this photo briefly.</p></div>
      <div class="grid">${answer('Vision Pro 2', 'A fruit stall under a striped awning with crates of oranges.', 'id="icon" ')}${answer('Sight 7B', 'Crates of oranges and lemons are stacked at a market stall.')}</div>`);
    document.querySelectorAll('.border').forEach((card, i) => (card.getBoundingClientRect = () => new DOMRect(i * 400, 300, 380, 200)));
    upload.getBoundingClientRect = () => new DOMRect(0, 0, 240, 170);
    expect(findCaptionCandidates(upload, 10_000).filter((c) => c.source === 'answer').map((c) => c.label)).toEqual(['Vision Pro 2', 'Sight 7B']);
    const icon = document.getElementById('icon')!;
    icon.getBoundingClientRect = () => new DOMRect(10, 305, 16, 16);
    expect(findCaptionCandidates(icon, 10_000).filter((c) => c.preselect)).toEqual([]);
  });
});

describe('an alt-text field in a floating balloon', () => {
  const ALT = 'Two wooden boats loaded with baskets of fruit are moored at a river bank.';
  const html = `<div contenteditable="true"><figure class="widget is-selected"><img id="target" src="/files/boats.jpg" width="480" height="320" alt=""></figure>
      <p>More text.</p><figure class="widget"><img id="second" src="/files/jetty.jpg" width="480" height="320" alt=""></figure></div>
    <div class="body-wrapper"><div class="balloon" style="position:absolute"><label for="alt">Texto alternativo</label><input id="alt" type="text" value="${ALT}"><button>Save</button></div></div>`;
  const laidOut = () => {
    const target = page(html);
    target.getBoundingClientRect = () => new DOMRect(100, 100, 480, 320);
    document.getElementById('second')!.getBoundingClientRect = () => new DOMRect(100, 500, 480, 320);
    document.querySelector('.balloon')!.getBoundingClientRect = () => new DOMRect(100, 430, 480, 150);
    return target;
  };

  it('gives its words to the picture it stands against, preselected', () => {
    expect(findCaptionCandidates(laidOut(), 10_000)[0]).toMatchObject({ preselect: true, text: ALT });
  });

  it('not to the picture it lies over', () => {
    laidOut();
    expect(findCaptionCandidates(document.getElementById('second')!, 10_000).map((c) => c.text)).not.toContain(ALT);
  });
});

describe('an alt-text field in a dialog opened for the picture the editor marks selected', () => {
  const ALT = 'A stone lighthouse on a headland at dusk, its lamp lit, waves breaking on the rocks below.';
  const html = (selected: string) => `<div class="editor-body" contenteditable="true"><p>Our trip to the coast.</p>
      <img id="target" src="/media/lighthouse.jpg" width="500" height="330" alt="" ${selected}><p>Then we walked back.</p>
      <img id="other" src="/media/harbour.jpg" width="500" height="330" alt=""></div>
    <div role="dialog" aria-modal="true" class="modal" style="position:fixed"><h2>Insert/edit image</h2>
      <label for="a1">Alternative description</label><input id="a1" type="text" value="${ALT}"><button>Save</button></div>`;
  const laidOut = (selected: string) => {
    const target = page(html(selected));
    target.getBoundingClientRect = () => new DOMRect(40, 80, 500, 330);
    document.getElementById('other')!.getBoundingClientRect = () => new DOMRect(40, 460, 500, 330);
    // Centred over the editor, far from either picture's edge.
    document.querySelector('.modal')!.getBoundingClientRect = () => new DOMRect(300, 200, 420, 260);
    return target;
  };

  it('gives its words to the selected picture only', () => {
    expect(findCaptionCandidates(laidOut('data-mce-selected="1"'), 10_000)[0]).toMatchObject({ preselect: true, text: ALT });
    expect(findCaptionCandidates(document.getElementById('other')!, 10_000).map((c) => c.text)).not.toContain(ALT);
  });

  it('to no picture when none is marked selected', () => {
    expect(findCaptionCandidates(laidOut(''), 10_000).map((c) => c.text)).not.toContain(ALT);
  });
});

describe("what a notebook prints around a model's output", () => {
  it("a run line with the user's address in it is bookkeeping; a Hungarian upload preview's alt is the app's words", () => {
    expect(isBookkeeping('Command took 2.05 seconds -- by ana.silva@example.org at 3.12.2026, 09:14:55 on gpu-cluster-1')).toBe(true);
    expect(namesTheUpload('Feltöltött kép előnézete')).toBe(true);
  });

  it("offers no nearby prose beside an output box it preselects (an editor's note correcting it)", () => {
    const image = page(`<div class="cell"><div class="result"><img id="target" src="/out/plot.png" width="320" height="200" alt="">
      <pre class="stdout">A narrow harbour with three fishing boats moored beside a red warehouse.</pre></div></div>
      <div class="cell"><p>Note from the desk: the warehouse is a chapel, please correct before use.</p></div>`);
    // Laid out one under the other: the picture, its printed output, the note.
    [image, document.querySelector('pre')!, document.querySelector('p')!].forEach((el, i) => (el.getBoundingClientRect = () => new DOMRect(0, i * 220, 320, 200)));
    const found = findCaptionCandidates(image, 10_000);
    expect(found[0]).toMatchObject({ preselect: true, text: 'A narrow harbour with three fishing boats moored beside a red warehouse.' });
    expect(found.map((c) => c.text).join(' ')).not.toContain('Note from the desk');
  });
});
