// @vitest-environment happy-dom
// The user's own words recognised by where they stand, not by a request verb of a listed language: the picture's own
// turn before the answer, a prompt box's value and the same prompt in an API sample, a drop zone's instructions; and a
// search chat's answer after a user's turn that names its role. (Layout-free snippets; the pages are measured in
// Chromium by bench:captions.)
import { describe, expect, it } from 'vitest';
import { fromUserTurn, promptTexts } from '../../lib/page/user-words';
import { offered, page } from './caption-snippet';

describe("the picture's own turn", () => {
  it('a request in a language whose verbs are not listed (Hebrew), under a name line, is never offered', () => {
    const request = 'תאר לי בבקשה מה יש בתמונה, בשני משפטים קצרים.';
    const found = offered(`<main class="duel">
      <section class="ask-card"><img id="target" src="/u/3c1f.png" alt="">
        <div class="ask-text"><div class="meta">את · סבב 1</div><p>${request}</p></div></section>
      <div class="pair"><section class="side"><h2>מודל א</h2><div class="answer" data-message-role="assistant"><p>ספסל עץ ירוק עומד בפארק, ומאחוריו עץ זית גדול ושביל חצץ.</p></div></section></div>
    </main>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true });
    expect(found.map((c) => c.text).filter((t) => t.includes(request))).toEqual([]);
  });

  it('a piece of a turn counts, a lone word or a much longer text does not', () => {
    const turns = ['You · turn 1 Say what is going on here, in two lines.'];
    expect(fromUserTurn('Say what is going on here, in two lines.', turns)).toBe(true);
    expect(fromUserTurn('You', turns)).toBe(false);
    expect(fromUserTurn(`${turns[0]} ${'A tall lighthouse stands on the rocks by a grey sea. '.repeat(3)}`, turns)).toBe(false);
  });
});

describe("a prompt box's value and an API sample's prompt", () => {
  const prompt = 'Spell out each word printed on the signs, then say where this is.';
  const demo = `<main><div class="head"><h1>acme / vision-7b</h1><p>An open vision model tuned from GPT-4 outputs.</p></div>
    <form><div class="field"><label for="img">image</label><div class="preview"><img id="target" src="/files/market.jpg" alt=""></div></div>
      <div class="field"><label for="p">text</label><textarea id="p">${prompt}</textarea></div><button type="submit">Run</button></form>
    <section><h2>Result</h2><div class="result">A covered market hall with a sign reading "FRESH FISH" over a stall of ice and mackerel.</div></section>
    <section><h2>Use it from Python</h2><pre><code class="language-python">output = client.run(
    "acme/vision-7b",
    input={
        "image": open("market.jpg", "rb"),
        "prompt": "${prompt}"
    }
)</code></pre></section></main>`;

  it('the prompt is never offered, not as a quote from the code and not as text; the code is no whole post', () => {
    const found = offered(demo);
    expect(found[0]).toMatchObject({ text: 'A covered market hall with a sign reading "FRESH FISH" over a stall of ice and mackerel.', preselect: true });
    expect(found.filter((c) => c.text.includes('Spell out each word') || c.text.includes('client.run'))).toEqual([]);
    expect(found.map((c) => c.source)).not.toContain('post');
  });

  it("reads a prompt box's value, a composer's text, a value after a Question label and a code sample's prompt", () => {
    page(`<textarea aria-label="Ask anything">Was steht auf dem Schild?</textarea><div contenteditable="true">Opisz to zdjęcie dokładnie.</div>
      <dl><dt>question</dt><dd>¿Cuántas personas hay?</dd></dl><pre>vqa(image, question="how many boats are there")</pre>
      <textarea readonly aria-label="Output">A boat on a lake at dawn.</textarea><img id="target" src="/x.png">`);
    expect([...promptTexts()].sort()).toEqual(['Opisz to zdjęcie dokładnie.', 'Was steht auf dem Schild?', 'how many boats are there', '¿Cuántas personas hay?'].sort());
  });
});

describe('a drop zone around the picture', () => {
  it('its instructions are not a caption; the answer after the question is', () => {
    const found = offered(`<aside class="widget"><h2>Inference</h2><form>
      <div class="image-drop" role="button" tabindex="0" aria-label="Ziehe ein Bild hierher oder klicke zum Auswählen"><img id="target" src="/cache/preview.png" alt="" class="preview"><span class="hint">Ziehe ein Bild hierher oder klicke zum Auswählen</span></div>
      <label for="q">Frage</label><input id="q" type="text" value="Welche Farbe hat das Boot?"><button type="submit">Berechnen</button></form>
      <div class="out" aria-live="polite"><p>Das Boot ist rot und hat ein weißes Segel.</p></div></aside>`);
    expect(found[0]).toMatchObject({ text: 'Das Boot ist rot und hat ein weißes Segel.', preselect: true });
    expect(found.map((c) => c.text)).not.toContain('Ziehe ein Bild hierher oder klicke zum Auswählen');
  });
});

describe("a search chat's answer that names no role, after the user's turn that does", () => {
  it('is the Answer, whole, without its tabs and buttons', () => {
    const found = offered(`<main><div class="entry">
      <div class="message user"><img id="target" src="https://cdn.example/uploads/plant.jpeg" alt="plant.jpeg"><p>Welche Pflanze ist das?</p></div>
      <div role="tablist"><button role="tab" aria-selected="true">Antwort</button><button role="tab">Quellen · 2</button></div>
      <div class="body"><div class="markdown"><p>Das ist sehr wahrscheinlich eine Monstera deliciosa.</p><ul><li>Große, gelappte Blätter mit Löchern.</li><li>Ein Luftwurzel wächst am Stamm.</li></ul></div>
        <div class="bar"><button aria-label="Kopieren">⧉</button><button aria-label="Teilen">↗</button></div></div></div></main>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true });
    expect(found[0]!.text).toBe('Das ist sehr wahrscheinlich eine Monstera deliciosa. Große, gelappte Blätter mit Löchern. Ein Luftwurzel wächst am Stamm.');
  });
});
