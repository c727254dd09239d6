// @vitest-environment happy-dom
// Shapes of non-chat AI surfaces read by structure and by what labels mean, not by one product's names: a grid of
// plain divs whose header cells share their column's data-* key, a column header naming the model's output, a
// tutorial's lead-in naming the model before the output, a stock site's or the author's photo by-line in other
// languages, and an edit form beside a picture (layout-free snippets; the pages are measured by bench:captions).
import { describe, expect, it } from 'vitest';
import { isCredit } from '../../lib/page/credit';
import { isModelLeadIn } from '../../lib/page/model-names';
import { offered } from './caption-snippet';

describe('a grid of plain divs (a no-code base, a data manager)', () => {
  const row = (id: string, src: string, notes: string, generated: string) => `
    <div class="bx-row" data-row="${id}">
      <div class="bx-cell" data-field-id="f1">${id}</div>
      <div class="bx-cell" data-field-id="f2"><span class="thumb"><img ${src}></span></div>
      <div class="bx-cell" data-field-id="f3">${notes}</div>
      <div class="bx-cell" data-field-id="f4"><p>${generated}</p></div>
    </div>`;
  const grid = `<section class="bx-view">
    <div class="bx-head"><div class="bx-head-cell" data-field-id="f1">SKU</div><div class="bx-head-cell" data-field-id="f2">Photo</div>
      <div class="bx-head-cell" data-field-id="f3">Notes for the shoot</div><div class="bx-head-cell" data-field-id="f4">✨ Generated caption</div></div>
    <div class="bx-body">
      ${row('A-17', 'id="target" src="/files/kettle.jpg" alt=""', 'Shot on the windowsill in the morning, two lamps and a reflector.', 'A copper kettle stands on a wooden windowsill beside a pot of basil in soft morning light.')}
      ${row('A-18', 'src="/files/teapot.jpg" alt=""', 'Reshoot needed, the lid was missing in the first take.', 'A white teapot with a bamboo handle sits on a linen cloth next to two small cups.')}
    </div></section>`;

  it("offers the picture's row, the column headed as the model's output first, each under its header; other rows not at all", () => {
    const found = offered(grid);
    expect(found[0]).toMatchObject({ source: 'cell', label: 'Generated caption', preselect: true, text: 'A copper kettle stands on a wooden windowsill beside a pot of basil in soft morning light.' });
    expect(found.find((c) => c.label === 'Notes for the shoot')?.text).toBe('Shot on the windowsill in the morning, two lamps and a reflector.');
    expect(found.map((c) => c.text).join('\n')).not.toMatch(/teapot|Reshoot/);
  });

  it('alike rows with no header tied to their cells (a list of messages) are no grid', () => {
    const found = offered(grid.replace(/<div class="bx-head">[\s\S]*?<\/div><\/div>/, ''));
    expect(found.filter((c) => c.source === 'cell')).toEqual([]);
  });
});

describe('column headers: what a column holds, not whose it is', () => {
  it("a model's name in a header puts no column first: one model's cells stay in the table's order", () => {
    const found = offered(`<table><thead><tr><th>Image</th><th>Ours</th><th>LLaVA-1.5</th></tr></thead><tbody><tr><td><img id="target" src="/q/1.jpg" alt=""></td>
      <td>A boy in a yellow raincoat jumps into a puddle on a cobbled street.</td><td>A child wearing a yellow coat is jumping in a puddle on a stone road.</td></tr></tbody></table>`);
    expect(found.filter((c) => c.source === 'cell').map((c) => c.label)).toEqual(['Ours', 'LLaVA-1.5']);
  });

  it('a header saying its column is the generated description comes first in a <table> too', () => {
    const found = offered(`<table><thead><tr><th>Foto</th><th>Notizie</th><th>Descrizione generata</th></tr></thead><tbody><tr><td><img id="target" src="/p/2.jpg" alt=""></td>
      <td>Scattata a Bologna durante il festival, con luce naturale.</td><td>Una piazza affollata con portici rossi e una fontana al centro, sotto un cielo nuvoloso.</td></tr></tbody></table>`);
    expect(found[0]).toMatchObject({ label: 'Descrizione generata', preselect: true });
  });
});

describe('a heading that names the caption, in a labelling app', () => {
  const tool = (heading: string) => `<main class="task"><div class="viewer"><div class="tools"><button>+</button><button>-</button></div><img id="target" src="/up/77.jpg" alt=""></div>
    <div class="task-header">${heading}</div>
    <div class="results"><div class="item"><p>Ein Lastkahn fährt unter einer Steinbrücke hindurch, am Ufer stehen drei Angler.</p><button aria-label="Bearbeiten">✎</button></div>
    <form><textarea placeholder="Text eingeben"></textarea><button>Hinzufügen</button></form></div></main>`;

  it('the text under "Check the suggested caption" is the picture\'s caption', () => {
    const found = offered(tool('Prüfe die vorgeschlagene Bildunterschrift und korrigiere sie'));
    expect(found[0]).toMatchObject({ preselect: true, text: 'Ein Lastkahn fährt unter einer Steinbrücke hindurch, am Ufer stehen drei Angler.' });
  });

  it('a heading naming no caption, or one outside an app, labels nothing', () => {
    expect(offered(tool('Prüfe die Angaben und korrigiere sie')).filter((c) => c.preselect)).toEqual([]);
    const article = offered(`<article><img id="target" src="/n/1.jpg" alt=""><h2>Die Legende vom Caption-Contest</h2><p>Ein Lastkahn fährt unter einer Steinbrücke hindurch, am Ufer stehen drei Angler.</p></article>`);
    expect(article.filter((c) => c.preselect)).toEqual([]);
  });
});

describe("a tutorial's lead-in naming the model before its output", () => {
  it('is read as an output label in any language; a long sentence or one without a colon is not', () => {
    for (const line of ['Here is what the model came back with:', 'Und das hat das Modell geschrieben:', 'Voici la réponse du modèle :', 'モデルの出力は次のとおり：'])
      expect(isModelLeadIn(line), line).toBe(true);
    expect(isModelLeadIn('The model was trained on two million pictures.')).toBe(false);
    expect(isModelLeadIn('Ho provato con questa foto scattata al mercato:')).toBe(false);
  });

  it('the quote after it is preselected over a short alt and an author credit', () => {
    const quote = 'Zwei Fischerboote liegen bei Ebbe im Watt, dahinter ein rot-weißer Leuchtturm unter grauen Wolken.';
    const found = offered(`<article><p>So sieht der Aufruf aus, mehr braucht es nicht.</p>
      <figure><img id="target" src="/img/watt.jpg" alt="Boote im Watt"><figcaption>Foto der Autorin</figcaption></figure>
      <p>Und das hat das Modell dazu geschrieben:</p><blockquote><p>${quote}</p></blockquote><p>Stimmt fast: der Leuchtturm ist blau-weiß.</p></article>`);
    expect(found[0]).toMatchObject({ preselect: true, text: quote });
    expect(found.map((c) => c.text)).not.toContain('Foto der Autorin');
  });
});

describe("a photo's by-line in other languages", () => {
  it("the author's own photo and a stock site's by-line are credits; a photo of something is not", () => {
    for (const line of ["Foto dell'autrice", "Photo de l'auteur", 'Foto del autor', 'Foto der Autorin', 'Photo by the author', 'Foto di Marco Rinaldi su Unsplash', 'Photo de Léa Martin sur Pexels', 'Bild von Jan Ott auf Pixabay'])
      expect(isCredit(line), line).toBe(true);
    for (const line of ['Foto de la plaza mayor de Madrid al atardecer', 'Foto di gruppo della squadra a Torino', 'Photo of the author at her desk']) expect(isCredit(line), line).toBe(false);
  });

  it("a cover picture whose caption is only a stock site's by-line has no caption to preselect", () => {
    const found = offered(`<article><h1>Ein Titel</h1><figure class="feature"><img id="target" src="/c.jpg" alt=""><figcaption>Foto de Ana Ruiz en Unsplash</figcaption></figure><p>El texto empieza aquí y sigue un buen rato.</p></article>`);
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });
});

describe('an edit form beside a picture', () => {
  it("its label, help line and badge are not read as the picture's caption", () => {
    const found = offered(`<div role="dialog"><div class="body"><div class="media"><img id="target" src="/m/9921.jpg" alt=""></div>
      <div class="form"><label for="alt">Alt-Text</label><p id="help">Beschreibe das Bild für Menschen, die einen Screenreader nutzen.</p>
      <textarea id="alt">Ein Schaufenster mit gestapelten Büchern zwischen Kürbissen und Herbstlaub.</textarea><span class="chip">KI-generiert</span></div></div></div>`);
    expect(found.map((c) => c.text).join('\n')).not.toMatch(/Screenreader|KI-generiert/);
  });
});
