// @vitest-environment happy-dom
// Shapes met on held-out-9, each written here in other words and markup: an editor's image tray that shows a thumbnail
// of the picture it edits, and a small pill ("AI generated") whose test id or class holds a side's word.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { offered, page } from './caption-snippet';

describe('an image tray opened for the selected picture, showing its thumbnail and a pill', () => {
  const ALT = 'A red tram crosses a stone bridge over a wide river under a grey sky.';
  const html = `<div contenteditable="true"><p>Transport in the old town.</p>
      <p><img id="target" src="/f/101/view" width="400" height="260" alt="" data-editor-selected="1"></p><p>Later routes.</p>
      <p><img id="other" src="/f/102/view" width="400" height="260" alt=""></p></div>
    <div class="tray" role="dialog" aria-label="Picture settings" style="position:fixed"><h2>Picture settings</h2>
      <div><img class="thumb" src="/f/101/thumb" width="60" height="60" alt=""><span>tram-bridge.jpg</span></div>
      <label for="alt-box">Alt text</label><textarea id="alt-box">${ALT}</textarea>
      <button>Write again</button><span class="pill" data-testid="ai-text-badge">Made by AI</span></div>`;
  const laidOut = () => {
    const target = page(html);
    target.getBoundingClientRect = () => new DOMRect(100, 100, 400, 260);
    document.getElementById('other')!.getBoundingClientRect = () => new DOMRect(100, 420, 400, 260);
    document.querySelector('.thumb')!.getBoundingClientRect = () => new DOMRect(900, 60, 60, 60);
    document.querySelector('.tray')!.getBoundingClientRect = () => new DOMRect(880, 0, 320, 800);
    return target;
  };

  it('gives the alt-text box to the selected picture, preselected; the pill is no answer', () => {
    const found = findCaptionCandidates(laidOut(), 10_000);
    expect(found[0]).toMatchObject({ preselect: true, text: ALT });
    expect(found.map((c) => c.text)).not.toContain('Made by AI');
  });

  it('gives the other picture neither the box nor the pill', () => {
    laidOut();
    const texts = findCaptionCandidates(document.getElementById('other')!, 10_000).map((c) => c.text);
    expect(texts).not.toContain(ALT);
    expect(texts).not.toContain('Made by AI');
  });
});

describe("a picture in a model's turn whose file is named an avatar", () => {
  it("is the model's mark: the answer beside it is offered, not preselected", () => {
    const ANSWER = 'The photo shows a lighthouse on a rocky point with waves breaking below it.';
    const target = page(`<div data-message-role="user"><img src="/up/7f3a9" width="300" height="200" alt=""><p>Describe this photo.</p></div>
      <div data-message-role="assistant"><img id="target" src="/api/teams/acme/avatar.png" alt=""><div><p>${ANSWER}</p></div></div>`);
    target.getBoundingClientRect = () => new DOMRect(0, 300, 320, 320); // shown large where the page's style sheet is missing
    const found = findCaptionCandidates(target, 10_000);
    expect(found.map((c) => c.text)).toContain(ANSWER);
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });
});

describe("an example's picture in a readme, then a one-word label and a fenced block", () => {
  const OUT = 'A tall grey church tower rises above low houses while a few people cross the square in front of it.';
  const readme = (label: string) => `<h1>vision-model</h1><p>Describes pictures.</p>
    <pre><code>vision-run "Say what this picture shows: ./church.jpg"</code></pre>
    <h3>Sample 1</h3><p><img id="target" src="/raw/church.jpg" alt="church.jpg"></p><p>${label}</p><pre><code>${OUT}</code></pre>`;

  it('labels what the example printed, in a language no list names', () => {
    expect(offered(readme('Tulemus:'))[0]).toMatchObject({ preselect: true, text: OUT });
  });

  it("but not after a prompt's label", () => {
    expect(offered(readme('Prompt:')).filter((c) => c.preselect)).toEqual([]);
  });
});

describe('answers side by side in panes named only by their aria-label', () => {
  it('are each labelled by their pane', () => {
    const pane = (name: string, text: string, i: number) => `<section class="col" aria-label="${name}"><div class="head"><button role="combobox">${name}</button></div>
      <div data-role="user"><img ${i ? '' : 'id="target" '}src="/att/bridge.jpg" width="300" height="200" alt=""><div>Describe this photo.</div></div>
      <div data-role="assistant"><p>${text}</p></div></section>`;
    const texts = ['A stone bridge with three arches crosses a calm river.', 'An old bridge over a river at sunset, trees on both banks.'];
    page(`<div class="cols">${pane('acme/vision-large', texts[0]!, 0)}${pane('other/vl-mini', texts[1]!, 1)}</div>`);
    document.querySelectorAll('section').forEach((s, i) => (s.getBoundingClientRect = () => new DOMRect(i * 400, 0, 380, 600)));
    document.querySelectorAll('[data-role="assistant"]').forEach((a, i) => (a.getBoundingClientRect = () => new DOMRect(i * 400 + 10, 300, 360, 100)));
    const answers = findCaptionCandidates(document.getElementById('target')!, 10_000).filter((c) => c.source === 'answer');
    expect(answers.map((c) => [c.label, c.text])).toEqual([
      ['acme/vision-large', texts[0]],
      ['other/vl-mini', texts[1]],
    ]);
  });
});

describe("a model's terse output in a results table", () => {
  it('is offered with the other columns when its column reads as captions on other rows', () => {
    const row = (n: number, a: string, b: string) => `<tr><td><img ${n === 2 ? 'id="target" ' : ''}src="/eval/${n}.jpg" width="160" height="120"></td><td>${a}</td><td>${b}</td></tr>`;
    const html = `<table><thead><tr><th>image</th><th>run-alpha</th><th>run-beta</th></tr></thead><tbody>
      ${row(1, 'A fishing boat is tied to a wooden pier at dawn.', 'Small boat moored beside an old pier in the mist.')}
      ${row(2, 'A red bus waits at a stop beside a bakery.', 'Bus on street.')}</tbody></table>`;
    const found = offered(html);
    expect(found[0]).toMatchObject({ label: 'run-alpha', preselect: true });
    expect(found.find((c) => c.label === 'run-beta')?.text).toBe('Bus on street.');
  });

  it('but a short cell of a column that is short on most rows (dates, names) is not', () => {
    const row = (n: number, who: string, when: string, what: string) => `<tr><td>${who}</td><td>${when}</td><td>${what}${n === 2 ? '<img id="target" src="/w/spell.jpg" width="240" height="100">' : ''}</td></tr>`;
    const html = `<table><thead><tr><th>Who</th><th>Date</th><th>Notes</th></tr></thead><tbody>
      ${row(1, 'Ann Lee', '3 May, 1990', 'Put out a small fire in the kitchen with a bucket of water.')}${row(2, 'Bo Chen', '9 June, 1991', '')}
      ${row(3, 'Cy Diaz', '1 July, 1992', 'Used it to stop the sparks from the old stove reaching the roof.')}</tbody></table>`;
    expect(offered(html).map((c) => c.text)).not.toContain('9 June, 1991');
  });
});

describe('a chat whose own bubbles are told apart only by being laid out at the far side', () => {
  it('answers both pictures sent in one message with the next message', () => {
    const ANSWER = 'The first photo shows a dune with a boardwalk; the second a narrow street with a church tower at its end.';
    const html = `<div class="chat-list">
      <div class="ChatMessage_msg__a1" style="display:flex;justify-content:flex-end"><div><img id="target" src="/up/9f1" width="300" height="200" alt="dune.jpg">
        <img src="/up/7c2" width="300" height="200" alt="street.jpg"></div><div class="bubble-x">Kannst du beide kurz beschreiben?</div></div>
      <div class="ChatMessage_msg__a1" style="display:flex"><div class="bubble-y"><p>${ANSWER}</p></div></div></div>`;
    expect(offered(html)[0]).toMatchObject({ text: ANSWER, preselect: true });
  });
});
