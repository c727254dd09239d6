// @vitest-environment happy-dom
// More non-chat shapes read by structure and by what labels mean: a gallery's thumbnails drawn as buttons (each with
// its caption, no upload), an annotation record's output field named in Dutch or Polish and its correction box, a
// notebook's run line cut by a double hyphen and commas, and a notebook's print wrapped in <pre><code> (layout-free
// snippets; the pages are measured by bench:captions).
import { describe, expect, it } from 'vitest';
import { isBookkeeping } from '../../lib/page/output-trim';
import { isOutputLabel } from '../../lib/page/ui-labels';
import { offered } from './caption-snippet';

describe("a gallery's thumbnails drawn as buttons", () => {
  it('each caption under its thumbnail is that picture\'s, not an upload button\'s hint', () => {
    const item = (attrs: string, caption: string) => `<button class="tile" aria-label="Bild"><img ${attrs} alt=""><span class="caption-label">${caption}</span></button>`;
    const found = offered(`<div class="gallery"><span>Ergebnisse</span><div class="tiles">
      ${item('src="/out/a.jpg"', 'Ein Leuchtturm auf einer Felsklippe bei Sonnenuntergang.')}
      ${item('id="target" src="/out/b.jpg"', 'Zwei Kajaks liegen am Ufer eines stillen Bergsees.')}</div></div>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Zwei Kajaks liegen am Ufer eines stillen Bergsees.' });
  });
});

describe("an annotation record's output field and its correction box", () => {
  it('an output heading naming the model in Dutch, Polish or Swedish is an output label', () => {
    for (const label of ['Antwoord van het model', 'Odpowiedź modelu', 'Svar från modellen']) expect(isOutputLabel(label), label).toBe(true);
    expect(isOutputLabel('Werk van het museum')).toBe(false);
  });

  it('a box labelled as a corrected or suggested description is no prompt: the output it repeats stays the caption', () => {
    for (const label of ['Verbeterde beschrijving', 'Légende corrigée', 'Suggested caption', 'Korrigierte Beschreibung']) expect(isOutputLabel(label), label).toBe(true);
    const answer = 'Ein Segelboot mit rotem Segel gleitet an einer Mole vorbei, im Hintergrund liegt eine Kleinstadt am Hang.';
    const found = offered(`<main><section class="record"><div class="field"><span class="title">Bild</span><img id="target" src="/r/88.jpg" alt=""></div>
      <div class="field"><span class="title">Antwort des Modells</span><div class="content">${answer}</div></div></section>
      <aside class="form"><p>Stimmt die Beschreibung?</p><textarea aria-label="Korrigierte Beschreibung">${answer}</textarea><button>Absenden</button></aside></main>`);
    expect(found[0]).toMatchObject({ preselect: true, text: answer });
  });
});

describe("a notebook's run line", () => {
  it('pieces cut by a double hyphen and commas are bookkeeping, in English and Korean', () => {
    expect(isBookkeeping('Command took 1.87 seconds -- by jiwoo@example.com at 12/3/2026, 3:15:40 PM on gpu-a10-shared')).toBe(true);
    expect(isBookkeeping('명령 실행 시간: 1.87초 -- 김지우, 2026. 12. 3. 오후 3:15:40, gpu-a10-shared')).toBe(true);
  });

  it('a caption with a dash, a time and commas is not', () => {
    expect(isBookkeeping('Berlin – Demonstranten versammeln sich um 14:30 vor dem Brandenburger Tor, sagte die Polizei')).toBe(false);
    expect(isBookkeeping('Harbour at dawn -- two trawlers, a crane, gulls over the pier at 6:40')).toBe(false);
  });
});

describe('a rendered notebook that prints into <pre><code> (Quarto, Jupyter Book)', () => {
  const cell = (printed: string) => `<div class="cell"><div class="sourceCode cell-code"><pre class="sourceCode python"><code class="sourceCode python">display(img)
print(model.caption(img))</code></pre></div>
    <div class="cell-output cell-output-display"><div><figure class="figure"><p><img id="target" src="chapter_files/figure-html/cell-4-output-1.png" class="figure-img"></p></figure></div></div>
    <div class="cell-output cell-output-stdout"><pre><code>${printed}</code></pre></div></div>`;

  it('the printed caption after the image output is the output, read by its words', () => {
    const caption = 'Un faro bianco su una scogliera, con onde che si infrangono sugli scogli sotto un cielo grigio.';
    expect(offered(cell(caption))[0]).toMatchObject({ preselect: true, text: caption });
  });

  it('a printed dict of metrics in the same place is still code, not a caption', () => {
    expect(offered(cell("{'loss': 0.412, 'accuracy': 0.931, 'epoch': 3}")).filter((c) => c.preselect)).toEqual([]);
  });
});
