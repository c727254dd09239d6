// The caption dialog on pages where a model's description of a picture is read (test/ai-surfaces/dev): one case
// per kind of surface, through the real menu path (right-click → "Check caption claims", nothing selected).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { captionMatches } from '../../scripts/caption-metrics';
import { waitForChooser, waitForChooserClosed, type ChooserView } from './chooser-driver';
import { clickMenu, grantActiveTab, tabIdOf } from './extension';
import { browserSuite } from './fixture';
import { dialogBox, gapBetween } from './on-screen';
import { makeJpeg } from './page-server';

const DEV = resolve(dirname(fileURLToPath(import.meta.url)), '../ai-surfaces/dev/pages');
/** The fifth held-out slice, read since it was measured once. */
const HELD_OUT_5 = resolve(dirname(fileURLToPath(import.meta.url)), '../ai-surfaces/held-out-5/pages');
/** The seventh held-out slice, read since it was measured once. */
const HELD_OUT_7 = resolve(dirname(fileURLToPath(import.meta.url)), '../ai-surfaces/held-out-7/pages');
const textOf = (candidate: string) => candidate.replace(/^[^:]*: /, '');

describe('the caption dialog where AI descriptions are read', () => {
  const suite = browserSuite({ endpoint: 'options', watchErrors: true, closePages: true });
  let photo: Buffer;

  beforeAll(async () => {
    photo = await makeJpeg(640, 480, { r: 90, g: 120, b: 150 });
    for (const name of ['help-widget-shadow-fi', 'chat-tailwind-da', 'chat-turns-en', 'demo-gradio-en', 'model-card-en', 'notebook-lab-en', 'results-table-en', 'arena-en', 'post-forum-de', 'demo-json-de', 'alt-generator-de', 'compare-columns-en', 'airtable-grid-de', 'composer-alt-es', 'blog-tutorial-it', 'gradio-gallery-pl', 'label-studio-fr', 'argilla-record-nl'])
      suite.pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: await readFile(resolve(DEV, `${name}.html`)) });
    for (const name of ['streamlit-opisanie-ru', 'jupyter-chu-thich-vi', 'bluesky-post-uk', 'gradio-chatbot-zh', 'arena-battle-en', 'perplexity-fil-fr'])
      suite.pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: await readFile(resolve(HELD_OUT_5, `${name}.html`)) });
    for (const name of ['x-grok-el', 'observable-kuvatekstit-fi'])
      suite.pages.route(`/${name}.html`, { type: 'text/html; charset=utf-8', body: await readFile(resolve(HELD_OUT_7, `${name}.html`)) });
  });

  /** Opens a page (every picture on it served as one local photo) and right-clicks → checks the image whose src holds `piece`. */
  async function checkImage(path: string, piece: string, beforeClick?: (page: Page) => Promise<void>): Promise<{ page: Page; view: ChooserView }> {
    const page = await suite.ext.context.newPage();
    await page.route(
      (url) => !url.href.startsWith(suite.pages.origin) || /\.(?:jpe?g|png)$|content\?id=|file=/.test(url.pathname + url.search),
      (route) => (route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/jpeg', body: photo }) : route.abort()),
    );
    await page.goto(`${suite.pages.origin}${path}`);
    // Pictures in open shadow roots too (a chat widget drawn as a web component).
    const srcUrl = await page.evaluate((p) => {
      const all = [...Array.from(document.images), ...Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : []))];
      const img = p.startsWith('#') ? document.querySelector<HTMLImageElement>(`img${p}`) : all.find((i) => i.getAttribute('src')?.includes(p));
      img?.scrollIntoView({ block: 'center' });
      return img?.currentSrc || img?.src || '';
    }, piece);
    expect(srcUrl).not.toBe('');
    await page.waitForFunction(
      (src) => [...Array.from(document.images), ...Array.from(document.querySelectorAll('*')).flatMap((h) => (h.shadowRoot ? Array.from(h.shadowRoot.querySelectorAll('img')) : []))].some((i) => (i.currentSrc || i.src) === src && i.complete),
      srcUrl,
    );
    const tabId = await tabIdOf(suite.ext, page);
    await grantActiveTab(suite.ext, page);
    await beforeClick?.(page);
    await clickMenu(suite.ext, tabId, { menuItemId: 'check-image', srcUrl, pageUrl: page.url() });
    return { page, view: await waitForChooser(page) };
  }

  it('a chat: the whole answer preselected as "Answer"; the request is never offered, and never reaches the model', async () => {
    suite.model.reset();
    const { page, view } = await checkImage('/chat-turns-en.html', 'file-7Hq2KitchenShelf');
    expect(view.candidates[0]).toMatch(/^Answer: Here is a detailed description of the image:/);
    expect(captionMatches(view.caption, textOf(view.candidates[0] ?? ''))).toBe(true);
    expect(view.caption).toContain('Overall, the scene feels tidy and bright');
    expect(view.candidates.some((c) => /Describe this image in detail/.test(c))).toBe(false);
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);
    await expect.poll(() => suite.model.requests.filter((r) => r.image && r.status !== null).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const claims = suite.model.requests.filter((r) => r.image).flatMap((r) => r.claims);
    expect(claims.join(' ')).toContain('glass jars');
    expect(claims.some((c) => /describe this image/i.test(c))).toBe(false);
  });

  it('a demo app: the output box after the input image, not the prompt box', async () => {
    const { view } = await checkImage('/demo-gradio-en.html', 'harbour-crane');
    expect(view.caption).toBe('a large blue crane lifts a red shipping container off a cargo ship in a harbour at dusk, with stacks of containers on the quay');
    expect(view.candidates.some((c) => textOf(c) === 'Describe the image.')).toBe(false);
  });

  it("a demo's JSON output: the field that describes the picture, under its key; the raw JSON offered once, never preselected", async () => {
    const { view } = await checkImage('/demo-json-de.html', 'bahnhof.jpg');
    const caption = 'Ein roter Regionalzug steht an einem Bahnsteig mit Überdachung, auf dem zwei Reisende mit Koffern warten.';
    expect(view.caption).toBe(caption);
    expect(view.candidates[0]).toBe(`generated_text: ${caption}`);
    expect(view.candidates.filter((c) => c.includes('generated_text: "'))).toHaveLength(1);
  });

  it('a model card: the quote after "Output:", never the usage code', async () => {
    const { view } = await checkImage('/model-card-en.html', 'examples/tram.jpg');
    expect(view.caption).toBe('a yellow tram drives down a narrow cobbled street lined with old houses and shop signs');
    expect(view.candidates.some((c) => /from_pretrained|import /.test(c))).toBe(false);
  });

  it("a notebook: the printed caption after a data: image output, without Out[n] or the repr's quotes", async () => {
    const { view } = await checkImage('/notebook-lab-en.html', '#nb-val-731');
    expect(view.caption).toBe('two sheep graze on a green hillside behind a dry stone wall under a cloudy sky');
  });

  it("a demo's model · time · tokens line under its answer is never offered; the answer after its heading is preselected", async () => {
    const { view } = await checkImage('/streamlit-opisanie-ru.html', 'a91f3c7e20d84b5c6e1f0a2b3c4d5e6f');
    expect(view.caption).toMatch(/^На фотографии деревянная дача с зелёной крышей/);
    expect(view.candidates.join('\n')).not.toContain('токен на выходе');
  });

  it("an nbconvert notebook: the next cell's print past its stderr warning, never the boilerplate alt", async () => {
    const { view } = await checkImage('/jupyter-chu-thich-vi.html', 'sQ2AIBQGYXehoaa2Zg03oGYm');
    expect(view.caption).toMatch(/^Một chiếc ghe gỗ chở đầy dưa hấu/);
    expect(view.candidates.join('\n')).not.toMatch(/No description has been provided|pad_token_id/);
  });

  it("an nbconvert notebook: a print's own label and its word count are not part of the caption", async () => {
    const { view } = await checkImage('/jupyter-chu-thich-vi.html', 'qw1CURRE0amJItBHU8QpAh6f');
    expect(view.caption).toBe('Một bến đò nhỏ bằng gỗ lúc bình minh, mặt sông phẳng lặng phản chiếu bầu trời màu cam. Bên cạnh bến có hai chiếc xuồng buộc vào cọc, không thấy người nào.');
  });

  it("a post that says a neural network described the picture: its «quote» first, the short alt after it, the ALT badge never", async () => {
    const { view } = await checkImage('/bluesky-post-uk.html', 'bafkreiav2m7q9t4x1k8z3p6w0j5r2n9c4e7b1s8d3f6h0u5y2i9o4l7a1');
    expect(view.candidates[0]).toMatch(/^Quoted description: На фото гірська стежка/);
    expect(view.candidates.map(textOf)).not.toContain('ALT');
  });

  it('a chat whose messages are buttons: a picture sent alone is answered by the bot message after the question sent after it', async () => {
    const { view } = await checkImage('/gradio-chatbot-zh.html', 'hutong_morning.jpg');
    expect(view.candidates[0]).toMatch(/^Answer: 这是一张清晨胡同里的照片。/);
    expect(view.caption).toMatch(/^这是一张清晨胡同里的照片。\n前景：.*\n整体色调偏冷，光线很柔和，看不到汽车或现代招牌。$/s);
    expect(view.candidates.some((c) => c.includes('请详细描述一下'))).toBe(false);
  });

  it('a chat whose messages are buttons: the second picture sent alone gets the answer after its own question', async () => {
    const { view } = await checkImage('/gradio-chatbot-zh.html', 'jiaozi_table.png');
    expect(view.caption).toBe('木桌上摆着一盘刚出锅的饺子，旁边有一小碟醋和一双竹筷子，热气还在往上冒。');
  });

  it('an arena turn holding two answers side by side: each offered under its heading, the first preselected, "Check both" offered', async () => {
    const { view } = await checkImage('/arena-battle-en.html', '0f6c2e91-7d48-4a1b-b3e5-9c2d8a7f1e04');
    expect(view.candidates[0]).toMatch(/^Assistant A: A group of kids is running a lemonade stand/);
    expect(view.candidates[1]).toMatch(/^Assistant B: This looks like a summer lemonade stand/);
    expect(view.caption).toMatch(/^A group of kids is running a lemonade stand on a suburban sidewalk\..*handing one of the kids a coin\.$/);
    expect(view.buttons).toContain('Check both');
  });

  it('a search thread: the answer without its source cards, citation chips and model · sources line', async () => {
    const { view } = await checkImage('/perplexity-fil-fr.html', 'kqTmWbZpXcNrLdEa/IMG_4471.jpeg');
    expect(view.caption).toMatch(/^Sur votre photo, il s'agit très probablement d'un héron cendré \(Ardea cinerea\) en train de pêcher à l'affût\.\n/);
    expect(view.caption).toMatch(/avant de détendre brusquement le cou\.$/);
    expect(view.caption).not.toMatch(/oiseaux\.net|parc-camargue|\+1 source|3 sources/);
  });

  it('a search thread: a web image result in the rail beside the answer gets no preselection', async () => {
    const { view } = await checkImage('/perplexity-fil-fr.html', 'heron_camargue_web.jpg');
    expect(view.caption).toBe('');
  });

  it("a results table: each model's cell of the picture's row, labelled by its column header", async () => {
    const { view } = await checkImage('/results-table-en.html', 'qual/q2');
    expect(view.candidates.slice(0, 3)).toEqual([
      'Ours: Three green apples and a knife lie on a wooden cutting board.',
      'BLIP-2: apples on a cutting board next to a bowl of oranges',
      'LLaVA-1.5: The image shows three green apples on a wooden cutting board with a kitchen knife placed beside them.',
    ]);
    expect(view.caption).toBe('Three green apples and a knife lie on a wooden cutting board.');
    // The rows above and below are other pictures' captions: not offered at all, not even as nearby text.
    expect(view.candidates.some((c) => /woman|bicycle/i.test(c))).toBe(false);
  });

  it("a comparison with the pictures in its head row: each model's cell of the picture's column, labelled by its row header", async () => {
    const { view } = await checkImage('/compare-columns-en.html', 'qual/val_0457');
    expect(view.candidates.slice(0, 3)).toEqual([
      'BLIP-2: a kitchen with a stove and a sink in it',
      'LLaVA-1.5: A small kitchen with white cabinets, a gas stove and a microwave above the sink.',
      'LumenCap (ours): A small kitchen with white cabinets, a gas stove and a window above the sink.',
    ]);
    expect(view.caption).toBe('a kitchen with a stove and a sink in it');
    expect(view.candidates.some((c) => /dog/i.test(c))).toBe(false);
  });

  it("a no-code base's grid of plain divs: the picture's row, the column headed as the picture's description first", async () => {
    const { view } = await checkImage('/airtable-grid-de.html', 'lotta-sessel');
    expect(view.candidates[0]).toBe('Bildbeschreibung (KI): Ein senfgelber Cordsessel mit runden Armlehnen steht auf einem hellen Holzboden, daneben liegt ein gefalteter karierter Plaid.');
    expect(view.caption).toBe('Ein senfgelber Cordsessel mit runden Armlehnen steht auf einem hellen Holzboden, daneben liegt ein gefalteter karierter Plaid.');
    // The other rows are other pictures' descriptions: not offered at all.
    expect(view.candidates.some((c) => /Stehleuchte|Beistelltisch|Leseabende/.test(c))).toBe(false);
  });

  it("a composer's alt-text dialog: the AI-written alt box is preselected, not the form's label and help line", async () => {
    const { view } = await checkImage('/composer-alt-es.html', 'escaparate-otono.jpg?w=1200');
    expect(view.caption).toMatch(/^Escaparate de una librería con libros apilados/);
    expect(view.candidates.some((c) => /lectores de pantalla|Generado con IA|novedades de otoño! /.test(c))).toBe(false);
  });

  it("a blog tutorial: the quote after the lead-in naming the model; the lead-in and the author's credit never offered", async () => {
    const { view } = await checkImage('/blog-tutorial-it.html', 'mercato-ballaro');
    expect(view.caption).toMatch(/^Un banco di mercato all'aperto pieno di cassette di arance e limoni/);
    expect(view.candidates.some((c) => /Ecco che cosa ha risposto il modello|Foto dell'autrice/.test(c))).toBe(false);
  });

  it("a demo's gallery of captioned thumbnails drawn as buttons: each thumbnail's own caption, not its neighbours'", async () => {
    const { view } = await checkImage('/gradio-gallery-pl.html', 'krakow_sukiennice');
    expect(view.caption).toBe('Renesansowy budynek z arkadami na dużym rynku, przed nim stoją dorożki zaprzężone w białe konie.');
    expect(view.candidates.some((c) => /jezioro|Ceglana/.test(c))).toBe(false);
  });

  it("a labelling tool: the suggested caption under the heading that names it; the annotator's instruction never preselected", async () => {
    const { view } = await checkImage('/label-studio-fr.html', '#lsf-image-1042');
    expect(view.caption).toMatch(/^Une péniche rouge est amarrée le long d'un quai en pierre/);
    expect(view.caption).not.toMatch(/Vérifiez|Ajouter|Prédiction/);
  });

  it("an annotation record: the model's field, not the prompt field; the correction box repeating it is no prompt", async () => {
    const { view } = await checkImage('/argilla-record-nl.html', 'SK-A-2344');
    expect(view.caption).toMatch(/^Een stilleven met een zilveren schaal vol druiven/);
    // The prompt field's request is never preselected (it is still offered as nearby text: a Dutch request is not listed).
    expect(view.candidates[0]).not.toMatch(/Beschrijf dit schilderij/);
  });

  it('an arena: both answers to the one picture, labelled Model A and Model B; the shared prompt is not offered', async () => {
    const { view } = await checkImage('/arena-en.html', 'arena/5d21');
    expect(view.candidates[0]).toMatch(/^Model A: The image shows a street food stall at night\./);
    expect(view.candidates[1]).toMatch(/^Model B: A night market scene:/);
    expect(view.caption).toMatch(/^The image shows a street food stall at night\./);
    expect(view.candidates.some((c) => textOf(c) === 'Describe this image.')).toBe(false);
    // A bullet of Model A's answer is not offered again on its own as nearby text.
    expect(view.candidates.some((c) => c.startsWith('Nearby text: A cook in a white apron'))).toBe(false);
  });

  it("a post quoting an AI's description: the quote first, the whole post second", async () => {
    const { view } = await checkImage('/post-forum-de.html', 'sommerfest_2');
    expect(view.candidates[0]).toMatch(/^Quoted description: Eine Blaskapelle in dunkelblauen Uniformen/);
    expect(view.candidates[1]).toMatch(/^Whole post: Hallo zusammen,/);
    expect(view.candidates[1]).not.toContain('412 KB');
  });

  it("a thread where a reply asks an AI account about the photo: that account's reply is the answer, the asking reply never offered", async () => {
    const { view } = await checkImage('/x-grok-el.html', 'GdXk2pWaIAAq7Zr');
    expect(view.candidates[0]).toMatch(/^Answer: Η ασπρόμαυρη φωτογραφία δείχνει ένα μικρό λιμάνι/);
    expect(view.caption).toMatch(/^Η ασπρόμαυρη φωτογραφία[\s\S]*δεκαετίες του '50 ή του '60\.$/);
    expect(view.candidates.some((c) => /τι δείχνει αυτή η φωτογραφία/.test(c))).toBe(false);
  });

  it("a notebook that shows each cell's output above its code: the next cell's named string value, without its name and quotes", async () => {
    const { view } = await checkImage('/observable-kuvatekstit-fi.html', 'sauna-talvella.jpg');
    expect(view.caption).toBe('Pieni puusauna lumisessa kuusimetsässä. Savupiipusta nousee savua, ja ainoasta ikkunasta loistaa keltaista valoa. Oven eteen on tallattu polku, ja portailla on kaksi paria saappaita.');
  });

  it("an alt-text generator's editable alt box beside the picture is its description; the file's title and the status line are not", async () => {
    const { view } = await checkImage('/alt-generator-de.html', 'IMG_4821-1024x768');
    expect(view.caption).toBe('Drei Kinder sitzen auf einer Holzbank am Seeufer und essen Eis. Im Hintergrund liegen zwei Ruderboote an einem Holzsteg.');
    expect(view.candidates.some((c) => textOf(c) === 'IMG_4821' || /Von KI erzeugt/.test(c))).toBe(false);
  });

  it('an answer still being written: the dialog opens with the whole answer once it stops changing', async () => {
    suite.pages.route('/streaming.html', {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat</title></head><body>
<div data-message-author-role="user"><img src="/upload.jpg" width="320" height="240" alt="Uploaded image"><p>Describe this image.</p></div>
<div data-message-author-role="assistant" data-is-streaming="true"><div class="markdown"><p id="out">A red boat</p></div></div>
<script>
const words = ' lies on a pebble beach beside a blue rowing boat, with two gulls on its bow.'.split(' ');
window.startStream = () => {
  let i = 1;
  const timer = setInterval(() => {
    document.getElementById('out').textContent += ' ' + words[i++];
    if (i >= words.length) { clearInterval(timer); document.querySelector('[data-is-streaming]').setAttribute('data-is-streaming', 'false'); }
  }, 150);
};
</script></body></html>`,
    });
    // The model starts writing as the user right-clicks: the dialog must not take the first words.
    const { view } = await checkImage('/streaming.html', 'upload.jpg', (page) => page.evaluate(() => (window as unknown as { startStream: () => void }).startStream()));
    expect(view.caption).toBe('A red boat lies on a pebble beach beside a blue rowing boat, with two gulls on its bow.');
  });

  it("a chat told apart only by its layout: the next turn on the model's side is the answer, the request beside the upload never offered", async () => {
    const { view } = await checkImage('/chat-tailwind-da.html', 'IMG_4502');
    expect(view.candidates[0]).toMatch(/^Answer: Billedet viser Rundetårn set fra gaden/);
    expect(view.caption).toContain('cyklister forbi på brostenene');
    expect(view.candidates.some((c) => /bare to sætninger/.test(c))).toBe(false);
  });

  it("a chat widget in a web component's shadow root: its answer preselected, the request never offered, the dialog by the picture", async () => {
    const { page, view } = await checkImage('/help-widget-shadow-fi.html', 'IMG_20261204_0931');
    expect(view.candidates[0]).toMatch(/^Answer: Kuvassa näkyy valkoinen reititin puisella hyllyllä/);
    expect(view.candidates.some((c) => /En tiedä onko yhteys kunnossa/.test(c))).toBe(false);
    const picture = await page.evaluate(() => {
      const r = document.querySelector('help-widget')!.shadowRoot!.querySelector('img[src*="IMG_20261204_0931"]')!.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    });
    await expect.poll(async () => ((box) => (box ? gapBetween(box, picture) : Infinity))(await dialogBox(page))).toBeLessThanOrEqual(64);
  });

  it('a demo whose read-only output box, labelled only "Textbox", sits in another column far from the nested input picture', async () => {
    const nested = (depth: number, inner: string) => '<div class="wrap">'.repeat(depth) + inner + '</div>'.repeat(depth);
    suite.pages.route('/deep-demo.html', {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Captioner</title><style>.row{display:flex;gap:16px}.col{flex:1}</style></head><body><div class="app">
        <p>Drop a picture and press Run: the model writes one sentence about it.</p><div class="row">
        <div class="col">${nested(6, '<img src="deep-demo/upload.png" alt="" width="320" height="240">')}<label>Prompt<textarea>Describe the picture.</textarea></label><button>Run</button></div>
        <div class="col"><div class="block"><div class="box"><label><span>Textbox</span><textarea readonly>an orange cat sleeps on a windowsill in the afternoon sun</textarea></label></div></div></div>
        </div></div></body></html>`,
    });
    const { view } = await checkImage('/deep-demo.html', 'deep-demo/upload.png');
    expect(view.caption).toBe('an orange cat sleeps on a windowsill in the afternoon sun');
  });
});
