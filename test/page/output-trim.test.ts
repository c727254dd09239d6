// @vitest-environment happy-dom
// What an AI interface prints around a model's words is not part of them: bookkeeping lines (tokens, time taken,
// cost, a model's name with a time), controls (Copy, Regenerate, 👍 👎) and an output label before the text.
import { describe, expect, it } from 'vitest';
import { isBookkeeping, trimModelText } from '../../lib/page/output-trim';
import { isOutputLabel } from '../../lib/page/ui-labels';
import { offered } from './caption-snippet';

describe('bookkeeping lines, read by their shape', () => {
  it('figures with units, times, prices and controls, in several languages', () => {
    for (const line of [
      '14 Token · 0,37 s',
      'Generated in 3.2 seconds',
      'Latency: 412 ms',
      '12.4 tok/s',
      '$0.0004',
      'GPT-4o · 14:32',
      'Claude 3.5 Sonnet | 2:14 PM',
      '412 chars',
      '1 024 caractères',
      'Copy',
      'Regenerate',
      '👍 👎',
      'Copy · Share',
      '캐시된 결과 · 0.8초',
      'Ответ получен за 1,2 с',
      '生成时间 2.1 秒',
      'Czas generowania (s)',
      'Seed: 42',
      '3 minutes ago',
      'llava-1.6-7b — 2026-11-28 10:14',
    ])
      expect(isBookkeeping(line), line).toBe(true);
  });

  it('words about a picture are not bookkeeping, figures or not', () => {
    for (const line of [
      'A dog runs on the beach.',
      'Ein Haus vor dem Wald',
      'Two red apples on a wooden table',
      'The clock on the tower shows 14:32.',
      'Three boats, 2 of them red, lie on the sand of a small beach near the harbour.',
      'Gerne! Hier ist eine Beschreibung der beiden Bilder:',
      'Berlin',
      'Sky: cloudy',
    ])
      expect(isBookkeeping(line), line).toBe(false);
  });
});

describe('a model text without what the interface prints around it', () => {
  it('drops bookkeeping lines after and before the text, and a label line before it', () => {
    expect(trimModelText('Ein Leuchtturm steht auf einem Felsen an der Küste.\n17 Token · 0,41 s')).toBe('Ein Leuchtturm steht auf einem Felsen an der Küste.');
    expect(trimModelText('캐시된 결과 · 0.8초\n답변\n빨간 지붕을 얹은 오래된 나무집입니다.')).toBe('빨간 지붕을 얹은 오래된 나무집입니다.');
    expect(trimModelText('Ответ:\nНа фото рыжая кошка спит на подоконнике.\nКопировать\n👍 👎')).toBe('На фото рыжая кошка спит на подоконнике.');
    expect(trimModelText('Bildtext:\nEn röd segelbåt ligger förtöjd vid en brygga.')).toBe('En röd segelbåt ligger förtöjd vid en brygga.');
    expect(trimModelText('Output: a yellow tram crosses a bridge in the rain')).toBe('a yellow tram crosses a bridge in the rain');
  });

  it('drops bookkeeping glued on after the last sentence', () => {
    expect(trimModelText('Zwei Enten schwimmen auf einem Teich.14 Token · 0,37 s')).toBe('Zwei Enten schwimmen auf einem Teich.');
    expect(trimModelText('A small red house stands in a field. Generated in 1.4 s')).toBe('A small red house stands in a field.');
  });

  it("keeps a chat answer's lead-in, list and closing line, and a text that is all figures", () => {
    const answer = '这张图片展示了一座江南水乡的石拱桥：\n桥下是一条平静的河。\n天空多云，光线柔和。';
    expect(trimModelText(answer)).toBe(answer);
    const list = 'Sure! Here is what I see:\nA red bike leans on a wall.\nSky: cloudy';
    expect(trimModelText(list)).toBe(list);
    expect(trimModelText('17 Token · 0,41 s')).toBe('17 Token · 0,41 s');
  });
});

describe('on the page', () => {
  it("a comparison grid's cells lose their token and time line", () => {
    const found = offered(`<div role="table"><div role="row"><span role="columnheader">Bild</span><span role="columnheader">Modell A</span><span role="columnheader">Modell B</span></div>
      <div role="row"><div role="cell"><img id="target" src="vergleich-1.png" alt=""></div>
      <div role="cell"><p>Zwei Enten schwimmen auf einem Teich, am Ufer wächst Schilf.</p><span class="meta">14 Token · 0,37 s</span></div>
      <div role="cell"><p>Drei Enten schwimmen auf einem See vor einem Wald.</p><span class="meta">15 Token · 0,52 s</span></div></div></div>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'cell', label: 'Modell A', preselect: true, text: 'Zwei Enten schwimmen auf einem Teich, am Ufer wächst Schilf.' },
      { source: 'cell', label: 'Modell B', text: 'Drei Enten schwimmen auf einem See vor einem Wald.' },
    ]);
  });

  it("a demo's answer loses its label element, also one glued on inline in a language without a listed label", () => {
    const answer = '빨간 지붕을 얹은 오래된 나무집이고, 창문이 두 개 있습니다.';
    const ko = offered(`<div class="widget"><img id="target" src="vqa.png" alt=""><input type="text" value="이 집은 어떻게 생겼나요?"><button type="submit">계산</button>
      <div aria-live="polite"><div class="meta">캐시된 결과 · 0.8초</div><div class="bubble"><span class="answer-label">답변</span><p>${answer}</p></div></div></div>`);
    expect(ko[0]).toMatchObject({ source: 'demo-output', preselect: true, text: answer });
    const fi = offered(`<div class="widget"><img id="target" src="vqa.png" alt=""><input type="text" value="Mitä kuvassa on?"><button type="submit">Submit</button>
      <div aria-live="polite"><p><span class="output-label">Vastaus</span> Punainen puutalo järven rannalla, edessä pieni laituri.</p></div></div>`);
    expect(fi[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'Punainen puutalo järven rannalla, edessä pieni laituri.' });
  });

  it("a chat answer keeps its list's bold lead-ins and loses the rating row under it", () => {
    const found = offered(`<div class="chat"><div data-message-author-role="user"><img id="target" src="upload.jpg" alt=""><p>Describe this image.</p></div>
      <div data-message-author-role="assistant"><p>The image shows a flat drawing of a bike:</p><ul><li><strong>Colors:</strong> red frame, black tyres</li><li><strong>Background:</strong> a pale blue wall</li></ul>
      <div class="feedback"><span>👍</span> <span>👎</span></div><div class="stats">1,2 s · 58 tokens</div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'The image shows a flat drawing of a bike: Colors: red frame, black tyres Background: a pale blue wall' });
  });
});

describe('shapes seen on the development pages added with this', () => {
  it("a messenger bot's reply: turns alike but for the user's mark, the reply's Копировать button, its time glued on", () => {
    const answer = 'На фотографии деревянный дачный дом с зелёной крышей, перед домом растут две яблони.';
    const group = (inner: string) => `<div class="sender-group-container">${inner}</div>`;
    const found = offered(`<div class="messages">
      ${group(`<div class="Message own"><img id="target" src="photo-1.jpg" alt=""><div class="text-content">Опиши, пожалуйста, что на этой фотографии.<span class="MessageMeta"><span class="message-time">10:41</span>✓✓</span></div></div>`)}
      ${group(`<div class="Message"><div class="text-content">${answer}<span class="MessageMeta"><span class="message-time">10:41</span></span></div><div class="InlineButtons"><button>🔁 Описать заново</button><button>📋 Копировать</button></div></div>`)}</div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
    expect(found.map((c) => c.text).join('\n')).not.toContain('Опиши, пожалуйста');
  });

  it("a post giving a model's words after a lead-in that names the model, without quotation marks; the author's avatar is no second picture", () => {
    const said = 'A large oil painting of a stormy harbour hangs on a dark green wall, two visitors sit on a bench in front of it.';
    const found = offered(`<div role="article" class="update"><div class="actor"><img class="actor__avatar-image" src="maya.jpg" alt="View Maya Okafor’s profile"><span>Maya Okafor</span></div>
      <div class="text"><span>I ran one of our gallery photos through a vision model. This is what it came back with:<br><br>${said}<br><br>Pretty good! There is no bench, though.</span></div>
      <div class="image"><img id="target" src="gallery-harbour.jpg" alt=""></div></div>`);
    expect(found[0]).toMatchObject({ source: 'quote', preselect: true, text: said });
    expect(found[1]).toMatchObject({ source: 'post' });
  });
});

describe('a comparison with the pictures in its head row, and a card headed as the picture\'s description', () => {
  it("offers each model's cell of the picture's column, labelled by its row header; the other column is not offered", () => {
    const found = offered(`<table><thead><tr><th>Model</th><th><img id="target" src="qual/val_0193.jpg" alt="val_0193"></th><th><img src="qual/val_0457.jpg" alt="val_0457"></th></tr></thead>
      <tbody><tr><th>BLIP-2</th><td>a brown dog sitting on a couch with a pillow</td><td>a kitchen with a stove and a sink in it</td></tr>
      <tr><th>Ours</th><td>A brown dog lies on a grey sofa beside a green cushion.</td><td>A small kitchen with white cabinets and a gas stove.</td></tr></tbody></table>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'cell', label: 'BLIP-2', preselect: true, text: 'a brown dog sitting on a couch with a pillow' },
      { source: 'cell', label: 'Ours', text: 'A brown dog lies on a grey sofa beside a green cushion.' },
    ]);
    expect(found.map((c) => c.text).join('\n')).not.toMatch(/kitchen/);
  });

  it('an output heading that names the picture ("Descripción de la imagen", "Image description") is an output label', () => {
    for (const label of ['Descripción de la imagen', 'Image description', 'Description of the photo', "Description de l'image:", '画像の説明']) expect(isOutputLabel(label), label).toBe(true);
    const description = 'Una mesa de madera con una paellera en el centro, rodeada de cuatro copas de vino tinto.';
    const found = offered(`<main><div class="photo-card"><img id="target" src="IMG_20261201_1822.jpg" alt="Tu foto"></div>
      <section class="result"><h2>Descripción de la imagen</h2><div class="result__text"><p>${description}</p></div><div class="result__meta">Generado por IA · hace 2 min · 16 palabras</div></section></main>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: description });
  });
});

describe("a chat answer without its name line and the model's shown reasoning", () => {
  it('leaves out an opened "Thought for 12 seconds" block and the name line above the answer, not a folded part of it', () => {
    const answer = 'A market stall under a striped awning, with four wooden crates of oranges and lemons on the counter.';
    const found = offered(`<div role="log"><div class="message" data-role="user"><div class="who">You</div><img id="target" src="market-stall.jpg" alt="market-stall.jpg"><p>Can you describe this picture for an alt text?</p></div>
      <div class="message" data-role="assistant"><div class="who">Reasoner-Vision</div><div class="content">
      <details class="reasoning" open><summary>Thought for 12 seconds</summary><p>The user wants alt text, so I should be concise. I can see a market stall.</p></details>
      <div class="markdown"><p>${answer}</p></div></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
    // A folded block that is part of the answer stays, and so does a first line that is no name.
    const kept = offered(`<div role="log"><div class="message" data-role="user"><img id="target" src="stall.jpg" alt=""><p>Describe this image.</p></div>
      <div class="message" data-role="assistant"><p>A market stall with four crates of fruit under a striped awning.</p>
      <details open><summary>Details of the crates</summary><p>Oranges, lemons, apples and pears, one crate each.</p></details></div></div>`);
    expect(kept[0]?.text).toBe('A market stall with four crates of fruit under a striped awning. Details of the crates Oranges, lemons, apples and pears, one crate each.');
  });
});
