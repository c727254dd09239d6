// @vitest-environment happy-dom
// Shapes met on held-out-10, each written here in other words and markup: an answer whose sentences carry citation
// markers (reference numbers linking to their sources, as chips or superscripts), and a playground's answer turn with
// a header row (the side's role beside the model's id) and a row of run figures under it (speed, tokens, time).
import { describe, expect, it } from 'vitest';
import { offered } from './caption-snippet';

const FIRST = 'Auf dem Bild steht ein weißer Leuchtturm mit rotem Band auf einer felsigen Landzunge.';
const SECOND = 'Er wurde im Jahr 1903 gebaut und ist seit 1998 ein Denkmal.';
const LAST = 'Möchtest du mehr über die Küste erfahren?';

const chat = (answer: string) => `<div role="log">
  <div data-message="user"><img id="target" src="/u/leuchtturm.jpg" alt="Hochgeladenes Bild"><div>Was ist das für ein Turm? Beschreib das Foto.</div></div>
  <div data-message="assistant"><h6 style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Die KI sagte</h6>
    <div>${answer}</div>
    <div><button aria-label="Copy">⧉</button><button aria-label="Like">👍</button><button aria-label="Dislike">👎</button></div></div>
</div>`;

describe("an answer's citation markers", () => {
  it('leaves reference-number links glued after a sentence out of the answer', () => {
    const found = offered(chat(`<p>${FIRST}<span><a href="https://de.wikipedia.org/wiki/Leuchtturm" aria-label="Quelle">1</a></span></p>
      <p>${SECOND}<span><a href="https://denkmal.example.org/x">2</a></span></p><p>${LAST}</p>`));
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: `${FIRST} ${SECOND} ${LAST}` });
  });

  it('leaves superscript references ("[3]", a linked "4") out of the answer', () => {
    const found = offered(chat(`<p>${FIRST}<sup>[3]</sup></p><p>${SECOND}<sup><a href="#ref-4">4</a></sup></p><p>${LAST}</p>`));
    expect(found[0]).toMatchObject({ source: 'answer', text: `${FIRST} ${SECOND} ${LAST}` });
  });

  it('keeps a number that is part of the words: a year, an exponent, a link whose text is words', () => {
    const found = offered(chat(`<p>${FIRST} Die Fläche misst 10<sup>4</sup> Quadratmeter.</p><p>Gebaut <a href="https://example.org/1903">1903</a>, mehr bei <a href="https://example.org">dem Verein</a>.</p>`));
    expect(found[0]?.text).toBe(`${FIRST} Die Fläche misst 104 Quadratmeter. Gebaut 1903, mehr bei dem Verein.`);
  });
});

const ANSWER = 'На снимке видна старая каменная церковь на холме, вокруг неё зелёная трава и несколько деревьев под облачным небом.';
const playground = (header: string, footer: string) => `<section aria-label="Messages">
  <div data-role="user"><div><span>User</span><button aria-label="Remove message">×</button></div>
    <img id="target" src="/uploads/tmp_9/church.jpg" alt="church.jpg"><textarea aria-label="User message">Опиши фото в двух предложениях.</textarea></div>
  <div data-role="assistant">${header}<div class="prose"><p>${ANSWER}</p></div>${footer}</div>
</section>`;

describe("a playground turn's header row and figures row", () => {
  const HEADER = '<div style="display:flex;justify-content:space-between"><span>Assistant</span><span>qwen/qwen2.5-vl-72b-instruct</span></div>';
  const FOOTER = '<div style="display:flex;gap:12px"><span>Speed: 480 T/s</span><span>Input: 2,310 tokens</span><span>Output: 64 tokens</span><span>Time: 0.21s</span></div>';

  it("leaves the role and the model's id above the answer, and the run's figures under it, out of the answer", () => {
    const found = offered(playground(HEADER, FOOTER));
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: ANSWER });
  });

  it('keeps a row of short words under the answer that are not figures', () => {
    const found = offered(playground(HEADER, '<div style="display:flex"><span>Холм зелёный.</span><span>Небо серое.</span></div>'));
    expect(found[0]?.text).toBe(`${ANSWER} Холм зелёный. Небо серое.`);
  });
});
