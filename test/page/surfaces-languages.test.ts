// @vitest-environment happy-dom
// The same AI surfaces as other products and languages render them: a dataset viewer built as an ARIA grid, a post
// quoting a model in 「…」 or »…«, a notebook printing "Legenda: …", an answer in Japanese, an "Esempio di output:"
// label, a role-less chat whose answer buttons read 复制 / 重新生成.
import { describe, expect, it } from 'vitest';
import { requestReason } from '../../lib/claims/request';
import { isRequestToModel } from '../../lib/page/requests';
import { isOutputLabel, withoutOutputLabel } from '../../lib/page/ui-labels';
import { offered } from './caption-snippet';

describe('tables and posts in other shapes and languages', () => {
  it("an ARIA grid of divs: each text cell of the picture's row, labelled by its column header", () => {
    const found = offered(`<div role="grid"><div role="row"><div role="columnheader">imagen<span>image</span></div><div role="columnheader">referencia</div><div role="columnheader">modelo</div></div>
      <div role="row"><div role="gridcell"><img id="target" src="val/000.jpg"></div><div role="gridcell">Un hombre con chaqueta naranja pasea a dos perros junto a un campo.</div><div role="gridcell">un hombre paseando a dos perros por un camino</div></div>
      <div role="row"><div role="gridcell"><img src="val/001.jpg"></div><div role="gridcell">Tres barcas de pesca descansan en la arena de una playa.</div><div role="gridcell">unas barcas de colores en una playa</div></div></div>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'cell', label: 'referencia', preselect: true, text: 'Un hombre con chaqueta naranja pasea a dos perros junto a un campo.' },
      { source: 'cell', label: 'modelo', text: 'un hombre paseando a dos perros por un camino' },
    ]);
  });

  it('a post quoting an AI in Japanese corner brackets: the quote first, the whole post second', () => {
    const quote = '赤い鳥居が並ぶ石段を、傘をさした人がひとりで上っている。';
    const found = offered(`<article class="post"><div class="text">AIに写真の説明を頼んだら「${quote}」だって。だいたい合ってる。</div><div class="media"><img id="target" src="torii.jpg" alt=""></div></article>`);
    expect(found.slice(0, 2)).toMatchObject([
      { source: 'quote', preselect: true, text: quote },
      { source: 'post', preselect: true, text: `AIに写真の説明を頼んだら「${quote}」だって。だいたい合ってる。` },
    ]);
  });

  it('a German post quoting a model in »…«', () => {
    const quote = 'Ein alter Leuchtturm steht auf einem Felsen, davor brechen hohe Wellen.';
    const found = offered(`<article class="post"><p>Die KI hat mein Foto so beschrieben: »${quote}« Nicht schlecht!</p><div class="media"><img id="target" src="leuchtturm.jpg" alt=""></div></article>`);
    expect(found[0]).toMatchObject({ source: 'quote', preselect: true, text: quote });
  });
});

describe('outputs in other languages and shapes', () => {
  it('a label printed before the value ("Legenda: …", "Caption: …") is not part of it', () => {
    expect(withoutOutputLabel('Legenda: um guarda-sol amarelo aberto na areia')).toBe('um guarda-sol amarelo aberto na areia');
    expect(withoutOutputLabel('Caption: a dog runs on a beach')).toBe('a dog runs on a beach');
    expect(withoutOutputLabel('Note: the dog is running')).toBe('Note: the dog is running');
    const found = offered(`<div class="outputview"><div class="output-area" data-mime-type="image/png"><div class="output_subarea"><img id="target" src="data:image/png;base64,AAAA"></div></div>
      <div class="output-area"><div class="output_subarea output_stream"><pre>Legenda: um guarda-sol amarelo aberto na areia ao lado de duas cadeiras de praia</pre></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'um guarda-sol amarelo aberto na areia ao lado de duas cadeiras de praia' });
  });

  it('an answer written without spaces (Japanese) in the live region after the question box', () => {
    const answer = '木の机の上に開いた本が一冊あり、その横に銀色の目覚まし時計が置かれています。';
    const found = offered(`<div id="root"><form><div class="uploader"><img id="target" src="hon.jpg" alt="アップロードされた画像のプレビュー"></div><textarea>この写真には何が写っていますか？</textarea><button type="submit">送信</button></form>
      <div role="status" aria-live="polite"><p>${answer}</p><p class="meta">vqa-ja-small · 1.2 秒 · 信頼度 0.81</p></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: answer });
    expect(found.map((c) => c.text)).not.toContain('アップロードされた画像のプレビュー');
  });

  it('an example-output label ("Esempio di output:", "Beispielausgabe", "出力例") is an output label and never a caption itself', () => {
    for (const label of ['Esempio di output:', 'Example output', 'Beispielausgabe:', "Exemple de sortie", 'Output (en):', '出力例']) expect(isOutputLabel(label), label).toBe(true);
    const found = offered(`<div class="example"><p><img id="target" src="esempi/mercato.jpg" alt="mercato.jpg"></p><p><strong>Esempio di output:</strong></p>
      <pre>Una bancarella di mercato con cassette di pomodori e limoni sotto un tendone a righe.</pre></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'Una bancarella di mercato con cassette di pomodori e limoni sotto un tendone a righe.' });
    expect(found.map((c) => c.text)).not.toContain('Esempio di output:');
  });

  it("a chat whose turns name no role, answered in Chinese: the turn with the answer's buttons (复制, 重新生成); its notice left out", () => {
    const found = offered(`<main class="chat"><div class="turn"><div class="bubble"><div class="attachment"><img id="target" src="/api/files/qiao.jpg" alt="qiao.jpg"></div><div class="content">请描述这张图片。</div></div></div>
      <div class="turn"><div class="bubble"><div class="content"><p>这张图片展示了一座石拱桥，桥下是一条平静的河。</p><p>内容由 AI 生成，请仔细甄别。</p></div><div class="tools"><button aria-label="复制">⧉</button><button aria-label="重新生成">↻</button></div></div></div></main>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: '这张图片展示了一座石拱桥，桥下是一条平静的河。' });
    expect(found.map((c) => c.text)).not.toContain('请描述这张图片。');
  });
});

describe('more products of the same kinds', () => {
  it("a chat that names the model's side after the model, or marks it as streamed (\"font-claude-message\", data-is-streaming)", () => {
    const answer = 'A red kite hangs over a green field on a windy day.';
    for (const reply of [`<div class="font-claude-message"><p>${answer}</p></div>`, `<div data-is-streaming="false"><div class="grid"><p>${answer}</p></div></div>`]) {
      const found = offered(`<main><div data-testid="user-message" class="font-user-message"><img id="target" src="/api/files/kite.jpg" alt="kite.jpg"><p>What's in this photo?</p></div>${reply}</main>`);
      expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
    }
  });

  it('message groups marked by a source attribute (source="user", source="bot")', () => {
    const found = offered(`<cib-chat-turn><cib-message-group source="user"><img id="target" src="/upload/harbour.jpg" alt=""><div class="text">Describe this picture</div></cib-message-group>
      <cib-message-group source="bot"><div class="ac-textBlock"><p>Fishing boats are moored in a small harbour below white houses.</p></div></cib-message-group></cib-chat-turn>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'Fishing boats are moored in a small harbour below white houses.' });
  });

  it('a status line with a time taken is not an answer', () => {
    const done = offered(`<div class="app"><div class="in"><div><img id="target" src="/upload/main.jpg" alt=""></div><button>Generate</button></div><div class="out"><div role="status">Generated in 3.2 seconds on GPU</div></div></div>`);
    expect(done.some((c) => c.preselect)).toBe(false);
  });

  it('a success alert after the Generate button (Streamlit\'s st.success), its "Caption:" label left out', () => {
    const found = offered(`<div class="main"><div data-testid="stImage"><img id="target" src="/media/upload.png" alt=""></div><div data-testid="stButton"><button>Generate caption</button></div>
      <div data-testid="stAlert" role="alert"><div class="markdown"><p>Caption: a red kite flies over a green field on a windy day</p></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'a red kite flies over a green field on a windy day' });
  });

  it('a notebook that prints the caption, labelled, before it shows the picture in the same cell; an unlabelled log is not it', () => {
    const log = offered(`<div class="output"><div class="output_area"><div class="output_subarea output_stream"><pre>epoch 3 of 10 finished with a training loss of 0.31</pre></div></div>
      <div class="output_area"><div class="output_subarea output_png"><img id="target" src="data:image/png;base64,AAAA"></div></div></div>`);
    expect(log.some((c) => c.preselect)).toBe(false);
    const found = offered(`<div class="cell"><div class="input"><pre>print("Caption:", caption)\\ndisplay(img)</pre></div><div class="output_wrapper"><div class="output">
      <div class="output_area"><div class="output_subarea output_text output_stream"><pre>Caption: a wooden rowing boat lies on a pebble beach at low tide</pre></div></div>
      <div class="output_area"><div class="output_subarea output_png"><img id="target" src="data:image/png;base64,AAAA"></div></div></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'a wooden rowing boat lies on a pebble beach at low tide' });
  });
});

describe("requests read by the claim splitter's verbs (one list for both)", () => {
  it.each(['Translate the sign in this photo.', 'Zähle die Äpfel auf dem Bild.', 'Traduis le panneau sur cette photo.', 'Sii breve.'])('%s', (text) => {
    expect(isRequestToModel(text)).toBe(true);
    expect(requestReason(text)).not.toBeNull();
  });

  it.each(['List of ingredients printed on the jar', 'Describe: a red bus on a bridge'])('a label, not a request: %s', (text) => expect(isRequestToModel(text)).toBe(false));
});
