// An image inside a frame from another site: activeTab does not reach into that frame, so the caption
// is asked for in the top frame (the chooser by the <iframe>) and the image is a screenshot of the frame.
// Driven through the real menu entry point with the frame id and URL Chrome gives a click in the frame.
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { readChooser, waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu, openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { dialogBox } from './on-screen';
import { htmlPage, makeSolid, type PageServer } from './page-server';
import { expectColor, frameIdOf, receivedColor } from './received-image';
import { cancelHandled, finishedJob, markBadge, openGranted, storedJob } from './run-check';

const GREEN = { r: 40, g: 170, b: 70 };
const NOTE = 'The image is inside a frame from another site, so Caption Check took a screenshot of the frame; type or paste the caption if it is not offered.';

describe('an image inside a frame from another site', () => {
  const suite = browserSuite({ endpoint: 'options', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  /** The page's origin (localhost). */
  let pages: PageServer;
  /** The frame's origin (127.0.0.1: another site to the browser). */
  let other: PageServer;
  let frameOrigin: string;

  beforeAll(async () => {
    ({ ext, model, pages, other } = suite);
    frameOrigin = other.origin.replace('localhost', '127.0.0.1');
    other.route('/green.jpg', { type: 'image/jpeg', body: await makeSolid(800, 600, GREEN) });
    // The picture fills the frame exactly; no CORS header, so neither the page nor the worker can read its bytes.
    other.route('/embed.html', htmlPage(`<style>body{margin:0}</style><img id="photo" src="/green.jpg" width="400" height="300" style="display:block" alt="">`));
    pages.route(
      '/article.html',
      htmlPage(`<h1>Gallery</h1>
<figure><iframe id="embed" src="${frameOrigin}/embed.html" width="400" height="300" title="Embedded photo"></iframe>
<figcaption>A lighthouse on a rocky shore at dusk.</figcaption></figure>`),
    );
  });

  /** Opens the article, right-clicks the picture inside the frame and chooses "Check caption claims". */
  async function rightClickInFrame(): Promise<{ page: Page; tabId: number; frame: Frame }> {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    const frame = page.frames().find((f) => f.url() === `${frameOrigin}/embed.html`)!;
    await frame.waitForFunction(() => (document.getElementById('photo') as HTMLImageElement).naturalWidth > 0);
    // The pointer and the focus are inside the frame, as after a real right-click there.
    await frame.click('#photo', { button: 'right' });
    const frameId = await frameIdOf(ext, tabId, frame.url());
    expect(frameId).not.toBe(0);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${frameOrigin}/green.jpg`, pageUrl: page.url(), frameId, frameUrl: frame.url() });
    return { page, tabId, frame };
  }

  it('asks in the top frame by the <iframe>, sends the typed caption and a screenshot of the frame', async () => {
    model.reset();
    const { page, tabId } = await rightClickInFrame();
    const view = await waitForChooser(page);
    expect(view.candidates[0]).toBe('Figure caption: A lighthouse on a rocky shore at dusk.');
    expect(view.text.join(' ')).toContain('inside a frame from another site');
    // The dialog is the top frame's, placed under the <iframe>, not over it (a screenshot of the frame follows).
    const [frameBox, chooserBox] = await Promise.all([page.locator('#embed').boundingBox(), dialogBox(page)]);
    expect(chooserBox!.top).toBeGreaterThanOrEqual(frameBox!.y + frameBox!.height);
    // Nothing is sent before the user confirms: no request yet, and none after that arrived before Enter.
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    // Focus came out of the frame into the caption box: typing replaces the offered caption.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('A green square fills the frame. A small red dot sits in the corner.');
    await expect.poll(async () => (await readChooser(page))?.caption).toBe('A green square fills the frame. A small red dot sits in the corner.');
    const confirmedAt = Date.now();
    await page.keyboard.press('Enter');
    await waitForChooserClosed(page);

    const job = await finishedJob(ext, tabId);
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.imagePath).toBe('screenshot');
    expect(job.notes).toContain(NOTE);
    const request = model.requests.find((r) => r.image);
    expect(request?.claims).toEqual(['A green square fills the frame.', 'A small red dot sits in the corner.']);
    // The frame's content box (400×300 CSS px at DPR 1, its border left out), all of it the picture's green.
    expect([request?.image?.width, request?.image?.height]).toEqual([400, 300]);
    expectColor(await receivedColor(request?.body), GREEN);
    expect(model.requests.filter((r) => r.method === 'POST').map((r) => r.at >= confirmedAt)).toEqual([true]);
  });

  it('Cancel from the popup closes the chooser in the top frame; nothing is sent, no job', async () => {
    model.reset();
    const { page, tabId } = await rightClickInFrame();
    await waitForChooser(page);
    await markBadge(ext, tabId);
    const popup = await openPopup(ext, tabId);
    // The message the popup's Cancel sends.
    const answer = await popup.evaluate((id) => chrome.runtime.sendMessage({ type: 'cancelCheck', tabId: id }), tabId);
    expect(answer).toEqual({ ok: true });
    await waitForChooserClosed(page);
    await cancelHandled(ext, tabId);
    expect(model.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await storedJob(ext, tabId)).toBeUndefined();
    await popup.close();
  });
});
