// @vitest-environment happy-dom
// A demo's grey model · time · tokens line, a notebook's boilerplate alt, stderr and printed label, and a post's alt
// badge are what an interface prints around a model's words, never the caption; the shapes the fifth held-out slice
// missed, written here in other words and languages (layout-free snippets; the pages are measured by bench:captions).
import { describe, expect, it } from 'vitest';
import { placeholderReason } from '../../lib/page/alt-placeholder';
import { isBookkeeping, isFiguresLine, trimModelText } from '../../lib/page/output-trim';
import { isOutputLabel } from '../../lib/page/ui-labels';
import { offered } from './caption-snippet';

describe('bookkeeping in Cyrillic units, and count lines', () => {
  it('milliseconds, words and tokens in Russian and Ukrainian are units', () => {
    for (const line of ['Ответ за 850 мс', 'Всего 35 слов', 'llava-1.6 · 0,9 с · 41 слово', 'Mistral-Small · 1,2 с · 58 токенов']) expect(isBookkeeping(line), line).toBe(true);
    expect(isFiguresLine('Pixtral-12B · 2,1 с · 64 токена на выходе')).toBe(true);
    // A price or a share is no count of an interface's.
    expect(isFiguresLine('Prices rose 5%')).toBe(false);
  });

  it('a count line glued on after the text ("Số từ: 39") and a printed word-or-two label before it go, in any language', () => {
    expect(trimModelText('Mô tả: Một con mèo mướp nằm ngủ trên bậu cửa sổ, bên cạnh là chậu hoa giấy màu hồng. Số từ: 23')).toBe(
      'Một con mèo mướp nằm ngủ trên bậu cửa sổ, bên cạnh là chậu hoa giấy màu hồng.',
    );
    expect(trimModelText('Opis: Rudy kot śpi na parapecie obok doniczki z pelargonią.\nLiczba słów: 10')).toBe('Rudy kot śpi na parapecie obok doniczki z pelargonią.');
    // A list's lead-in in lower case stays, and so does a sentence with a colon inside.
    expect(trimModelText('Colors: red frame, black tyres and a pale blue wall')).toBe('Colors: red frame, black tyres and a pale blue wall');
  });

  it('an output heading that names the model in Russian is an output label', () => {
    expect(isOutputLabel('Ответ модели')).toBe(true);
    expect(isOutputLabel('Ответ нейросети')).toBe(true);
  });
});

describe('a demo: its answer, not the grey line under it or the picture', () => {
  it("a model · time · tokens line in the image's caption slot is never offered; the answer after the heading is first", () => {
    const answer = 'На снимке старый кирпичный вокзал с часами над входом, перед ним стоят три жёлтых такси.';
    const found = offered(`<div class="app"><div class="image-block"><img id="target" src="media/7f3e.jpg" alt="0"><div class="image-caption">vokzal.jpg</div></div>
      <label>Запрос<textarea>Опиши фотографию в двух предложениях.</textarea></label><button type="button">Сгенерировать</button>
      <h3>Ответ модели</h3><div class="markdown"><p>${answer}</p></div>
      <div class="caption"><p>InternVL2-8B · 2,7 с · 54 токена на выходе</p></div></div>`);
    expect(found[0]).toMatchObject({ preselect: true, text: answer });
    expect(found.map((c) => c.text).join('\n')).not.toContain('токена');
  });

  it('the same line alone in a caption slot is not offered either', () => {
    const found = offered(`<div class="result"><img id="target" src="media/9a1b.png" alt=""><div class="caption">Florence-2 · 820 мс · 33 токена</div></div>`);
    expect(found.map((c) => c.text)).not.toContain('Florence-2 · 820 мс · 33 токена');
  });
});

describe('a rendered notebook: the printed output, not the boilerplate alt or stderr', () => {
  const cell = (code: string, outputs: string) =>
    `<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea"><pre>${code}</pre></div><div class="jp-OutputArea">${outputs}</div></div>`;
  const image = (id = '') => `<div class="jp-OutputArea-child"><div class="jp-RenderedImage jp-OutputArea-output"><img ${id} alt="No description has been provided for this image" src="data:image/png;base64,AAAA"></div></div>`;
  const text = (mime: string, body: string) => `<div class="jp-OutputArea-child"><div class="jp-RenderedText jp-OutputArea-output" data-mime-type="${mime}"><pre>${body}</pre></div></div>`;

  it("nbconvert's placeholder alt is no caption; the next cell's print after a stderr warning is", () => {
    expect(placeholderReason('No description has been provided for this image')).toBe('generic');
    expect(placeholderReason('No alt text provided')).toBe('generic');
    const caption = 'Ein Fischkutter liegt im Morgennebel an einer Kaimauer, zwei Möwen sitzen auf dem Bug.';
    const found = offered(
      cell('display(bild)', image('id="target"')) +
        cell('antwort = model.generate(bild)\nprint(antwort)', text('application/vnd.jupyter.stderr', 'UserWarning: the attention mask is not set and cannot be inferred.') + text('text/plain', caption)),
    );
    expect(found[0]).toMatchObject({ preselect: true, text: caption });
    expect(found.map((c) => c.text).join('\n')).not.toMatch(/No description|UserWarning/);
  });

  it("a print's own label and word count go; a prose cell in between ends the search", () => {
    const found = offered(cell('plt.imshow(img); print("Beschreibung:", c); print("Wörter:", n)', image('id="target"') + text('text/plain', 'Beschreibung: Ein rotes Fahrrad lehnt an einer weiß getünchten Mauer.\nWörter: 10')));
    expect(found[0]).toMatchObject({ preselect: true, text: 'Ein rotes Fahrrad lehnt an einer weiß getünchten Mauer.' });
    const none = offered(
      cell('display(img)', image('id="target"')) +
        `<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedMarkdown jp-MarkdownOutput" data-mime-type="text/markdown"><p>Next we train the classifier on the rest.</p></div></div>` +
        cell('train()', text('text/plain', 'Training finished after three epochs without errors.')),
    );
    expect(none.filter((c) => c.preselect)).toEqual([]);
  });
});

describe("a post quoting a model: the quote first, never the alt badge", () => {
  it('a lead-in naming a neural network in Ukrainian or Russian, the quote in «…»; the "ALT" badge is no caption', () => {
    const quote = 'На фото озеро в горах, на березі стоїть дерев\'яний човен, а над водою висить туман.';
    const found = offered(`<div class="post"><div class="postText">Нейромережа описала моє фото так:\n«${quote}»\nНу, майже 🙂</div>
      <div class="embed"><button aria-label="Озеро"><img id="target" src="feed_thumbnail/bafkrei.jpg" alt="Озеро вранці"><span class="alt-badge" aria-hidden="true">ALT</span></button></div></div>`);
    expect(found[0]).toMatchObject({ source: 'quote', preselect: true, text: quote });
    expect(found.map((c) => c.text)).not.toContain('ALT');
    const ru = offered(`<div class="post"><p>Спросил нейросеть, что на снимке. Ответ: «Рыжая кошка спит на подоконнике рядом с горшком герани.»</p><img id="target" src="cat.jpg" alt="Кошка"></div>`);
    expect(ru[0]).toMatchObject({ source: 'quote', text: 'Рыжая кошка спит на подоконнике рядом с горшком герани.' });
  });
});
