// @vitest-environment happy-dom
// An app's own words by a picture and its output: an upload preview's alt is never the caption; an output heading that
// names the model ("Réponse du modèle") is an output label; the region a question-answering demo writes its answer
// into, after the box the user asked in, is the model's output.
import { describe, expect, it } from 'vitest';
import { isRequestToModel } from '../../lib/page/requests';
import { isOutputLabel, namesAltText, namesTheUpload } from '../../lib/page/ui-labels';
import { offered } from './caption-snippet';

describe("an upload preview's label is no description", () => {
  it.each([
    "Aperçu de l'image téléversée",
    'Preview of the uploaded image',
    'Your uploaded photo',
    'Vorschau des hochgeladenen Bildes',
    'Vista previa de la imagen subida',
    "Anteprima dell'immagine caricata",
    'Pré-visualização da imagem enviada',
    'アップロードされた画像のプレビュー',
    '上传的图片预览',
    'معاينة الصورة المرفوعة',
  ])('%s', (text) => expect(namesTheUpload(text)).toBe(true));

  it.each(['Two yellow ducks swim on blue water', 'Image of a cat on a sofa', 'Vorschau auf den Sommer: ein Strand bei Ebbe', 'この写真は海辺の灯台です'])('a description: %s', (text) =>
    expect(namesTheUpload(text)).toBe(false),
  );
});

describe('an output heading that names the model', () => {
  it.each(['Réponse du modèle', "Model's answer", 'Antwort des Modells', 'KI-Antwort', 'Respuesta del modelo', 'Risposta del modello', 'Resposta do modelo', 'モデルの回答', '模型输出', 'إجابة النموذج', '3. Answer'])(
    '%s',
    (text) => expect(isOutputLabel(text)).toBe(true),
  );
  it.each(['Votre question', 'Question', 'Answer the question', 'Prompt'])('not an output: %s', (text) => expect(isOutputLabel(text)).toBe(false));
});

describe('requests in Japanese and Chinese', () => {
  it.each(['この画像を説明してください。', 'この写真には何が写っていますか？', '请描述这张图片', '这张图片里有什么？'])('%s', (text) => expect(isRequestToModel(text)).toBe(true));
  it.each(['この写真は海辺の灯台を写しています。', '这张图片显示了一只猫。'])('a description: %s', (text) => expect(isRequestToModel(text)).toBe(false));
});

describe("a question-answering demo's answer card", () => {
  const demo = (card: string) => `<div id="app"><h1>Question visuelle</h1><p class="lead">Téléversez une image et posez une question en langage naturel. Le modèle répond en une ou deux phrases.</p>
    <section class="card"><h2>1. Image</h2><div class="dropzone"><img id="target" class="preview" src="ducks.png" alt="Aperçu de l'image téléversée"><button>Changer d'image</button></div></section>
    <section class="card"><h2>2. Question</h2><label for="q">Votre question</label><input id="q" type="text" value="Combien de canards y a-t-il ?"><button type="submit">Demander</button></section>
    ${card}</div>`;
  const answer = "Il y a deux canards jaunes qui nagent l'un derrière l'autre sur une eau calme.";

  it('under a heading that names the model: the answer preselected, the preview\'s alt and the question never offered', () => {
    const found = offered(demo(`<section class="card" aria-live="polite"><h2>Réponse du modèle</h2><p>${answer}</p><p class="muted">vqa-base-fr · 0,8 s · confiance 0,86</p></section>`));
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: answer });
    expect(found.map((c) => c.text)).not.toContain("Aperçu de l'image téléversée");
    expect(found.map((c) => c.text)).not.toContain('Combien de canards y a-t-il ?');
  });

  it('a live region with no heading after the question box: its words, without the bookkeeping line', () => {
    const found = offered(demo(`<div class="result" aria-live="polite"><p>${answer}</p><p class="muted">vqa-base · 0.8 s · confidence 0.86</p></div>`));
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: answer });
  });

  it('a captioning demo with a Generate button and no question box: the live region is its output', () => {
    const found = offered(`<div class="app"><div class="upload"><img id="target" src="ducks.png" alt="Uploaded image"></div><button>Generate caption</button>
      <div class="panel"><output>Two yellow ducks swim one behind the other on calm blue water.</output></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'Two yellow ducks swim one behind the other on calm blue water.' });
  });

  it('a live region after a Share button only (a ticker by an article picture) is no output', () => {
    const found = offered(`<main><div class="hero"><div class="frame"><img id="target" src="port.jpg" alt=""></div><div class="tools"><button>Share</button></div></div>
      <div class="ticker"><h3>Live</h3><div aria-live="polite"><p>Ferry services resume at noon after the storm, the port authority said this morning.</p></div></div></main>`);
    expect(found.some((c) => c.preselect)).toBe(false);
  });
});

describe('an <output> a demo writes on its own', () => {
  it('right after the dropped picture, with no button to press; a status line before it is not the answer', () => {
    const found = offered(`<div class="app"><label>Drop an image <input type="file"></label><div class="preview"><img id="target" src="blob:upload" alt=""></div>
      <p role="status">Loading model weights from the hub</p><output>A brown horse grazes in a meadow beside a wooden fence.</output></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'A brown horse grazes in a meadow beside a wooden fence.' });
  });
});

describe("a chat's live regions are the chat's, not a picture's output", () => {
  it("a picture in the model's own answer: the live notice after the composer is not its caption", () => {
    const found = offered(`<main><div data-message-author-role="user"><p>Draw me a lighthouse at night, please.</p></div>
      <div data-message-author-role="assistant"><div class="generated-image"><img id="target" src="/generated/lighthouse.png" alt=""></div></div>
      <form><textarea placeholder="Message the assistant"></textarea><button type="submit">Send</button></form>
      <div aria-live="polite">The assistant finished writing its answer a moment ago.</div></main>`);
    expect(found.some((c) => c.preselect)).toBe(false);
  });

  it("a picture the model made, after its lead-in (\"Here it is:\"): the lead-in is not its caption", () => {
    const found = offered(`<main><div data-message-author-role="user"><p>Draw me a lighthouse at night, please.</p></div>
      <div data-message-author-role="assistant"><p>Here it is:<br><img id="target" src="/generated/lighthouse.png" alt=""></p></div></main>`);
    expect(found.some((c) => c.preselect)).toBe(false);
  });
});

describe("a picture's alt text box", () => {
  it('is named so in many languages; a prompt or a title box is not', () => {
    for (const label of ['Alternative Text', 'Alt text', 'Alternativer Text', 'Texte alternatif', 'Texto alternativo', 'Image description', 'Bildbeschreibung', 'Tekst alternatywny', 'Альтернативный текст', '대체 텍스트', '代替テキスト'])
      expect(namesAltText(label), label).toBe(true);
    for (const label of ['Prompt', 'Titel', 'Caption', 'Alternatives', 'Beschreibe das Bild', 'Message']) expect(namesAltText(label), label).toBe(false);
  });
});
