// @vitest-environment happy-dom
// Shapes met on held-out-9 and on the tuning pages written after it, each written here in other words and markup:
// chats whose turns say nothing of whose they are (hashed or utility class names) but sit on two sides of the column —
// the person's bubbles at the far side, the model's turns spanning it with their buttons — left to right and right to
// left, with the request sent before the picture and the answer still being written; a model's reasoning behind a
// plain button; and a bot's or a person's profile card, whose picture stands for them.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { anchorFor } from '../../lib/page/selected-caption';
import { offered, page } from './caption-snippet';

/** Styles as a stylesheet sets them on class names that say nothing (happy-dom computes them from the sheet). */
const SHEET = `<style>
  .q7a { display: flex; flex-direction: column; align-items: flex-end; margin: 20px 0 }
  .z3b { display: flex; gap: 12px; margin: 20px 0 }
  .k1c { display: flex; flex-direction: row; justify-content: flex-end }
  .w2d { display: flex; gap: 6px }
</style>`;
const ICONS = `<div class="w2d"><div role="button" tabindex="0"><svg viewBox="0 0 16 16"><rect x="4" y="4" width="9" height="9"/></svg></div>
  <div role="button" tabindex="0"><svg viewBox="0 0 16 16"><path d="M13 8a5 5 0 1 1-2-4"/></svg></div>
  <div role="button" tabindex="0"><svg viewBox="0 0 16 16"><path d="M4 14V7l4-5 1 1-1 4h5l-1 7z"/></svg></div></div>`;
const REQUEST = 'Napiš mi k té fotce pár vět do kroniky, ať je to hezky popsané.';
const ANSWER_LEAD = 'Na fotografii je dřevěný most přes řeku v mlze:';
const ANSWER_ITEMS = ['Most má kamenné pilíře a zábradlí z trámů.', 'Na břehu stojí dvě olše bez listí.'];

describe('a chat told apart only by its layout', () => {
  const deepseekLike = (extra = '') => `${SHEET}<div class="x9">
    <div class="q7a"><div class="f5"><img id="target" src="/files/most.jpg" alt="most.jpg"><div>most.jpg</div><div>JPG 2.1MB</div></div>
      <div class="b8">${REQUEST}</div>
      <div><div role="button" aria-label="Copy" tabindex="0"><svg viewBox="0 0 16 16"><rect/></svg></div></div></div>
    <div class="z3b"><div class="a0"><svg viewBox="0 0 22 22"><circle cx="11" cy="11" r="9"/></svg></div>
      <div class="c4"><div class="r6"><div role="button" tabindex="0"><span>Thought for 6 seconds</span></div>
        <div class="g2"><p>Uživatel chce popis do kroniky. Na snímku je most, řeka a mlha; odpovím česky.</p></div></div>
        <div class="m1"><p>${ANSWER_LEAD}</p><ul>${ANSWER_ITEMS.map((i) => `<li><p>${i}</p></li>`).join('')}</ul></div>
        ${ICONS}</div></div>
    ${extra}</div>`;

  it("answers the picture in the bubble laid out at the far side with the next turn, never the person's request", () => {
    const found = offered(deepseekLike());
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: [ANSWER_LEAD, ...ANSWER_ITEMS].join(' ') });
    expect(found.filter((c) => c.text.includes('kroniky'))).toEqual([]);
  });

  it("leaves out the model's reasoning shown behind a plain button", () => {
    const found = offered(deepseekLike());
    expect(found[0]?.source).toBe('answer');
    expect(found.map((c) => c.text).join(' ')).not.toContain('Uživatel chce');
  });

  it('reads a follow-up turn as the next answer, not this picture\'s', () => {
    const found = offered(deepseekLike(`<div class="q7a"><div class="b8">A teď jen jednou větou.</div></div>
      <div class="z3b"><div class="c4"><div class="m1"><p>Dřevěný most přes zamlženou řeku.</p></div>${ICONS}</div></div>`));
    expect(found[0]).toMatchObject({ source: 'answer', text: [ANSWER_LEAD, ...ANSWER_ITEMS].join(' ') });
    expect(found.map((c) => c.text).join(' ')).not.toContain('jednou větou');
  });

  it('takes a request sent before the picture as the person\'s, and an answer still being written as the answer', () => {
    const found = offered(`${SHEET}<div class="x9">
      <div class="k1c"><div class="b8">Ahoj, umíš číst obrázky?</div></div>
      <div class="z3b"><div class="c4"><p>Ano, umím. Pošli obrázek a popíšu, co na něm je.</p>${ICONS}</div></div>
      <div class="k1c"><div class="b8">${REQUEST}</div></div>
      <div class="k1c"><div class="b8"><img id="target" src="/files/most.jpg" alt=""></div></div>
      <div class="z3b"><div class="c4" aria-busy="true"><p>${ANSWER_LEAD} ${ANSWER_ITEMS[0]}</p></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: `${ANSWER_LEAD} ${ANSWER_ITEMS[0]}` });
    expect(found.filter((c) => c.text === REQUEST || c.text.startsWith('Ano, umím'))).toEqual([]);
  });

  it('reads right to left the same way, with the request as the upload\'s own figcaption', () => {
    const found = offered(`${SHEET}<div dir="rtl" class="x9">
      <div class="q7a"><figure class="p1"><img id="target" src="/u/souq.jpg" alt=""><figcaption>صورتها أمس في السوق، أريد سطرين عنها للألبوم.</figcaption></figure></div>
      <div class="z3b"><div class="c4"><p>تُظهر الصورة سوقًا مسقوفًا طويلًا تتسلل إليه أشعة الشمس من السقف.</p>
        <div class="w2d"><button aria-label="نسخ">⧉</button><button aria-label="مشاركة">↗</button></div></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'تُظهر الصورة سوقًا مسقوفًا طويلًا تتسلل إليه أشعة الشمس من السقف.' });
    expect(found.filter((c) => c.text.includes('للألبوم'))).toEqual([]);
  });

  it('finds the sides by where the bubbles stand when no style says so (a bubble pushed over by its margin)', () => {
    const image = `<img id="target" src="/up/IMG_2231.jpeg" alt="">`;
    const html = `<div class="col"><div class="r-8f" id="r1"><div class="bub" id="b1">${image}<div>${REQUEST}</div></div></div>
      <div class="r-2c" id="r2"><div class="ava"></div><div class="txt"><p>${ANSWER_LEAD} ${ANSWER_ITEMS.join(' ')}</p>${ICONS}</div></div></div>`;
    const place = () => {
      const at = (id: string, left: number, width: number) => (document.getElementById(id)!.getBoundingClientRect = () => new DOMRect(left, 0, width, 100));
      at('r1', 0, 800);
      at('b1', 420, 380);
      at('r2', 0, 800);
      const [ava, txt] = Array.from(document.getElementById('r2')!.children);
      ava!.getBoundingClientRect = () => new DOMRect(0, 0, 28, 28);
      txt!.getBoundingClientRect = () => new DOMRect(40, 0, 760, 200);
    };
    // happy-dom lays nothing out: the boxes are given where a browser puts them, once the snippet is in the page.
    const found = offeredPlaced(html, place);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true });
    expect(found.filter((c) => c.text.includes('kroniky'))).toEqual([]);
  });

  it('is no chat in an article whose picture a flex row sets to the right above a paragraph and a bar of share icons', () => {
    const found = offered(`${SHEET}<article><h1>Most přes Vltavu opraven</h1>
      <div class="k1c"><img id="target" src="/foto/most.jpg" alt="Opravený dřevěný most přes řeku za mlhavého rána"></div>
      <p>Opravy mostu trvaly dva roky a stály obec přes čtyři miliony korun; most je od pondělí znovu otevřen pro pěší.</p>
      <div class="share">${ICONS}</div></article>`);
    expect(found[0]).toMatchObject({ source: 'alt', text: 'Opravený dřevěný most přes řeku za mlhavého rána' });
    expect(found.filter((c) => c.source === 'answer')).toEqual([]);
  });
});

/** What the dialog offers once `place` has given the snippet's boxes their layout. */
function offeredPlaced(html: string, place: () => void) {
  const image = page(html);
  place();
  return findCaptionCandidates(image, 10_000).map((c) => ({ source: c.source, label: c.label ?? '', text: c.text.replace(/\s+/g, ' '), preselect: !!c.preselect }));
}

describe("a profile card's picture", () => {
  const card = (handle: string) => `<div class="feed"><section class="BotCard_x1">
      <img id="target" src="https://cdn.example/bots/thumb-72-vizor.jpeg" alt="Vizor-3" width="72" height="72">
      <div class="BotCard_name"><span>Vizor-3</span> <span>OFFICIAL</span></div>
      <div class="BotCard_by">${handle} · 48K followers</div>
      <div class="BotCard_about">Ein Modell, das Bilder versteht und in vielen Sprachen darüber schreibt.</div></section>
    <div class="pair"><div class="mine"><img src="/up/a.jpg" alt="a.jpg"><p>Was ist auf dem Bild?</p></div></div></div>`;

  it('stands for the bot or person it names, with their handle: nothing is preselected', () => {
    const found = offered(card('Von <a href="/vizorlabs">@vizorlabs</a>'));
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });

  it('is a picture like any other when the card names no handle (an e-mail address is none)', () => {
    const found = offered(card('Kontakt: team@vizorlabs.example'));
    expect(found.some((c) => c.preselect)).toBe(true);
  });
});

describe('an icon beside a name or in a turn', () => {
  /** happy-dom lays nothing out: pictures are given the size a browser draws them at. */
  const sized = (html: string, size: number) => {
    const image = page(html);
    for (const img of Array.from(document.querySelectorAll('img'))) img.getBoundingClientRect = () => new DOMRect(0, 0, img.id === 'target' ? size : 300, img.id === 'target' ? size : 200);
    return findCaptionCandidates(image, 10_000);
  };

  it("is the model's mark in a chat told apart by layout: the answer beside it is not its caption", () => {
    const found = sized(`${SHEET}<div class="x9">
      <div class="k1c"><div class="b8"><img src="/up/most.jpg" alt="">${REQUEST}</div></div>
      <div class="z3b"><img id="target" src="/static/face-64.png" alt=""><div class="c4"><p>${ANSWER_LEAD} ${ANSWER_ITEMS.join(' ')}</p>${ICONS}</div></div></div>`, 30);
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });

  it("is someone's picture when drawn icon-sized with their name printed beside it, anywhere on the page", () => {
    const html = `<div class="w-64"><a href="/">Nová konverzace</a><div class="flex"><img id="target" src="/u/9f3c/pic_96.jpg" alt="Jana Nováková"><span>Jana Nováková</span></div></div>`;
    expect(sized(html, 32).filter((c) => c.preselect)).toEqual([]);
    // Guard: drawn as a picture, the same markup is a photograph whose caption names it.
    expect(sized(html, 300).some((c) => c.preselect)).toBe(true);
  });
});

describe('a picture in a document being written', () => {
  it('is offered none of the draft around it as nearby text, only what is outside the editor', () => {
    const image = page(`<div class="editor"><div contenteditable="true" role="textbox" aria-label="Rich Text Area">
      <h3>Vikingeskibe og handel</h3><p id="prose">Skibene sejlede om foråret fra Roskilde mod Dublin med pelse og rav i lasten.</p>
      <p><img id="target" src="/courses/12/files/881/preview" alt="" width="360" height="240"></p></div></div>
      <p id="outside">Billedet er hentet fra Nationalmuseets samling af skibsvrag i fjorden.</p>`);
    // happy-dom lays nothing out: the picture and the paragraphs are placed where a browser puts them, close together.
    image.getBoundingClientRect = () => new DOMRect(0, 120, 360, 240);
    document.getElementById('prose')!.getBoundingClientRect = () => new DOMRect(0, 60, 600, 40);
    document.getElementById('outside')!.getBoundingClientRect = () => new DOMRect(0, 380, 600, 40);
    const texts = findCaptionCandidates(image, 10_000).map((c) => c.text);
    expect(texts).toContain('Billedet er hentet fra Nationalmuseets samling af skibsvrag i fjorden.');
    expect(texts.filter((t) => t.includes('Roskilde'))).toEqual([]);
  });
});

describe("an answer's buttons in a bar of their own", () => {
  it('after the answer, on its side, mark it as an answer like buttons inside it', () => {
    const sheet = `<style>.r9 { display: flex; justify-content: flex-end } .a4 { margin: 20px 0 } .b7 { display: flex; gap: 2px }</style>`;
    const bar = `<div class="b7"><button aria-label="Copia">⧉</button><button aria-label="Rigenera">↻</button></div>`;
    const found = offered(`${sheet}<div class="c1">
      <div class="r9"><div class="u2"><img id="target" src="/u/sassi.jpg" alt="sassi.jpg"><img src="/u/murgia.jpg" alt="murgia.jpg">Due didascalie brevi, per favore, una per foto.</div></div>
      <div class="a4"><p>Prima foto: i Sassi all'alba con le case di tufo. Seconda foto: un sentiero di pietra verso il torrente.</p></div>${bar}
      <div class="r9"><div class="u2">Grazie!</div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: "Prima foto: i Sassi all'alba con le case di tufo. Seconda foto: un sentiero di pietra verso il torrente." });
    expect(found.filter((c) => c.text.includes('per favore'))).toEqual([]);
  });
});

describe('a picture in an open shadow root (a chat widget drawn as a web component)', () => {
  it('is found by its URL, and its answer read inside the shadow root', () => {
    page(`<main><p>Ohjeet reitittimen merkkivaloista.</p><img id="target" src="/article/figure.png" alt=""></main><help-widget></help-widget>`);
    const root = document.querySelector('help-widget')!.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>.row { display: flex; gap: 8px } .me { justify-content: flex-end }</style><div class="log">
      <div class="row me"><div class="bubble"><img src="https://uploads.example/chat/IMG_0931.jpg" alt="">Mitä valoja tässä palaa?</div></div>
      <div class="row"><div class="bubble">Etupaneelissa palaa neljä vihreää valoa ja yksi oranssi valo.</div>
        <div class="acts"><button aria-label="Kopioi">⧉</button><button aria-label="Hyödyllinen">👍</button></div></div></div>`;
    const upload = anchorFor('https://uploads.example/chat/IMG_0931.jpg');
    expect(upload?.getRootNode()).toBe(root);
    const found = findCaptionCandidates(upload!, 10_000);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Etupaneelissa palaa neljä vihreää valoa ja yksi oranssi valo.' });
  });
});

describe('turns that name their role inside an open shadow root', () => {
  it('are read there: the answer after the picture is preselected, the request never', () => {
    page(`<main><p>Tukisivu</p><img id="target" src="/help/banner.png" alt=""></main><chat-panel></chat-panel>`);
    const root = document.querySelector('chat-panel')!.attachShadow({ mode: 'open' });
    root.innerHTML = `<div class="log">
      <div class="m-1" data-sender="user"><img src="https://uploads.example/chat/IMG_2201.jpg" alt=""><span>Voitko kertoa mitä kuvassa on?</span></div>
      <div class="m-2" data-sender="bot"><p>Kuvassa on valkoinen reititin hyllyllä; neljä valoa palaa vihreänä.</p></div></div>`;
    const upload = root.querySelector('img')!;
    const found = findCaptionCandidates(upload, 10_000);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Kuvassa on valkoinen reititin hyllyllä; neljä valoa palaa vihreänä.' });
    expect(found.filter((c) => c.text.startsWith('Voitko'))).toEqual([]);
  });
});

describe('turns that say whose they are only by a visible label above them', () => {
  const playground = (user: string, model: string) => `<div class="pane"><div class="sys"><label for="s">System prompt</label><textarea id="s">Describe photographs for a museum archive.</textarea></div>
    <div class="msg"><div class="who">${user}</div><div class="body"><img id="target" src="/pg/uploads/igreja.jpg" width="320" height="213" alt="igreja.jpg"><p>Uma descrição curta para a ficha do acervo, por favor.</p></div></div>
    <div class="msg"><div class="who">${model}</div><div class="body"><p>Uma igreja barroca branca de duas torres no alto de uma ladeira de pedra.</p></div><div class="meta">Latency 2841 ms · 74 output tokens</div></div></div>`;

  it('are read as the person\'s and the model\'s turns, in any language the extension reads', () => {
    for (const [user, model] of [['User', 'Assistant'], ['Usuário', 'Assistente'], ['USER:', 'MODEL:'], ['Benutzer', 'Modell']]) {
      const found = offered(playground(user!, model!));
      expect(found[0], `${user} / ${model}`).toMatchObject({ source: 'answer', preselect: true, text: 'Uma igreja barroca branca de duas torres no alto de uma ladeira de pedra.' });
      expect(found.filter((c) => c.text.startsWith('Uma descrição curta'))).toEqual([]);
    }
  });

  it("are not a form's label, a table's header, a model card's table row, a bot embed's field or code that says model", () => {
    const demo = offered(`<div class="app"><img id="target" src="/demo/in.jpg" width="320" height="240" alt="">
      <label for="m">Model</label><select id="m"><option>vision-large</option></select>
      <div class="out"><span>Output</span><textarea readonly>A white baroque church with two towers at the top of a cobbled street.</textarea></div></div>`);
    expect(demo.filter((c) => c.text === 'Model')).toEqual([]);
    const table = offered(`<table><thead><tr><th>Image</th><th>Model</th><th>Caption</th></tr></thead><tbody>
      <tr><td><img id="target" src="/t/1.jpg" width="200" height="150" alt=""></td><td>blip-2</td><td>A white church with two towers stands at the top of a cobbled street.</td></tr>
      <tr><td><img src="/t/2.jpg" width="200" height="150" alt=""></td><td>blip-2</td><td>Fishing boats lie on the mud of a small harbour at low tide.</td></tr></tbody></table>`);
    expect(table[0]).toMatchObject({ source: 'cell', preselect: true, text: 'A white church with two towers stands at the top of a cobbled street.' });
    const card = offered(`<div class="card"><p><img id="target" src="/card/example.jpg" width="320" height="240" alt=""></p>
      <table class="meta"><tr><td>Model</td><td>blip2-opt-2.7b</td></tr><tr><td>License</td><td>MIT</td></tr></table>
      <p>Output:</p><pre>a white church with two towers at the top of a cobbled street</pre></div>`);
    expect(card.filter((c) => c.source === 'answer')).toEqual([]);
    // A bot's embed whose field names the model it used, beside the answer to the photo above it.
    const embed = offered(`<div class="log"><div class="post"><span class="name">maren</span><div class="att"><img id="target" src="/att/IMG_4471.png" width="300" height="200" alt=""></div></div>
      <div class="post"><span class="name">Describer</span><span class="badge">BOT</span><div class="embed"><div class="embedDescription">A small house with a red roof stands on green grass under a blue sky.</div>
      <div class="embedField"><div class="embedFieldName">Model</div><div class="embedFieldValue">pixel-vision-small</div></div></div></div></div>`);
    expect(embed.filter((c) => c.text === 'pixel-vision-small')).toEqual([]);
    // A notebook's highlighted code whose tokens say model (a word per span).
    const notebook = offered(`<div class="cell"><pre><code><span class="n">model</span> <span class="o">=</span> <span class="n">AutoModel</span>.<span class="n">from_pretrained</span>(<span class="s">"vision-small"</span>)
<span class="n">answer</span> <span class="o">=</span> <span class="n">model</span>.<span class="n">chat</span>(<span class="n">image</span>, <span class="s">"Describe the picture in one sentence for the museum."</span>)</code></pre></div>
      <div class="output"><img id="target" src="data:image/png;base64,iVBORw0KGgo=" width="320" height="240" alt=""></div>`);
    expect(notebook.filter((c) => c.source === 'answer')).toEqual([]);
  });
});
