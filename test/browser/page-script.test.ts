// The page script is sent once per document a check works in: the caption and the marks reuse what the
// image read installed, and a reloaded page (a new document, none of ours in it) gets it again.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { currentWorker, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { readMarks } from './marks-driver';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, finishedJob, openGranted } from './run-check';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

describe('the page script in a checked page', () => {
  const suite = browserSuite({});
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1600, 1200) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
  });

  /** How many times our page script ran in the tab's top document (its marks, in our isolated world). */
  async function installs(tabId: number): Promise<number> {
    const worker = await currentWorker(ext);
    // A source string: the injected function must be self-contained.
    return worker.evaluate<number>(`(async () => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId: ${tabId}, frameIds: [0] },
        func: (slot) => (globalThis[Symbol.for(slot)] ?? []).filter(([name]) => name === 'page:script').length,
        args: ['caption-check:step-marks'],
      });
      return frame.result;
    })()`);
  }

  it('runs once per document for the image, the caption and the marks; again after a reload', async () => {
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`, '#fig figcaption');
    const first = await finishedJob(ext, tabId);
    expect(first.status).toBe('done');
    // The marks are the check's last call into the page: once they show, every call has been made.
    await expect.poll(async () => (await readMarks(page)).length).toBeGreaterThan(0);
    expect(await installs(tabId)).toBe(1);

    // A new document: the worker's call finds no script there, sends it, and the check goes on as before.
    await page.reload();
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`, '#fig figcaption');
    const second = await finishedJob(ext, tabId, first.id);
    expect(second.status).toBe('done');
    await expect.poll(async () => (await readMarks(page)).length).toBeGreaterThan(0);
    expect(await installs(tabId)).toBe(1);
    // The same image and caption again: the verdict cache answers, so the one request is still the first check's.
    expect(model.requests.filter((r) => r.image)).toHaveLength(1);
    await page.close();
  });
});
