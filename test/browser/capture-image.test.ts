// Which pixels reach the model, for every kind of image a page can show: each case is one local page,
// driven through the real menu entry point, and judged by the image the local model server received
// (size and colour) and by the path the job records (page, fetch, screenshot).
import type { Frame, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkJobSchema, type CheckJob } from '@/lib/job-record';
import { MAX_UPLOAD_BYTES } from '@/lib/image/encode';
import type { ModelServer } from '../server/openai-server';
import { clickMenu, currentWorker, grantActiveTab, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { expectColor, frameIdOf, receivedColor, type Rgb } from './received-image';

const CAPTION = '<p id="cap">Two orange cats sit on a sofa.</p>';
const RED = { r: 220, g: 30, b: 30 };
const GREEN = { r: 30, g: 180, b: 60 };
const BLUE = { r: 30, g: 60, b: 220 };
const YELLOW = { r: 240, g: 220, b: 20 };
const PURPLE = { r: 130, g: 40, b: 170 };
const CYAN = { r: 20, g: 200, b: 210 };
const MAGENTA = { r: 230, g: 30, b: 200 };
const ORANGE = { r: 250, g: 140, b: 20 };
const BROWN = { r: 120, g: 70, b: 30 };
const TEAL = { r: 0, g: 128, b: 128 };
const GRAY = { r: 128, g: 128, b: 128 };

/**
 * A phone's portrait photo: shown upright (1200×1600) its top half is red and its bottom half blue, but
 * it is stored sideways (1600×1200) with the EXIF orientation that turns it upright (6 or 8).
 */
async function sidewaysPortrait(orientation: 6 | 8): Promise<Buffer> {
  const rgb = (c: Rgb) => `rgb(${c.r},${c.g},${c.b})`;
  const upright = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><rect width="1200" height="800" fill="${rgb(RED)}"/>` +
      `<rect y="800" width="1200" height="800" fill="${rgb(BLUE)}"/></svg>`,
  );
  // Orientation 6 is "turn 90° clockwise to show": stored turned the other way. 8 is the reverse.
  return sharp(upright).rotate(orientation === 6 ? 270 : 90).withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer();
}

/** The mean colours of the top and the bottom quarter of the image in a recorded chat request, as stored (no EXIF turning). */
async function receivedTopAndBottom(body: unknown): Promise<{ top: Rgb; bottom: Rgb }> {
  const url = /"url":"(data:image\/[a-z]+;base64,[^"]+)"/.exec(JSON.stringify(body))?.[1];
  if (!url) throw new Error('no image in the request');
  const bytes = Buffer.from(url.split(',')[1]!, 'base64');
  const { width, height } = await sharp(bytes).metadata();
  const quarter = Math.floor(height / 4);
  const mean = async (top: number) => {
    // stats() reads its input, not the pipeline's output: extract the strip to its own image first.
    const strip = await sharp(bytes).extract({ left: 0, top, width, height: quarter }).png().toBuffer();
    const { channels } = await sharp(strip).stats();
    return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
  };
  return { top: await mean(0), bottom: await mean(height - quarter) };
}

interface Outcome {
  job: CheckJob;
  image: { width: number; height: number; mimeType: string; byteLength: number; color: Rgb } | null;
  /** The recorded chat request that carried the image. */
  body: unknown;
}

describe('the image that reaches the model, from any kind of image', () => {
  const suite = browserSuite({ endpoint: 'options' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;
  /** Another origin (127.0.0.1 instead of localhost): its images are cross-origin for the pages. */
  let other: PageServer;
  let otherOrigin: string;

  beforeAll(async () => {
    ({ ext, model, pages, other } = suite);
    otherOrigin = other.origin.replace('localhost', '127.0.0.1');
    const twoFrames = await sharp(
      [await makeSolid(300, 200, RED, 'png'), await makeSolid(300, 200, BLUE, 'png')],
      { join: { animated: true } },
    )
      .gif({ delay: [300, 300], loop: 0 })
      .toBuffer();
    const fixtures: [string, Buffer, string][] = [
      ['/red.jpg', await makeSolid(1600, 1200, RED), 'image/jpeg'],
      ['/wide-green.jpg', await makeSolid(1200, 600, GREEN), 'image/jpeg'],
      ['/fallback-gray.jpg', await makeSolid(600, 600, GRAY), 'image/jpeg'],
      ['/lazy-placeholder.png', await makeSolid(40, 30, GRAY, 'png'), 'image/png'],
      ['/blue.png', await makeSolid(500, 250, BLUE, 'png'), 'image/png'],
      ['/purple-bg.jpg', await makeSolid(800, 400, PURPLE), 'image/jpeg'],
      ['/spacer.gif', await sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).gif().toBuffer(), 'image/gif'],
      ['/cyan.jpg', await makeSolid(640, 480, CYAN), 'image/jpeg'],
      ['/magenta.jpg', await makeSolid(480, 640, MAGENTA), 'image/jpeg'],
      ['/two-frames.gif', twoFrames, 'image/gif'],
      ['/huge.png', await makeSolid(7000, 7000, TEAL, 'png'), 'image/png'],
      ['/pixel.gif', await sharp({ create: { width: 1, height: 1, channels: 3, background: GRAY } }).gif().toBuffer(), 'image/gif'],
      ['/portrait-6.jpg', await sidewaysPortrait(6), 'image/jpeg'],
      ['/portrait-8.jpg', await sidewaysPortrait(8), 'image/jpeg'],
    ];
    for (const [path, body, type] of fixtures) pages.route(path, { body, type });
    pages.route('/lazy-brown.jpg', { body: await makeSolid(900, 300, BROWN), type: 'image/jpeg', delayMs: 400 });
    pages.route('/shape.svg', {
      type: 'image/svg+xml',
      body: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="rgb(${TEAL.r},${TEAL.g},${TEAL.b})"/></svg>`,
    });
    other.route('/cors-yellow.jpg', { body: await makeSolid(700, 350, YELLOW), type: 'image/jpeg', headers: { 'access-control-allow-origin': '*' } });
    other.route('/orange.jpg', { body: await makeSolid(1000, 750, ORANGE), type: 'image/jpeg' });
  });

  /** Opens a page, selects the caption in `frameOf(page)`, chooses the menu item, and waits for the check to end. */
  async function check(
    path: string,
    srcUrl: (page: Page) => Promise<string> | string,
    options: { frame?: (page: Page) => Frame; before?: (page: Page, tabId: number) => Promise<void> } = {},
  ): Promise<Outcome> {
    model.reset();
    const page = await ext.context.newPage();
    try {
      await page.goto(`${pages.origin}${path}`);
      await page.waitForLoadState('load');
      const frame = options.frame?.(page) ?? page.mainFrame();
      await frame.evaluate(() => {
        const range = document.createRange();
        range.selectNodeContents(document.getElementById('cap')!);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
      const tabId = await tabIdOf(ext, page);
      await grantActiveTab(ext, page);
      await options.before?.(page, tabId);
      const frameId = frame === page.mainFrame() ? 0 : await frameIdOf(ext, tabId, frame.url());
      await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: await srcUrl(page), pageUrl: page.url(), frameId, ...(frameId ? { frameUrl: frame.url() } : {}) });
      const job = await finishedJob(tabId);
      const request = model.requests.find((r) => r.image);
      return { job, image: request?.image ? { ...request.image, color: await receivedColor(request.body) } : null, body: request?.body };
    } finally {
      await page.close();
    }
  }

  async function finishedJob(tabId: number): Promise<CheckJob> {
    let job: CheckJob | null = null;
    const read = async () => {
      const worker = await currentWorker(ext);
      const raw = await worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key], `check:${tabId}`);
      const parsed = checkJobSchema.safeParse(raw);
      job = parsed.success && parsed.data.status !== 'running' ? parsed.data : null;
      return job !== null;
    };
    await expect.poll(read, { timeout: 30_000, message: 'the check did not finish' }).toBe(true);
    return job!;
  }

  const done = (outcome: Outcome) => {
    expect(outcome.job.error).toBeNull();
    expect(outcome.job.status).toBe('done');
    return outcome.image!;
  };

  it('figure/img: the page reads the original and downsizes it, at the scale the decoder took (not drawn up to 1024 px)', async () => {
    pages.route('/figure.html', htmlPage(`<figure><img id="photo" src="/red.jpg" width="400" height="300" alt=""><figcaption>x</figcaption></figure>${CAPTION}`));
    const outcome = await check('/figure.html', () => `${pages.origin}/red.jpg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    // 1600×1200 decoded at 5/8 of its size, the largest eighth within 1024 px: sent as decoded, not resampled to 1024×768.
    expect([image.width, image.height, image.mimeType]).toEqual([1000, 750, 'image/jpeg']);
    expectColor(image.color, RED);
    expect(outcome.job.imageBytes).toBe(image.byteLength);
  });

  it('a JPEG too busy for the upload budget at the first quality: sent smaller, with its colours (the ladder draws it again)', async () => {
    // Coloured noise at 1000×750 (decoded at its own size): its JPEG at quality 0.85 and 0.7 passes MAX_UPLOAD_BYTES.
    const mean = { r: 128, g: 110, b: 150 };
    const pixels = Buffer.alloc(1000 * 750 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = [mean.r, mean.g, mean.b][i % 3]! + Math.round((Math.random() - 0.5) * 200);
    pages.route('/busy.jpg', { body: await sharp(pixels, { raw: { width: 1000, height: 750, channels: 3 } }).jpeg({ quality: 95 }).toBuffer(), type: 'image/jpeg' });
    pages.route('/busy.html', htmlPage(`<img id="photo" src="/busy.jpg" width="400" height="300" alt="">${CAPTION}`));
    const outcome = await check('/busy.html', () => `${pages.origin}/busy.jpg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect(image.byteLength).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(image.width).toBeLessThan(1000);
    expect(image.width * 3).toBe(image.height * 4);
    expectColor(image.color, mean);
  });

  it('picture/srcset: the candidate the browser chose (currentSrc), not the fallback', async () => {
    pages.route(
      '/picture.html',
      htmlPage(`<picture><source media="(min-width: 1px)" srcset="/wide-green.jpg"><img id="photo" src="/fallback-gray.jpg" width="600" alt=""></picture>${CAPTION}`),
    );
    const outcome = await check('/picture.html', (page) => page.locator('#photo').evaluate((img: HTMLImageElement) => img.currentSrc));
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    // 1200×600 decoded at 6/8 (7/8 would be 1050 px wide).
    expect([image.width, image.height]).toEqual([900, 450]);
    expectColor(image.color, GREEN);
  });

  it('lazy image: the real source a page script swaps in, read once it has loaded', async () => {
    pages.route(
      '/lazy.html',
      htmlPage(`<img id="photo" src="/lazy-placeholder.png" data-src="/lazy-brown.jpg" width="450" height="150" alt="">${CAPTION}
<script>document.getElementById('photo').addEventListener('contextmenu', (e) => { e.target.src = e.target.dataset.src; });</script>`),
    );
    const outcome = await check('/lazy.html', () => `${pages.origin}/lazy-brown.jpg`, {
      // The swap happens on the right-click; the image (answered 400 ms late) is still loading when the menu fires.
      before: (page) => page.click('#photo', { button: 'right' }),
    });
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([900, 300]);
    expectColor(image.color, BROWN);
  });

  it('blob: URL, read inside the page', async () => {
    pages.route(
      '/blob.html',
      htmlPage(`<img id="photo" width="500" height="250" alt="">${CAPTION}
<script>fetch('/blue.png').then((r) => r.blob()).then((b) => { document.getElementById('photo').src = URL.createObjectURL(b); });</script>`),
    );
    const outcome = await check('/blob.html', async (page) => {
      await page.waitForFunction(() => (document.getElementById('photo') as HTMLImageElement).naturalWidth > 0);
      return page.locator('#photo').evaluate((img: HTMLImageElement) => img.src);
    });
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([500, 250]);
    expectColor(image.color, BLUE);
  });

  it('data: URL, read inside the page', async () => {
    const dataUrl = `data:image/png;base64,${(await makeSolid(300, 200, YELLOW, 'png')).toString('base64')}`;
    pages.route('/data.html', htmlPage(`<img id="photo" src="${dataUrl}" alt="">${CAPTION}`));
    const outcome = await check('/data.html', () => dataUrl);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([300, 200]);
    expectColor(image.color, YELLOW);
  });

  it('CSS background under a transparent overlay: the picture beneath the right-clicked spacer', async () => {
    pages.route(
      '/background.html',
      htmlPage(`<div style="position:relative;width:400px;height:200px">
<div style="position:absolute;inset:0;background:url(/purple-bg.jpg) center/cover"></div>
<img id="overlay" src="/spacer.gif" style="position:absolute;inset:0;width:100%;height:100%" alt=""></div>${CAPTION}`),
    );
    const outcome = await check('/background.html', () => `${pages.origin}/spacer.gif`, {
      before: (page) => page.click('#overlay', { button: 'right' }),
    });
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([800, 400]);
    expectColor(image.color, PURPLE);
  });

  it('same-origin iframe: read in the frame the menu names', async () => {
    pages.route('/inner.html', htmlPage(`<img id="photo" src="/cyan.jpg" width="320" height="240" alt="">${CAPTION}`));
    pages.route('/outer.html', htmlPage(`<p>Outer page</p><iframe src="/inner.html" width="500" height="400"></iframe>`));
    const inner = (page: Page) => page.frames().find((f) => f.url().endsWith('/inner.html'))!;
    const outcome = await check('/outer.html', () => `${pages.origin}/cyan.jpg`, { frame: inner });
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([640, 480]);
    expectColor(image.color, CYAN);
  });

  it('open shadow root: the image inside a web component', async () => {
    pages.route(
      '/shadow.html',
      htmlPage(`<photo-card id="card"></photo-card>${CAPTION}
<script>customElements.define('photo-card', class extends HTMLElement { constructor() { super();
  this.attachShadow({ mode: 'open' }).innerHTML = '<img src="/magenta.jpg" width="240" height="320" alt="">'; } });</script>`),
    );
    const outcome = await check('/shadow.html', () => `${pages.origin}/magenta.jpg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([480, 640]);
    expectColor(image.color, MAGENTA);
  });

  it('cross-origin image with CORS: the page reads it itself', async () => {
    pages.route('/cors.html', htmlPage(`<img id="photo" src="${otherOrigin}/cors-yellow.jpg" width="350" alt="">${CAPTION}`));
    const outcome = await check('/cors.html', () => `${otherOrigin}/cors-yellow.jpg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([700, 350]);
    expectColor(image.color, YELLOW);
  });

  it('cross-origin image without CORS: a screenshot cropped to the image', async () => {
    pages.route(
      '/no-cors.html',
      htmlPage(`<div style="height:1200px">${CAPTION}</div><img id="photo" src="${otherOrigin}/orange.jpg" width="400" height="300" alt=""><div style="height:600px"></div>`),
    );
    // The image starts below the fold: it must be scrolled into view before the capture.
    const outcome = await check('/no-cors.html', () => `${otherOrigin}/orange.jpg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('screenshot');
    expect([image.width, image.height]).toEqual([400, 300]);
    expectColor(image.color, ORANGE);
  });

  it('SVG: rasterized in the page at the policy size', async () => {
    pages.route('/svg.html', htmlPage(`<img id="photo" src="/shape.svg" alt="">${CAPTION}`));
    const outcome = await check('/svg.html', () => `${pages.origin}/shape.svg`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height, image.mimeType]).toEqual([1024, 512, 'image/jpeg']);
    expectColor(image.color, TEAL);
  });

  it('animated GIF: its first frame', async () => {
    pages.route('/gif.html', htmlPage(`<img id="photo" src="/two-frames.gif" alt="">${CAPTION}`));
    const outcome = await check('/gif.html', () => `${pages.origin}/two-frames.gif`);
    const image = done(outcome);
    expect([image.width, image.height]).toEqual([300, 200]);
    expectColor(image.color, RED);
  });

  it('a 49-megapixel PNG arrives at most 1024 px', async () => {
    pages.route('/huge.html', htmlPage(`<img id="photo" src="/huge.png" width="500" height="500" alt="">${CAPTION}`));
    const outcome = await check('/huge.html', () => `${pages.origin}/huge.png`);
    const image = done(outcome);
    expect(outcome.job.imagePath).toBe('page');
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expectColor(image.color, TEAL);
  });

  /**
   * The model got the portrait upright, red on top and blue below (a squashed one is wider than high, an unturned one
   * red left, blue right): 768×1024 where it was drawn to the policy size, 750×1000 where ImageDecoder scaled it (5/8).
   */
  const expectUpright = async (outcome: Outcome, size: [number, number] = [768, 1024]) => {
    const image = done(outcome);
    expect([image.width, image.height]).toEqual(size);
    const { top, bottom } = await receivedTopAndBottom(outcome.body);
    expectColor(top, RED);
    expectColor(bottom, BLUE);
  };

  it('phone photo stored sideways (EXIF 6): the page sends it upright, not squashed', async () => {
    pages.route('/portrait.html', htmlPage(`<img id="photo" src="/portrait-6.jpg" width="300" height="400" alt=""><p id="cap">A red sky over a blue sea.</p>`));
    const outcome = await check('/portrait.html', () => `${pages.origin}/portrait-6.jpg`);
    expect(outcome.job.imagePath).toBe('page');
    await expectUpright(outcome, [750, 1000]);
  });

  it('phone photo stored sideways (EXIF 8), in a browser without ImageDecoder: createImageBitmap sizes it upright', async () => {
    pages.route('/portrait-bitmap.html', htmlPage(`<img id="photo" src="/portrait-8.jpg" width="300" height="400" alt=""><p id="cap">A red roof above a blue door.</p>`));
    const outcome = await check('/portrait-bitmap.html', () => `${pages.origin}/portrait-8.jpg`, {
      // The page script runs in the extension's isolated world: take ImageDecoder away there (as in a
      // browser that lacks it), so the read falls back to createImageBitmap with a resize.
      before: async (_, tabId) => {
        const removed = await (await currentWorker(ext)).evaluate(async (id) => {
          const [result] = await chrome.scripting.executeScript({
            target: { tabId: id },
            func: () => delete (globalThis as { ImageDecoder?: unknown }).ImageDecoder && !('ImageDecoder' in globalThis),
          });
          return result?.result;
        }, tabId);
        expect(removed).toBe(true);
      },
    });
    expect(outcome.job.imagePath).toBe('page');
    await expectUpright(outcome);
  });

  it('phone photo stored sideways (EXIF 8) that ImageDecoder takes but cannot decode: createImageBitmap gets the bytes again', async () => {
    pages.route('/portrait-undecoded.html', htmlPage(`<img id="photo" src="/portrait-8.jpg" width="300" height="400" alt=""><p id="cap">A red kite above a blue lake.</p>`));
    const outcome = await check('/portrait-undecoded.html', () => `${pages.origin}/portrait-8.jpg`, {
      // In the isolated world, an ImageDecoder that takes the buffer handed to it and then fails, as on a
      // variant it does not know: the read's fallback must not need the bytes it gave away.
      before: async (_, tabId) => {
        const replaced = await (await currentWorker(ext)).evaluate(async (id) => {
          const [result] = await chrome.scripting.executeScript({
            target: { tabId: id },
            func: () => {
              const scope = globalThis as unknown as { ImageDecoder: typeof ImageDecoder };
              scope.ImageDecoder = class extends scope.ImageDecoder {
                override decode(): Promise<ImageDecodeResult> {
                  return Promise.reject(new DOMException('not this variant', 'EncodingError'));
                }
              };
              return true;
            },
          });
          return result?.result;
        }, tabId);
        expect(replaced).toBe(true);
      },
    });
    expect(outcome.job.imagePath).toBe('page');
    await expectUpright(outcome);
  });

  it('phone photo stored sideways (EXIF 6), fetched by the worker: sized upright, not squashed', async () => {
    // Inside a closed shadow root the page script cannot find the image: the worker fetches the URL
    // (the page's own origin, which activeTab opens to it) and decodes it with createImageBitmap.
    pages.route(
      '/portrait-closed.html',
      htmlPage(`<closed-photo></closed-photo><p id="cap">A red balloon above a blue tent.</p>
<script>customElements.define('closed-photo', class extends HTMLElement { constructor() { super();
  this.attachShadow({ mode: 'closed' }).innerHTML = '<img src="/portrait-6.jpg" width="300" height="400" alt="">'; } });</script>`),
    );
    const outcome = await check('/portrait-closed.html', () => `${pages.origin}/portrait-6.jpg`);
    expect(outcome.job.imagePath).toBe('fetch');
    await expectUpright(outcome);
  });

  it('a 1×1 tracker ends in an error that says what to do, and nothing is sent', async () => {
    pages.route('/pixel.html', htmlPage(`<img id="photo" src="/pixel.gif" alt="">${CAPTION}`));
    const outcome = await check('/pixel.html', () => `${pages.origin}/pixel.gif`);
    expect(outcome.job.status).toBe('error');
    expect(outcome.job.error?.kind).toBe('image');
    expect(outcome.job.error?.message).toMatch(/too small to check.*Right-click the picture itself/);
    expect(outcome.image).toBeNull();
  });

  it('a missing image (404) ends in an error that says what to do, and nothing is sent', async () => {
    pages.route('/missing.html', htmlPage(`<img id="photo" src="/gone.jpg" width="300" height="200" alt="">${CAPTION}`));
    const outcome = await check('/missing.html', () => `${pages.origin}/gone.jpg`);
    expect(outcome.job.status).toBe('error');
    expect(outcome.job.error?.kind).toBe('image');
    expect(outcome.job.error?.message).toMatch(/did not load.*Reload the page/);
    expect(outcome.image).toBeNull();
  });
});
