// @vitest-environment happy-dom
// Shapes met on held-out-12, each written here in other words and markup: metrics printed as "name value" under an
// output in an eval table, a chat's footer of run figures and its stop reason between bullets, split chats whose panes
// are only numbered (the model's name stands in each pane's header), a demo's output beside a view switcher with a
// folded run log under it, a cover image whose alt is an identifier and a generic word, a post's relative time after a
// bullet, and a notebook cell's code that is a single call.
import { describe, expect, it } from 'vitest';
import { placeholderReason } from '../../lib/page/alt-placeholder';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { isCode } from '../../lib/page/model-output';
import { isBookkeeping, isDateOnly, trimModelText } from '../../lib/page/output-trim';
import { offered, page } from './caption-snippet';

describe('metrics printed as "name value" after an output', () => {
  it('are bookkeeping: a unit named before its figure, a variable-style name; a table row of words and a count is not', () => {
    for (const line of ['tokens 612', 'Tokens 48', 'count_match 1.00', 'exact_match 0', 'rouge.l 0.41']) expect(isBookkeeping(line), line).toBe(true);
    for (const line of ['Apples 3', 'Chapter 4', 'Room 12']) expect(isBookkeeping(line), line).toBe(false);
  });

  it('are left out of the output they follow', () => {
    const text = 'Ein rotes Fahrrad lehnt an einer gelben Mauer.\nlatency 1.20s\ntokens 530\nword_overlap 0.75';
    expect(trimModelText(text)).toBe('Ein rotes Fahrrad lehnt an einer gelben Mauer.');
  });

  it('in an eval table the model columns are offered without them', () => {
    const cell = (text: string, score: string) =>
      `<td><div class="out">${text}</div><div class="meta"><span>latency 1.1s</span><span>tokens 402</span><span>exact_match ${score}</span></div></td>`;
    const found = offered(`<table><thead><tr><th>input</th><th>vision-a-3b</th><th>vision-b-9b</th></tr></thead><tbody>
      <tr><td><img id="target" src="/x/bike.png" width="160" height="120" alt="image_url"></td>${cell('Ein rotes Fahrrad lehnt an einer gelben Mauer.', '1.00')}${cell('Ein Fahrrad steht vor einer Wand im Hof.', '0.00')}</tr>
      <tr><td><img src="/x/boat.png" width="160" height="120" alt="image_url"></td>${cell('Ein blaues Boot liegt auf einem ruhigen See.', '1.00')}${cell('Ein Boot treibt auf dem Wasser unter Wolken.', '0.00')}</tr>
      </tbody></table>`);
    expect(found.filter((c) => c.source === 'cell').map((c) => [c.label, c.text])).toEqual([
      ['vision-a-3b', 'Ein rotes Fahrrad lehnt an einer gelben Mauer.'],
      ['vision-b-9b', 'Ein Fahrrad steht vor einer Wand im Hof.'],
    ]);
  });
});

describe("a chat answer's footer of run figures between bullets", () => {
  it('with the stop reason among them, is not part of the answer', () => {
    const found = offered(`<div data-message-role="user"><img id="target" src="/att/dog.png" width="240" height="180" alt="dog.png"><p>Beschreibe das Bild bitte.</p></div>
      <div data-message-role="assistant"><div class="md"><p>Ein brauner Hund liegt auf einer grünen Wiese.</p><ul><li>Der Himmel ist blau.</li></ul></div>
      <div class="stats"><div>24.5 tok/sec</div><div>•</div><div>96 tokens</div><div>•</div><div>0.40s to first token</div><div>•</div><div>Stop reason: Max Tokens Reached</div></div>
      <button aria-label="Copy message">⧉</button></div>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Ein brauner Hund liegt auf einer grünen Wiese. Der Himmel ist blau.' });
  });
});

describe("a Markdown table in a chat answer", () => {
  it('is read one row a line, its cells side by side', () => {
    const found = offered(`<div data-message-role="user"><img id="target" src="/att/cats.png" width="240" height="180" alt="cats.png"><p>Wie viele Tiere siehst du?</p></div>
      <div data-message-role="assistant"><p>Auf dem Bild sind zwei Katzen auf einem Sofa.</p>
      <table><thead><tr><th>Tier</th><th>Anzahl</th></tr></thead><tbody><tr><td>Katzen</td><td>2</td></tr><tr><td>Hunde</td><td>0</td></tr></tbody></table>
      <button aria-label="Copy message">⧉</button></div>`);
    const answer = findCaptionCandidates(document.getElementById('target')!, 10_000).find((c) => c.source === 'answer');
    expect(found[0]!.preselect).toBe(true);
    expect(answer?.text).toBe('Auf dem Bild sind zwei Katzen auf einem Sofa.\nTier Anzahl\nKatzen 2\nHunde 0');
  });
});

describe('split chats whose panes are only numbered', () => {
  const pane = (n: number, model: string, answer: string) => `<section aria-label="Split ${n}"><div class="head"><span>${model}</span><button title="Close split">✕</button></div>
    <div role="log"><div data-role="user"><img ${n === 2 ? 'id="target" ' : ''}src="/att/lake.png?a=${n}" width="200" height="150" alt="lake.png"><div>Beskriv bilden, tack.</div></div>
    <div data-role="assistant" id="answer-${n}"><p>${answer}</p></div></div></section>`;

  it("offer every pane's answer, the picture's own first, each named by the model in its pane's header", () => {
    const image = page(`<div class="splits">${pane(1, 'llava-1.6:13b', 'En röd kanot ligger vid en brygga i en stilla sjö.')}${pane(2, 'qwen2.5-vl:7b', 'En sjö med en brygga och en kanot under tallar.')}</div>`);
    [1, 2].forEach((n) => (document.getElementById(`answer-${n}`)!.getBoundingClientRect = () => new DOMRect((n - 1) * 400, 200, 380, 120)));
    image.getBoundingClientRect = () => new DOMRect(400, 0, 200, 150);
    const answers = findCaptionCandidates(image, 10_000).filter((c) => c.source === 'answer');
    expect(answers.map((c) => [c.label, c.text])).toEqual([
      ['qwen2.5-vl:7b', 'En sjö med en brygga och en kanot under tallar.'],
      ['llava-1.6:13b', 'En röd kanot ligger vid en brygga i en stilla sjö.'],
    ]);
    expect(answers[0]!.preselect).toBe(true);
  });
});

describe("a demo's output beside a view switcher, with a folded run log under it", () => {
  it('the output is preselected; the log is never offered', () => {
    const found = offered(`<form><h4>Input</h4><label for="img">image</label><div><img id="target" src="/in/street.png" width="320" height="240" alt="street.png"></div>
      <label for="p">prompt</label><textarea id="p">Describe la imagen con detalle.</textarea><button type="submit">Run</button></form>
      <section><div class="row"><h4>Output</h4><span>Preview · JSON</span></div>
      <div class="out">Un taxi amarillo espera en medio de una calle gris entre dos árboles.</div>
      <details><summary>Logs (4 lines)</summary><pre>Using seed: 7
Prompt tokens: 512
Generated 40 tokens
Total time: 2.10s</pre></details></section>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Un taxi amarillo espera en medio de una calle gris entre dos árboles.' });
    expect(found.filter((c) => /seed|tokens/i.test(c.text))).toEqual([]);
  });
});

describe("a result panel's title row, then its own output label", () => {
  it("reads the value under the output label, not the whole panel under the title", () => {
    const found = offered(`<form><div><img id="target" src="/in/church.png" width="320" height="240" alt=""></div><textarea>Beschreibe das Foto.</textarea><button type="submit">Run</button></form>
      <section><div class="row"><h2>Result</h2><span>COMPLETED</span><span>Idle</span></div>
      <div class="preview"><div class="caption-label">Output</div><div class="out">Eine kleine Kirche aus Stein steht auf einem Felsen über einem blauen See.</div>
      <div class="caption-label">Partial</div><div class="out">false</div></div></section>`);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Eine kleine Kirche aus Stein steht auf einem Felsen über einem blauen See.' });
  });
});

describe("a model's cover image whose alt is its identifier and a generic word", () => {
  it('is a placeholder; a word with one hyphen and a generic word is not an identifier', () => {
    expect(placeholderReason('acme/tiny-vision-2b cover image')).toBe('generic');
    expect(placeholderReason('tiny_vision thumbnail')).toBe('generic');
    expect(placeholderReason('e-bike photo')).toBeNull();
  });
});

describe("a post's relative time after a bullet", () => {
  it('is a date line, never a caption', () => {
    for (const line of ['• 1 day ago', '· 3 hours ago', 'vor 2 Std.', 'il y a 3 jours', '5 分前']) expect(isDateOnly(line), line).toBe(true);
    expect(isDateOnly('Two days at the lake')).toBe(false);
  });

  it('is not offered for the community icon beside it', () => {
    const found = offered(`<div class="credit"><img id="target" src="/icons/community.png" alt="r/fotos icon" width="24" height="24"><a href="/r/fotos">r/fotos</a><span>• <time datetime="2026-12-03">1 day ago</time></span></div>
      <h1>Ein Foto vom Markt</h1>`);
    expect(found.filter((c) => /ago/.test(c.text))).toEqual([]);
  });
});

describe("a notebook cell's code that is a single call", () => {
  it('is never offered as the output of the image it displays', () => {
    const image = page(`<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea-editor"><pre>caption("/data/photos/kettle.png")</pre></div>
      <div class="jp-OutputArea"><div class="jp-OutputArea-output" data-mime-type="image/png"><img id="target" src="/out/kettle.png" width="320" height="240" alt=""></div>
      <div class="jp-OutputArea-output" data-mime-type="text/plain"><pre>Una tetera naranja está sobre una mesa gris en la cocina.</pre></div></div></div>`);
    // Laid out as shown: the code above the picture, the printed words under it.
    image.getBoundingClientRect = () => new DOMRect(0, 40, 320, 240);
    const [code, printed] = Array.from(document.querySelectorAll('pre'));
    code!.getBoundingClientRect = () => new DOMRect(0, 0, 400, 20);
    printed!.getBoundingClientRect = () => new DOMRect(0, 290, 400, 20);
    const found = findCaptionCandidates(image, 10_000);
    expect(found[0]).toMatchObject({ preselect: true, text: 'Una tetera naranja está sobre una mesa gris en la cocina.' });
    expect(found.filter((c) => c.text.includes('caption('))).toEqual([]);
    expect(isCode(printed!, 'Una tetera naranja (de metal) está sobre una mesa gris en la cocina.')).toBe(false);
  });
});
