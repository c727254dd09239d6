// @vitest-environment happy-dom
// Where a model's description of a picture is read (chats, demo apps, model cards, notebooks, tables, posts), on
// small snippets shaped like those products (layout-free: answers side by side, which need layout, and the real
// pages are measured in Chromium by bench:captions and test/browser/ai-surfaces.test.ts).
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { listCaptionedImages } from '../../lib/page/captioned-images';
import { asksAboutPicture, isRequestToModel } from '../../lib/page/requests';
import { offered, page } from './caption-snippet';

describe('requests to the model are never captions', () => {
  it.each([
    'Describe this image in detail, please.',
    "What's in this picture? Keep it short.",
    'what is in this picture',
    'Can you describe what you see?',
    'Beschreibe dieses Bild bitte ausführlich.',
    'Was ist auf diesen beiden Fotos zu sehen? Fasse dich kurz.',
    "Décris cette image, s'il te plaît.",
    "Qu'est-ce qu'il y a sur cette photo ?",
    '¿Qué hay en esta imagen?',
    'Descrivi questa immagine.',
    'Descreva esta imagem, por favor.',
    'Опиши це зображення.',
    'صف هذه الصورة',
    'कृपया इस तस्वीर का वर्णन करें',
  ])('%s', (text) => {
    expect(isRequestToModel(text)).toBe(true);
    expect(asksAboutPicture(text)).toBe(true);
  });

  it.each([
    'A grey heron stands motionless in the shallow water of a reed-fringed pond.',
    'Ein kleiner blauer Fischkutter liegt im Morgennebel an einer Kaimauer.',
    'Un chien noir et blanc court sur une plage de sable à marée basse.',
    'Here is a detailed description of the image:',
  ])('not a request: %s', (text) => expect(isRequestToModel(text)).toBe(false));

  it('a follow-up made only of requests ("And this one? Keep it to one sentence this time.")', () => {
    expect(isRequestToModel('And this one? Keep it to one sentence this time.')).toBe(true);
  });

  it('a question under a chart in an article is its caption, not a request about a picture', () => {
    expect(asksAboutPicture('Can you spot the anomaly?')).toBe(false);
    expect(offered(`<figure><img id="target" src="chart.png"><figcaption>Can you spot the anomaly?</figcaption></figure>`)[0]).toMatchObject({ text: 'Can you spot the anomaly?', preselect: true });
  });
});

describe('chat transcripts: the whole answer to the turn the picture was posted in', () => {
  it('turns named by role attributes: the answer whole, the request not offered', () => {
    const found = offered(`<main>
      <article data-turn="user"><h5>You said:</h5><div data-message-author-role="user"><img id="target" src="/f/1" alt="Uploaded image"><div>Describe this image in detail, please.</div></div></article>
      <article data-turn="assistant"><h6>ChatGPT said:</h6><div data-message-author-role="assistant"><div class="markdown"><p>Here is what it shows:</p><ul><li>A red kettle on a stove.</li><li>Two mugs beside it.</li></ul><p>It looks like morning.</p></div></div>
        <div role="group"><button>Copy</button><button>Good response</button></div></article>
      <article data-turn="user"><div data-message-author-role="user"><div>Is the kettle new?</div></div></article>
      <article data-turn="assistant"><div data-message-author-role="assistant"><p>It is hard to tell from the photo.</p></div></article></main>`);
    expect(found[0]).toMatchObject({ source: 'answer', label: '', preselect: true, text: 'Here is what it shows: A red kettle on a stove. Two mugs beside it. It looks like morning.' });
    expect(found.map((c) => c.text)).not.toContain('Describe this image in detail, please.');
    expect(found.map((c) => c.text)).not.toContain('Uploaded image');
  });

  it('custom elements for the query and the response; two uploads in one turn share the answer', () => {
    const html = `<div class="conversation-container"><user-query><div class="file-preview-container"><user-query-file-preview><img id="target" src="/a.jpg" alt="Hochgeladenes Bild"></user-query-file-preview><user-query-file-preview><img id="other" src="/b.jpg" alt="Hochgeladenes Bild"></user-query-file-preview></div><div class="query-text"><p>Was ist auf diesen Fotos zu sehen?</p></div></user-query>
      <model-response><message-content class="model-response-text"><p>Erstes Foto: ein Käsestand mit Preistafel.</p><p>Zweites Foto: Sonnenblumen in Eimern.</p></message-content><message-actions><button>Kopieren</button></message-actions></model-response></div>`;
    const [first] = offered(html);
    expect(first).toMatchObject({ source: 'answer', preselect: true, text: 'Erstes Foto: ein Käsestand mit Preistafel. Zweites Foto: Sonnenblumen in Eimern.' });
    const second = findCaptionCandidates(document.querySelector('#other')!, 10_000)[0];
    expect(second?.text.replace(/\s+/g, ' ')).toBe(first?.text);
  });

  it('a demo chatbot: the picture and the question are two user rows, the bot row after them is the answer', () => {
    const [first, ...rest] = offered(`<div role="log" aria-label="chatbot conversation">
      <div class="message-row user-row"><div class="message user" data-testid="user"><img id="target" src="/file=lighthouse.jpg" alt=""></div></div>
      <div class="message-row user-row"><div class="message user" data-testid="user"><p>What can you tell me about this photo?</p></div></div>
      <div class="message-row bot-row"><div class="message bot" data-testid="bot"><p>A white lighthouse stands on a rocky headland at sunrise.</p></div><div class="message-buttons-bot"><button>Copy</button></div></div></div>`);
    expect(first).toMatchObject({ source: 'answer', text: 'A white lighthouse stands on a rocky headland at sunrise.' });
    expect(rest.map((c) => c.text)).not.toContain('What can you tell me about this photo?');
  });

  it("turns that name no role: the alike turn after the picture that carries an answer's buttons (copy, regenerate)", () => {
    const found = offered(`<div class="conversation">
      <div class="turn w-full"><div class="name">You</div><div class="file-preview"><img id="target" src="/images/car.png" alt="car.png"></div><div class="markdown">And this one? Keep it to one sentence this time.</div><div class="hover-buttons"><button aria-label="Edit">✎</button></div></div>
      <div class="turn w-full"><div class="name">GPT-4o</div><div class="markdown"><p>A small green car stands on a grey road.</p></div><div class="hover-buttons"><button aria-label="Copy to clipboard">⧉</button><button aria-label="Regenerate">↻</button></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'A small green car stands on a grey road.' });
    expect(found.some((c) => c.text.includes('Keep it to one sentence'))).toBe(false);
  });

  it('class words count only beside a word of messaging: a margin class "m-bot-s2" is no bot', () => {
    const found = offered(`<article><figure><img id="target" src="a.jpg"><figcaption>A man prays in Kathmandu.</figcaption></figure></article><div class="promo m-bot-s2"><span>Top searches live, with a partner</span></div>`);
    expect(found[0]).toMatchObject({ source: 'figcaption', text: 'A man prays in Kathmandu.' });
  });
});

describe('demo apps, model cards and notebooks: the output, never the prompt or the code', () => {
  it('the read-only output box, not the prompt box', () => {
    const found = offered(`<div class="row"><div class="column"><div class="block"><img id="target" src="/file=crane.jpg" alt=""></div>
      <label><span data-testid="block-info">Prompt</span><textarea>Describe the image.</textarea></label></div>
      <div class="column"><label><span data-testid="block-info">Output</span><textarea readonly>a blue crane lifts a red container off a ship</textarea></label></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'a blue crane lifts a red container off a ship' });
    expect(found.map((c) => c.text)).not.toContain('Describe the image.');
  });

  it('"Output:" and a quote after the example image; the usage code is never offered', () => {
    const found = offered(`<div class="prose"><pre><code>out = model.generate(**inputs)\nprint(processor.decode(out[0]))</code></pre>
      <p><img id="target" src="examples/tram.jpg" alt="tram.jpg"></p><p><strong>Output:</strong></p><blockquote><p>a yellow tram drives down a narrow cobbled street</p></blockquote></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', text: 'a yellow tram drives down a narrow cobbled street' });
    expect(found.some((c) => c.text.includes('model.generate'))).toBe(false);
  });

  it('a generated-caption label in French over a disabled box; a fenced block of prose after "Output:" is the output', () => {
    expect(offered(`<div class="column"><img id="target" src="house.png"></div><div class="column"><label><span data-testid="block-info">Légende générée</span><textarea disabled>Une petite maison jaune au toit rouge.</textarea></label></div>`)[0]).toMatchObject({ source: 'demo-output', text: 'Une petite maison jaune au toit rouge.' });
    expect(offered(`<p><img id="target" src="house.png" alt="house.png"></p><p><strong>Output:</strong></p><pre><code>A yellow house with a red roof stands on green grass.</code></pre>`)[0]).toMatchObject({ source: 'demo-output', text: 'A yellow house with a red roof stands on green grass.' });
  });

  it("a notebook's printed value after its image output, without Out[n] or the quotes of a repr", () => {
    const found = offered(`<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea"><div class="jp-InputPrompt">In [5]:</div><pre>display(img)\ncaption(img)</pre></div>
      <div class="jp-OutputArea"><div class="jp-OutputArea-child"><div class="jp-RenderedImage jp-OutputArea-output" data-mime-type="image/png"><img id="target" src="data:image/png;base64,AAAA"></div></div>
      <div class="jp-OutputArea-child"><div class="jp-OutputPrompt">Out[5]:</div><div class="jp-RenderedText jp-OutputArea-output"><pre>'two sheep graze on a green hillside'</pre></div></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'two sheep graze on a green hillside' });
  });
});

describe('tables and posts', () => {
  it("each model's column of the picture's row, labelled by its header; other rows are not offered", () => {
    const found = offered(`<table><thead><tr><th>Image</th><th>Ours</th><th>BLIP-2</th></tr></thead><tbody>
      <tr><td><img id="target" src="q1.jpg"></td><td>A woman in a red jacket walks a dog across a snowy park.</td><td>a woman walking her dog in the snow</td></tr>
      <tr><td><img src="q2.jpg"></td><td>Three green apples lie on a wooden board.</td><td>apples on a cutting board next to oranges</td></tr></tbody></table>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'cell', label: 'Ours', preselect: true, text: 'A woman in a red jacket walks a dog across a snowy park.' },
      { source: 'cell', label: 'BLIP-2', text: 'a woman walking her dog in the snow' },
    ]);
    expect(found.some((c) => c.text.includes('apples'))).toBe(false);
  });

  it("a post quoting an AI's description: the quote first, the whole post second", () => {
    const found = offered(`<article class="status"><div class="status__content"><p>Asked an AI bot to describe my photo. It said: “A grey heron stands in the shallow water of a pond with mist rising.” Close enough!</p></div>
      <div class="media-gallery"><a href="/media/1"><img id="target" src="/files/heron.jpeg" alt=""></a></div></article>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'quote', preselect: true, text: 'A grey heron stands in the shallow water of a pond with mist rising.' },
      { source: 'post', text: 'Asked an AI bot to describe my photo. It said: “A grey heron stands in the shallow water of a pond with mist rising.” Close enough!' },
    ]);
  });
});

describe('"Check all captioned images" lists AI surfaces with the same finder', () => {
  /** The page's listing, every picture given a size (happy-dom has no layout; the icon filter needs one). */
  const listed = (html: string) => {
    page(html);
    for (const img of Array.from(document.querySelectorAll('img'))) img.getBoundingClientRect = () => new DOMRect(0, 0, 400, 300);
    return listCaptionedImages(10_000).items.map((i) => [i.imageUrl.replace(/^.*\//, ''), i.source, i.caption.replace(/\s+/g, ' ')]);
  };

  it("a chat: the upload with the assistant's whole answer, never the request", () => {
    expect(
      listed(`<main>
      <article data-turn="user"><div data-message-author-role="user"><img id="target" src="https://chat.test/f/kettle.jpg" alt="Uploaded image"><div>Describe this image in detail, please.</div></div></article>
      <article data-turn="assistant"><div data-message-author-role="assistant"><div class="markdown"><p>Here is what it shows:</p><ul><li>A red kettle on a stove.</li><li>Two mugs beside it.</li></ul></div></div>
        <div role="group"><button>Copy</button></div></article></main>`),
    ).toEqual([['kettle.jpg', 'answer', 'Here is what it shows: A red kettle on a stove. Two mugs beside it.']]);
  });

  it("a results table: each row's picture with its first model's cell, not another row's", () => {
    expect(
      listed(`<table><thead><tr><th>Image</th><th>Ours</th><th>BLIP-2</th></tr></thead><tbody>
      <tr><td><img id="target" src="https://lab.test/q1.jpg"></td><td>A woman in a red jacket walks a dog across a snowy park.</td><td>a woman walking her dog in the snow</td></tr>
      <tr><td><img src="https://lab.test/q2.jpg"></td><td>Three green apples lie on a wooden board.</td><td>apples on a cutting board next to oranges</td></tr></tbody></table>`),
    ).toEqual([
      ['q1.jpg', 'cell', 'A woman in a red jacket walks a dog across a snowy park.'],
      ['q2.jpg', 'cell', 'Three green apples lie on a wooden board.'],
    ]);
  });

  it('a figure keeps its figcaption; a quote by an uncaptioned picture is left to the dialog, not listed as its caption', () => {
    expect(
      listed(`<figure><img id="target" src="https://news.test/a.jpg"><figcaption>Two orange cats sit on a sofa.</figcaption></figure>
      <article class="status"><div class="status__content"><p>Asked an AI bot to describe my photo. It said: “A grey heron stands in the shallow water of a pond with mist rising.” Close enough!</p></div>
      <div class="media-gallery"><a href="/media/1"><img src="https://news.test/heron.jpeg" alt=""></a></div></article>`),
    ).toEqual([['a.jpg', 'figcaption', 'Two orange cats sit on a sofa.']]);
  });
});
