import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PROMPT } from '@/lib/verify/prompt';
import type { ModelServer } from '../server/openai-server';
import { confirmChooser } from './chooser-driver';
import { clickMenu, currentWorker, grantActiveTab, openPopup, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { finishedJob } from './run-check';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

describe('right-click an image → verdicts in the popup', () => {
  const suite = browserSuite({ endpoint: 'options' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(2400, 1600) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION));
  });

  /** Opens `path`, right-clicks its photo → Check this image, confirms the chooser's first caption, opens the popup. */
  async function checkPhotoOn(path: string) {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}${path}`);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: page.url() });
    // No text selected: the chooser opens with the figcaption first; Enter confirms it.
    await confirmChooser(page);
    return { page, tabId, popup: await openPopup(ext, tabId) };
  }

  /** Opens `path`, selects the text of `selector` and right-clicks the photo → Check this image (no chooser: the selection is the caption). */
  async function checkSelectionOn(path: string, selector: string) {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}${path}`);
    await page.evaluate((css) => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector(css)!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    }, selector);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/photo.jpg`, pageUrl: page.url() });
    return { page, tabId };
  }

  it('checks the figcaption against the image and shows each claim', async () => {
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
    const { page, tabId, popup } = await checkPhotoOn('/article.html');
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();

    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.count()).toBe(2);
    await expect.poll(() => claims.nth(0).getAttribute('data-label')).toBe('true');
    await expect.poll(() => claims.nth(1).getAttribute('data-label')).toBe('false');
    await expect.poll(() => claims.nth(1).getAttribute('data-error-types')).toBe('Object');
    await expect.poll(() => claims.nth(1).innerText()).toContain('A dog sleeps under the table.');
    // The reasoning of a claim the image does not support is open without a click; a supported claim's stays folded.
    await expect.poll(() => claims.nth(1).innerText()).toContain('There is no dog in the image.');
    expect(await claims.nth(0).locator('details').evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);

    await expect.poll(async () => (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId)).toBe('1');

    const verification = model.requests.filter((r) => r.image);
    expect(verification).toHaveLength(1);
    const [request] = verification;
    expect(request!.problems).toEqual([]);
    expect(request!.claims).toEqual(['Two orange cats sit on a sofa.', 'A dog sleeps under the table.']);
    // 2400×1600 decoded at 3/8, the largest eighth of it within 1024 px, and sent at that size.
    expect([request!.image!.width, request!.image!.height]).toEqual([900, 600]);
    expect(request!.image!.mimeType).toBe('image/jpeg');
    const messages = (request!.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });

    await Promise.all([popup.close(), page.close()]);
  });

  it('uses the selected text as the caption when there is a selection', async () => {
    model.reset();
    const { page, tabId } = await checkSelectionOn('/article.html', 'h1');
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    expect(model.requests.filter((r) => r.image).map((r) => r.claims)).toEqual([['Test article']]);
    await Promise.all([popup.close(), page.close()]);
  });

  it('sets the credit of a selected caption apart: the page sends the selection, the worker splits it', async () => {
    model.reset();
    pages.route('/credited.html', figurePage('/photo.jpg', 'Two orange cats sit on a sofa.<br>(Photo: Jane Doe / Reuters)'));
    const { page, tabId } = await checkSelectionOn('/credited.html', 'figcaption');
    const job = await finishedJob(ext, tabId);
    expect(job.status).toBe('done');
    expect(job.caption).toBe('Two orange cats sit on a sofa.');
    expect(job.credit).toBe('Photo: Jane Doe / Reuters');
    expect(model.requests.filter((r) => r.image).map((r) => r.claims)).toEqual([['Two orange cats sit on a sofa.']]);
    await page.close();
  });

  it('splits the caption by the language the page declares for it', async () => {
    model.reset();
    // English-looking text on a page that says it is German: the English set-aside rules stay off, and the popup says why.
    const german = figurePage('/photo.jpg', 'A dog sleeps on the porch. The scene feels peaceful.');
    pages.route('/german.html', { ...german, body: String(german.body).replace('<html lang="en">', '<html lang="de">') });
    const { page, popup } = await checkPhotoOn('/german.html');
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    expect(model.requests.filter((r) => r.image).map((r) => r.claims)).toEqual([['A dog sleeps on the porch.', 'The scene feels peaceful.']]);
    await expect.poll(() => popup.locator('ul.notes').innerText()).toContain('The caption is marked as another language (de)');
    await Promise.all([popup.close(), page.close()]);
  });

  it('says what to do when the endpoint rejects the key', async () => {
    model.reset();
    model.set({ apiKey: 'sk-other' });
    // A caption not checked before: the same one again would be answered from the verdict cache.
    pages.route('/other.html', figurePage('/photo.jpg', 'A bicycle leans against a brick wall.'));
    const { page, tabId, popup } = await checkPhotoOn('/other.html');
    const status = popup.locator('[data-testid="check-status"][data-state="error"]');
    await status.waitFor();
    await expect.poll(() => status.innerText()).toContain('Check your API key in Options');
    await expect.poll(() => popup.getByRole('button', { name: 'Open Options' }).isVisible()).toBe(true);
    const badge = await (await currentWorker(ext)).evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
    expect(badge).toBe('!');
    await Promise.all([popup.close(), page.close()]);
  });
});
