// @vitest-environment happy-dom
// Shapes met on the seventh held-out slice, each on a page of its own: a badge or role line at an answer's head, a
// context line under a bot's answer, a notebook that shows a named string value under the picture's cell, an AI
// account's reply in a thread, question / answer turns with a folded workflow and suggested questions, side-by-side
// panes headed by model names, and what is never offered as nearby text (a folded thought, system instructions, a
// field's help text, a notice). Layout-free snippets; the real pages are measured in Chromium by bench:captions.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { isBookkeeping } from '../../lib/page/output-trim';
import { offered, page } from './caption-snippet';

describe("a short line at an answer's head", () => {
  it("a model's badge in its own row above the Markdown body is not part of the answer", () => {
    const answer = 'Ein Fischkutter liegt im Hafen vor roten Backsteinspeichern. Auf dem Kai stapeln sich blaue Kisten.';
    const found = offered(`<div class="thread">
      <div class="turn turn-user"><img id="target" src="/files/kutter.jpg" alt="kutter.jpg"><div class="bubble">Was ist auf dem Foto zu sehen?</div></div>
      <div class="turn turn-bot"><div class="turn-meta"><span class="mode-pill">✦ Turbo</span></div>
        <div class="md"><p>Ein Fischkutter liegt im Hafen vor roten Backsteinspeichern.</p><p>Auf dem Kai stapeln sich blaue Kisten.</p></div>
        <div class="turn-actions"><button aria-label="Kopieren">⧉</button><button aria-label="Neu generieren">↻</button></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
  });

  it("a trace's role line (\"Asistente\") above the message is not part of it; a lead-in ending in a colon stays", () => {
    const found = offered(`<section class="trace-output">
      <div data-role="user"><div class="msg-kind">Usuario</div><div class="msg-body"><img id="target" src="/cdn/jarron.jpg" alt="jarron.jpg"> Escribe un texto alternativo para esta foto.</div></div>
      <div data-role="assistant"><div class="msg-kind">Asistente</div><div class="msg-body"><p>Esto es lo que veo:</p><p>Un jarrón azul con tres girasoles sobre una mesa de madera junto a una ventana.</p></div></div>
    </section>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Esto es lo que veo: Un jarrón azul con tres girasoles sobre una mesa de madera junto a una ventana.' });
  });
});

describe("a bot's context line under its answer", () => {
  it('a line of pieces between separators with a count of words in any language is bookkeeping', () => {
    for (const line of ['🤖 Vygenerováno AI · zkontrolujte před odesláním · 38 slov', 'Tekoälyn tuottama · tarkista ennen julkaisua · 41 sanaa', 'Yapay zekâ · yayımlamadan önce kontrol edin · 52 kelime', 'Δημιουργήθηκε αυτόματα · 44 λέξεις'])
      expect(isBookkeeping(line), line).toBe(true);
    expect(isBookkeeping('Două bărci pescărești sunt trase pe mal lângă 3 plase.')).toBe(false);
  });

  it('is left out of the answer it closes', () => {
    const found = offered(`<div role="list">
      <div role="listitem" class="msg"><span class="sender">Petr Novák</span><div class="blocks"><p>@Popisovač popiš prosím tuhle fotku.</p></div><img id="target" src="/files/most.jpg" alt="most.jpg"></div>
      <div role="listitem" class="msg"><span class="sender">Popisovač <span class="badge">APP</span></span><div class="blocks">
        <div class="block"><p>Kamenný most přes řeku v mlze, na mostě stojí dvě sochy a pod ním pluje loďka.</p></div>
        <div class="block context">🤖 Vygenerováno AI · zkontrolujte před odesláním · 38 slov</div></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Kamenný most přes řeku v mlze, na mostě stojí dvě sochy a pod ním pluje loďka.' });
  });
});

describe("a notebook that shows each cell's output above its code", () => {
  const notebook = (value: string) => `<main class="nb">
    <div class="nb-cell"><div class="out"><p>Jag testar en liten bildmodell på semesterbilder.</p></div></div>
    <div class="nb-cell"><div class="out"><img id="target" src="/attachments/fyr.jpg" width="400" height="300"></div><pre class="src"><code>bild = FileAttachment("fyr.jpg").image()</code></pre></div>
    <div class="nb-cell"><div class="out"><span class="inspect"><span class="name">bildtext = </span><span class="string">${value}</span></span></div><pre class="src"><code>bildtext = (await beskriv(bild, "Beskriv bilden.")).text</code></pre></div>
  </main>`;

  it("the next code cell's named string value, without its name and quotes, is the picture's output", () => {
    const found = offered(notebook('"En vit fyr står på en klippa vid havet. Vågorna slår mot stenarna och himlen är mulen."'));
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'En vit fyr står på en klippa vid havet. Vågorna slår mot stenarna och himlen är mulen.' });
  });

  it('a value that is no string (a number, a function) is no output', () => {
    expect(offered(notebook('async ƒ(bild, fråga)')).filter((c) => c.preselect)).toEqual([]);
  });
});

describe("an AI account's reply in a thread of posts", () => {
  const thread = (aiName: string) => `<section aria-label="Conversation">
    <article><a href="/@jonas"><img src="/avatars/jonas.png" class="avatar" width="40" height="40" alt=""></a><a href="/@jonas">Jonas Weber</a>
      <div class="body"><p>Hab dieses Foto auf dem Dachboden gefunden. Weiß jemand, wo das ist?</p></div><img id="target" src="/media/dachboden-foto.jpg" width="500" height="375" alt="Bild"></article>
    <article><a href="/@mara">Mara K.</a><div class="body"><p><a href="/@askbot">@askbot</a> was ist auf dem Bild zu sehen?</p></div></article>
    <article><a href="/@askbot">${aiName}</a><div class="body"><p>Das Schwarzweißfoto zeigt eine Dorfstraße mit Fachwerkhäusern.</p><p>Vor einem Gasthaus stehen zwei Pferdewagen und eine Gruppe Männer mit Hüten.</p></div></article>
    <article><a href="/@lena">Lena</a><div class="body"><p>Das ist doch Quedlinburg, oder? Die Kirche kenne ich.</p></div></article>
  </section>`;

  it('the reply of the account a post asked by mention, named as an AI, is the answer; the asking post is never offered', () => {
    const found = offered(thread('Perplexity'));
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Das Schwarzweißfoto zeigt eine Dorfstraße mit Fachwerkhäusern. Vor einem Gasthaus stehen zwei Pferdewagen und eine Gruppe Männer mit Hüten.' });
    expect(found.map((c) => c.text)).not.toContain('@askbot was ist auf dem Bild zu sehen?');
  });

  it("a person's reply to a mention is no model's answer", () => {
    expect(offered(thread('Paul Schmidt')).filter((c) => c.source === 'answer')).toEqual([]);
  });
});

describe('question and answer turns', () => {
  it("turns named by class as a question and an answer: the answer without its folded workflow, time line and suggested questions", () => {
    const found = offered(`<div class="chat-list">
      <div class="chat-question"><div class="files"><img id="target" src="/files/pasar.jpg" width="180" height="135" alt="pasar.jpg"></div><div class="bubble">Tolong jelaskan foto ini.</div></div>
      <div class="chat-answer"><div class="panel">
        <details class="workflow"><summary>Alur kerja</summary><div><span>LLM</span><span>3.10s</span></div></details>
        <div class="markdown-body"><p>Sebuah pasar terapung dengan perahu kayu penuh buah dan sayur di sungai yang cokelat.</p></div>
        <div class="ops"><button aria-label="Salin">⧉</button><button aria-label="Buat ulang">↻</button><span>3.2s · 240 tokens</span></div>
        <div class="suggested"><div class="label">Coba pertanyaan berikutnya</div><button>Di mana foto ini diambil?</button><button>Berapa banyak perahu?</button></div>
      </div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Sebuah pasar terapung dengan perahu kayu penuh buah dan sayur di sungai yang cokelat.' });
  });
});

describe('two answers in panes headed by model names', () => {
  it("each is labelled by its pane's heading, not by the turn's role label", () => {
    const image = page(`<div class="prompt"><div data-role="user"><img id="target" src="/drive/rua.jpg" alt="Image"><p>Descreve esta foto em duas frases.</p></div></div>
      <div class="columns">
        <div class="pane"><h3>Llama 4 Scout</h3><div class="turn" data-role="assistant"><span class="role-label">Model</span><p>Uma rua estreita com casas de azulejos azuis e roupa estendida nas varandas.</p></div></div>
        <div class="pane"><h3>Mistral Medium 3</h3><div class="turn" data-role="assistant"><span class="role-label">Model</span><p>Casas com azulejos azuis ladeiam uma rua íngreme de calçada portuguesa.</p></div></div>
      </div>`);
    const [a, b] = Array.from(document.querySelectorAll('.turn'));
    a!.getBoundingClientRect = () => new DOMRect(0, 300, 380, 200);
    b!.getBoundingClientRect = () => new DOMRect(400, 300, 380, 200);
    const found = findCaptionCandidates(image, 10_000).filter((c) => c.source === 'answer');
    expect(found.map((c) => c.label)).toEqual(['Llama 4 Scout', 'Mistral Medium 3']);
  });
});

describe('never offered as nearby text', () => {
  /** What the dialog offers with every block laid out beside the picture (happy-dom lays nothing out; nearby text is read by layout). */
  const laidOut = (html: string) => {
    const box = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 400, 300);
    try {
      return offered(html).map((c) => c.text);
    } finally {
      Element.prototype.getBoundingClientRect = box;
    }
  };
  const chat = (before: string, inAnswer = '', after = '') => `${before}
    <div data-role="user"><img id="target" src="/up/markt.jpg" alt="markt.jpg"><p>Beschreibe das Foto.</p></div>
    <div data-role="assistant">${inAnswer}<p>Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.</p></div>${after}`;

  it("a model's folded thought", () => {
    const texts = laidOut(chat('', '<details><summary>Gedanken · 8 s</summary><p>Der Nutzer möchte eine kurze Beschreibung des Marktplatzes mit dem Brunnen.</p></details>'));
    expect(texts[0]).toBe('Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.');
    expect(texts.filter((t) => /Der Nutzer möchte/.test(t))).toEqual([]);
  });

  it("a model's thought shown open above its answer", () => {
    const texts = laidOut(chat('', '<details open><summary>Thinking · 8 s</summary><p>Der Nutzer möchte eine kurze Beschreibung des Marktplatzes mit dem Brunnen.</p></details>'));
    expect(texts[0]).toBe('Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.');
    expect(texts.filter((t) => /Der Nutzer möchte/.test(t))).toEqual([]);
  });

  it('the system instructions given to the model', () => {
    const texts = laidOut(chat('<div class="system-prompt"><div class="title">System</div><div class="system-prompt-text">Du bist ein Assistent, der Fotos kurz und sachlich beschreibt, ohne zu raten.</div></div>'));
    expect(texts[0]).toBe('Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.');
    expect(texts.filter((t) => /Du bist ein Assistent/.test(t))).toEqual([]);
  });

  it("an alt-text field's help text and a notice by it", () => {
    const texts = laidOut(`<figure><img id="target" src="/media/markt.jpg" alt="Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen."></figure>
      <div class="field"><label for="alt">Alternativer Text</label><textarea id="alt" aria-describedby="alt-help">Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.</textarea>
        <p id="alt-help">Beschreiben Sie den Zweck des Bildes. Leer lassen, wenn es nur dekorativ ist.</p>
        <div class="plugin-notice">Dieser Text wurde von einer KI erzeugt und sollte vor dem Veröffentlichen geprüft werden.</div></div>`);
    expect(texts[0]).toBe('Ein Marktplatz mit einem steinernen Brunnen, um den Tauben sitzen.');
    expect(texts.filter((t) => /Zweck des Bildes|vor dem Veröffentlichen/.test(t))).toEqual([]);
  });
});
