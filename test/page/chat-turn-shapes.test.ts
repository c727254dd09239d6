// @vitest-environment happy-dom
// Chat shapes met on held-out pages: messages drawn as buttons, a picture sent as a message of its own before the
// question. (Layout-free snippets; the real pages are measured in Chromium by bench:captions.)
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { answerPair } from '../../lib/page/chooser';
import { isBookkeeping, isSourceLink } from '../../lib/page/output-trim';
import { offered, page } from './caption-snippet';

describe('a picture sent as a message of its own', () => {
  it('is answered by the next assistant message after the question sent after it, also when messages are buttons', () => {
    const found = offered(`<div role="log" aria-label="chatbot conversation"><div class="message-wrap">
      <div class="message-row user-row"><div class="avatar-container"><img src="/avatar_user.png" alt="user avatar"></div>
        <button data-testid="user" class="message user" aria-label="user's message: a file of type image/jpeg, "><div class="image-container"><img id="target" src="/file=/tmp/street.jpg" alt=""></div></button></div>
      <div class="message-row user-row"><button data-testid="user" class="message user" aria-label="user's message: what is this?"><p>What is in this photo? Describe it in detail.</p></button></div>
      <div class="message-row bot-row"><button data-testid="bot" class="message bot" aria-label="bot's message: A quiet street"><p>A quiet street in the early morning.</p><ol><li>An old man rides a black bicycle.</li><li>A red wooden door on the left.</li></ol></button>
        <div class="message-buttons-bot"><button aria-label="Copy">📋</button></div></div>
      <div class="message-row user-row"><button data-testid="user" class="message user"><div class="image-container"><img src="/file=/tmp/table.png" alt=""></div></button></div>
      <div class="message-row user-row"><button data-testid="user" class="message user"><p>And this one? One sentence.</p></button></div>
      <div class="message-row bot-row"><button data-testid="bot" class="message bot"><p>A plate of dumplings on a wooden table.</p></button></div>
    </div></div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: 'A quiet street in the early morning. An old man rides a black bicycle. A red wooden door on the left.' });
    expect(found.map((c) => c.text)).not.toContain('What is in this photo? Describe it in detail.');
  });
});

describe('two answers side by side within one answer turn', () => {
  const arena = `<ol aria-label="Messages">
    <li data-role="user"><div data-testid="message-attachments"><img id="target" src="/uploads/stand.jpeg" alt="image.jpeg"></div><div class="bubble"><p>What is going on in this photo?</p></div></li>
    <li data-role="assistant-pair"><div class="battle">
      <section class="side" data-side="a"><div class="side-head"><h3>Assistant A</h3><button aria-label="Copy">⧉</button></div>
        <div class="prose"><p>Kids run a lemonade stand on a sidewalk; a dog lies under the table.</p></div></section>
      <section class="side" data-side="b"><div class="side-head"><h3>Assistant B</h3><button aria-label="Copy">⧉</button></div>
        <div class="prose"><p>Two children sell lemonade.</p><ul><li>Setup: a small wooden table.</li><li>Mood: bright afternoon light.</li></ul></div></section>
    </div><div class="vote" role="group"><button>Left is Better</button><button>Right is Better</button></div></li></ol>`;

  it('offers each, labelled by its heading, the first preselected', () => {
    const image = page(arena);
    // Side by side on screen: the two panes share a row (happy-dom lays nothing out).
    const [a, b] = Array.from(document.querySelectorAll('section'));
    a!.getBoundingClientRect = () => new DOMRect(0, 200, 380, 300);
    b!.getBoundingClientRect = () => new DOMRect(400, 200, 380, 300);
    const found = findCaptionCandidates(image, 10_000).filter((c) => c.source === 'answer');
    expect(found.map((c) => [c.label, c.text.replace(/\s+/g, ' ')])).toEqual([
      ['Assistant A', 'Kids run a lemonade stand on a sidewalk; a dog lies under the table.'],
      ['Assistant B', 'Two children sell lemonade. Setup: a small wooden table. Mood: bright afternoon light.'],
    ]);
    // The chooser preselects the first candidate that clears the bar: Assistant A's.
    expect(findCaptionCandidates(image, 10_000)[0]).toMatchObject({ source: 'answer', label: 'Assistant A', preselect: true });
    expect(answerPair(found)?.map((c) => c.label)).toEqual(['Assistant A', 'Assistant B']);
  });

  it('stacked one above the other, they stay one answer (a long answer with headed sections is not two)', () => {
    const image = page(arena);
    const [a, b] = Array.from(document.querySelectorAll('section'));
    a!.getBoundingClientRect = () => new DOMRect(0, 200, 780, 300);
    b!.getBoundingClientRect = () => new DOMRect(0, 520, 780, 300);
    expect(findCaptionCandidates(image, 10_000).filter((c) => c.source === 'answer')).toHaveLength(1);
  });
});

describe("a search chat's answer with its sources", () => {
  const thread = (rail = '') => `<main><div data-testid="thread-entry">
    <div class="query-row"><div data-testid="query-attachments"><img id="target" src="https://cdn.example/uploads/IMG_4471.jpeg" alt="IMG_4471.jpeg"></div>
      <div class="query"><h1>Quel oiseau est-ce, et que fait-il sur cette photo ?</h1></div></div>
    <div role="tablist"><button role="tab" aria-selected="true">Réponse</button><button role="tab">Sources · 3</button></div>
    <div class="body"><div>
      <div class="sources"><a class="source-card" href="https://www.oiseaux.net/heron.html"><div>oiseaux.net</div><div>Héron cendré - Fiche descriptive</div></a>
        <a class="source-card" href="#sources"><div>+1 source</div></a></div>
      <div class="prose"><p>Un héron cendré pêche à l'affût.<span class="citation"><a href="https://www.oiseaux.net/heron.html">oiseaux.net</a></span></p>
        <ul><li>Il se tient sur une seule patte dans l'eau peu profonde.</li></ul></div>
      <div class="actions"><button>Partager</button><span>Claude Sonnet 4.5 · 3 sources</span><button>Copier</button></div></div>${rail}</div></div>
    <div data-testid="thread-entry"><div class="query-row"><div class="query"><h1>Et à quelle période niche-t-il là-bas ?</h1></div></div>
      <div role="tablist"><button role="tab" aria-selected="true">Réponse</button></div>
      <div class="prose"><p>En Camargue, il niche surtout de février à juin, en colonies.</p></div></div></main>`;

  it('is offered without its source cards, citation chips and its model · sources line', () => {
    expect(offered(thread())[0]).toMatchObject({ preselect: true, text: "Un héron cendré pêche à l'affût. Il se tient sur une seule patte dans l'eau peu profonde." });
  });

  it('a web result in the image rail beside the answer gets no preselection', () => {
    const html = thread(`<aside aria-label="Images"><a href="https://commons.wikimedia.org/wiki/File:Heron.jpg"><img id="result" src="https://cdn.example/fetch/heron_web.jpg" alt=""></a></aside>`);
    page(html);
    const result = document.querySelector('img#result')!;
    expect(findCaptionCandidates(result, 10_000).some((c) => c.preselect)).toBe(false);
    // The upload beside it keeps its answer.
    expect(findCaptionCandidates(document.querySelector('img#target')!, 10_000)[0]).toMatchObject({ preselect: true });
  });
});

describe('source links', () => {
  it.each([
    ['<a href="https://www.oiseaux.net/x">oiseaux.net</a>', true],
    ['<a href="https://en.wikipedia.org/wiki/Heron">en.wikipedia.org Grey heron - Wikipedia</a>', true],
    ['<a href="#sources">+1 source</a>', true],
    ['<a href="https://example.org/heron">the grey heron</a>', false],
    ['<a href="/local/page">oiseaux.net</a>', false],
  ])('%s', (html, expected) => {
    document.body.innerHTML = html;
    expect(isSourceLink(document.querySelector('a')!)).toBe(expected);
  });

  it("a model's name with a count of sources is bookkeeping", () => {
    expect(isBookkeeping('Claude Sonnet 4.5 · 3 sources')).toBe(true);
    expect(isBookkeeping('GPT-4o · 5 Quellen')).toBe(true);
  });
});
