// The same check again: verdicts from the cache, no request at the model server; Re-run asks afresh.
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheNote } from '@/lib/verify/cache';

const CACHE_NOTE = cacheNote();
import type { ModelServer } from '../server/openai-server';
import { openPopup, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkImage, finishedJob, openGranted, storedJob } from './run-check';
import { watchWorkerErrors } from './worker-control';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

describe('verdict cache in the extension', () => {
  const suite = browserSuite({});
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1600, 1200) });
    pages.route('/other.jpg', { type: 'image/jpeg', body: await makeJpeg(1600, 1200, { r: 20, g: 160, b: 90 }) });
    pages.route('/article.html', figurePage('/photo.jpg', CAPTION, `<figure><img id="other" src="/other.jpg" width="300" height="200"><figcaption id="other-caption">${CAPTION}</figcaption></figure>`));
  });

  it('answers the same image and caption again from the cache, with no request; Re-run and another image ask the model', async () => {
    const errors = await watchWorkerErrors(ext);
    model.set({ falseWhen: [{ match: /dog/, error_type: ['Object'] }], pace: { tokensPerSecond: 200, firstTokenMs: 300 } });
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    const verifications = () => model.requests.filter((r) => r.image);

    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`, '#fig figcaption');
    const first = await finishedJob(ext, tabId);
    expect(first.status).toBe('done');
    expect(verifications()).toHaveLength(1);

    // The same check again, from a new page load: same bytes after sizing, same claims, model and endpoint.
    await page.reload();
    await checkImage(ext, page, tabId, `${pages.origin}/photo.jpg`, '#fig figcaption');
    const second = await finishedJob(ext, tabId, first.id);
    expect(second.status).toBe('done');
    expect(verifications()).toHaveLength(1);
    expect(second.claims.map((c) => c.verdict)).toEqual(first.claims.map((c) => c.verdict));
    expect(second.notes).toContain(CACHE_NOTE);
    const popup = await openPopup(ext, tabId);
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => popup.getByTestId('claim').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-label')))).toEqual(['true', 'false']);
    await expect.poll(() => popup.getByText(CACHE_NOTE).count()).toBe(1);

    // Re-run is the user asking the model again: a request, and the new answer replaces the cached one.
    await popup.getByRole('button', { name: 'Re-run' }).click();
    const rerun = await finishedJob(ext, tabId, second.id);
    expect(rerun.status).toBe('done');
    expect(verifications()).toHaveLength(2);
    expect(rerun.notes).not.toContain(CACHE_NOTE);

    // Another image with the same caption is another check.
    await checkImage(ext, page, tabId, `${pages.origin}/other.jpg`, '#other-caption');
    const other = await finishedJob(ext, tabId, rerun.id);
    expect(other.status).toBe('done');
    expect(verifications()).toHaveLength(3);
    expect((await storedJob(ext, tabId))?.notes).not.toContain(CACHE_NOTE);
    await expect.poll(() => errors.read()).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });
});
