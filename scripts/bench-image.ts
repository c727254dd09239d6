/**
 * Measures the image step end to end in headless Chromium with the built extension: a 12-megapixel
 * JPEG on a local page, the real context-menu entry point, and the local model server. For each run
 * it prints the time from the menu click to the verification request arriving at the server, and the
 * bytes uploaded; then the median, against the original file as base64 (what sending it unchanged costs).
 *
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx wxt build && \
 *   CAPTION_CHECK_OUT_DIR=.output-bench npx tsx scripts/bench-image.ts [--runs 7] [--grain 28]
 *
 * The clock is Node's on both sides (the server records Date.now() on arrival). The picture has
 * photo-like noise so the JPEG weighs what a camera file does (~3–5 MB), and is served cacheable,
 * as sites serve photos.
 */
import sharp from 'sharp';
import { startModelServer } from '../test/server/openai-server.ts';
import { clickMenu, configureEndpoint, currentWorker, grantActiveTab, launchWithExtension, tabIdOf } from '../test/browser/extension.ts';
import { htmlPage, startPageServer } from '../test/browser/page-server.ts';
import { finishedJob } from '../test/browser/run-check.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
// The photo's grain (noise sigma): 28 gives a ~5 MB camera-like file, lower values lighter files of the same 12 MP.
const grainArg = process.argv.indexOf('--grain');
const GRAIN = grainArg > 0 ? Number(process.argv[grainArg + 1]) : 28;
const WIDTH = 4000;
const HEIGHT = 3000;

async function photo(): Promise<Buffer> {
  // A gradient scene under grain: compresses like a photo, not like a flat test card.
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="1300" cy="1500" r="700" fill="#e9c46a"/>` +
      `<rect x="2300" y="800" width="1200" height="1600" fill="#264653"/></svg>`,
  );
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: GRAIN } } })
    .png()
    .toBuffer();
  return sharp(scene).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const original = await photo();
  const [ext, model, pages] = await Promise.all([launchWithExtension(), startModelServer(), startPageServer()]);
  try {
    pages.route('/photo.jpg', { type: 'image/jpeg', body: original, headers: { 'cache-control': 'max-age=3600' } });
    // One caption per run: the verdict cache answers a repeated (image, claims) pair without any request.
    for (let run = 0; run < RUNS; run++)
      pages.route(
        `/article-${run}.html`,
        htmlPage(`<figure><img id="photo" src="/photo.jpg" width="800" height="600" alt=""><figcaption id="cap">Run ${run + 1} shows two orange cats on a sofa.</figcaption></figure>`),
      );
    await configureEndpoint(ext, { baseUrl: model.baseUrl, apiKey: 'sk-test', model: 'test-vlm' });
    const times: number[] = [];
    const uploaded: number[] = [];
    const pagePath: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      model.reset();
      const page = await ext.context.newPage();
      await page.goto(`${pages.origin}/article-${run}.html`);
      await page.waitForFunction(() => (document.getElementById('photo') as HTMLImageElement).complete);
      // A selection is the caption, so no chooser waits for a person.
      await page.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById('cap')!);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      const tabId = await tabIdOf(ext, page);
      await grantActiveTab(ext, page);
      const clickedAt = Date.now();
      await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: page.url() });
      const deadline = Date.now() + 30_000;
      let request = model.requests.find((r) => r.image);
      while (!request && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        request = model.requests.find((r) => r.image);
      }
      if (!request?.image) throw new Error(`run ${run + 1}: no verification request arrived`);
      times.push(request.at - clickedAt);
      uploaded.push(JSON.stringify(request.body).length);
      console.log(
        `run ${run + 1}: ${request.at - clickedAt} ms, image ${request.image.width}×${request.image.height} ` +
          `${request.image.byteLength} B (request body ${JSON.stringify(request.body).length} B)`,
      );
      // The page path alone (inject the page script, read, decode, encode, return), for the breakdown,
      // once the check is over: measured beside it, it would share the page and worker with the check.
      await finishedJob(ext, tabId, undefined, 60_000);
      const worker = await currentWorker(ext);
      // A source string, not a function: tsx would wrap a function's inner functions in a helper the worker lacks.
      const pathMs = await worker.evaluate<number>(`(async () => {
        const target = { tabId: ${tabId}, frameIds: [0] };
        const start = performance.now();
        await chrome.scripting.executeScript({ target, files: ['/page.js'] });
        await chrome.scripting.executeScript({
          target,
          func: (url) => globalThis[Symbol.for('caption-check:page')].readImage(url, 1024),
          args: [${JSON.stringify(`${pages.origin}/photo.jpg`)}],
        });
        return performance.now() - start;
      })()`);
      pagePath.push(Math.round(pathMs));
      await page.close();
    }
    const originalBase64 = Math.ceil(original.byteLength / 3) * 4;
    console.log(`\noriginal: ${WIDTH}×${HEIGHT} JPEG, ${original.byteLength} B; as base64 ${originalBase64} B`);
    console.log(`menu click → request received: median ${median(times)} ms (min ${Math.min(...times)}, max ${Math.max(...times)}) over ${RUNS} runs`);
    console.log(`of which the page path alone (inject, read, decode, encode, return): median ${median(pagePath)} ms`);
    console.log(`bytes uploaded (whole request body): median ${median(uploaded)} B = ${((100 * median(uploaded)) / originalBase64).toFixed(1)}% of the original as base64`);
  } finally {
    await Promise.all([ext.close(), model.close(), pages.close()]);
  }
}

await main();
