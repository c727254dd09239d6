// @vitest-environment happy-dom
// A shape met on held-out-10, written here in other words (cy) and markup: a docs page whose examples show the
// request's code, then each picture in a frame (with a credit line under it, or none), then what the model answered,
// after a label of a word or two: as a code block with its file name on a title bar, or in a note beside a hidden icon.
import { describe, expect, it } from 'vitest';
import { offered } from './caption-snippet';

const CODE = `<pre><code>resp = client.responses.create(model="vision-1", input=[{"type": "input_image", "image_url": URL}, "Disgrifia'r llun."])
print(resp.output_text)</code></pre>`;
const OUT_1 = "Mae castell carreg llwyd yn sefyll ar fryn uwchben afon lydan, gyda choed gwyrdd o'i gwmpas.";
const OUT_2 = "Mae tri chwch pysgota coch wedi eu tynnu i fyny ar draeth tywodlyd wrth i'r llanw droi.";

describe("a docs page's examples: the request's code, a picture in its frame, the output shown after it", () => {
  it("takes the output after its label past the picture's own credit line in its frame", () => {
    const found = offered(`<article><h2>Galw</h2><p>Anfonwch URL y llun gyda'ch cwestiwn:</p>${CODE}
      <h2>Enghraifft 1</h2>
      <div class="frame"><div><img id="target" src="/docs/images/castell.jpg" alt=""></div><div><p>Llun gan ein tîm yng Nghaernarfon</p></div></div>
      <p><strong>Allbwn:</strong></p><div class="block"><div><span>output.txt</span></div><pre><code>${OUT_1}</code></pre></div>
      <h2>Enghraifft 2</h2><div class="frame"><div><img src="/docs/images/cychod.jpg" alt=""></div></div></article>`);
    expect(found[0]).toMatchObject({ preselect: true, text: OUT_1 });
  });

  it("takes the output written after its label in a note under the picture, past the note's hidden icon", () => {
    const found = offered(`<article><h2>Galw</h2>${CODE}<h2>Enghraifft 2</h2><p>Yr un alwad, gyda llun arall:</p>
      <div class="frame"><div><img id="target" src="/docs/images/cychod.jpg" alt=""></div></div>
      <div class="note"><div aria-hidden="true">✓</div><div><p><strong>Ateb model:</strong> ${OUT_2}</p></div></div>
      <h2>Terfynau</h2><ul><li>Hyd at 5 llun ym mhob galwad.</li></ul></article>`);
    expect(found[0]).toMatchObject({ preselect: true, text: OUT_2 });
  });

  it("keeps the picture's own line when no labelled output follows it", () => {
    const found = offered(`<article>${CODE}<div class="frame"><div><img id="target" src="/docs/images/castell.jpg" alt=""></div><div><p>Castell Caernarfon o'r afon, 2024</p></div></div>
      <p>Gweler y cyfeirnod am fwy o ddewisiadau.</p></article>`);
    expect(found.map((c) => c.text)).not.toContain(OUT_1);
    expect(found.some((c) => c.text === "Castell Caernarfon o'r afon, 2024")).toBe(true);
  });
});
