// Issue 41, finding 9: the page is not silent while a check runs or when it fails — a badge by the image
// says "Asking the model…" while the model works, and "The check failed." with its cause when it failed
// (in the badge's tooltip and panel), not only a "!" on the toolbar.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import type { LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, storedJob } from './results-flow';

/** The page badge's buttons as a screen reader finds them: "name | description" (the description is its tooltip). */
async function badgeButtons(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value?: unknown }; name?: { value?: unknown }; description?: { value?: unknown } }[] };
    return nodes
      .filter((n) => !n.ignored && n.role?.value === 'button' && String(n.name?.value ?? '').startsWith('Caption Check: '))
      .map((n) => `${String(n.name?.value)} | ${String(n.description?.value ?? '')}`);
  } finally {
    await cdp.detach();
  }
}

describe('the page while a check runs, and when it fails', () => {
  const suite = browserSuite({ apiKey: '', watchErrors: true, closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
  });

  it('a slow model: the badge by the image says the model is being asked, then gives the result', async () => {
    // The answer is held before its first token until released: the model is "slow" however slow the machine (a
    // fixed 4 s delay let a loaded machine draw the badge after the answer had come).
    model.set({ holdAt: 0 });
    const { article, photo } = await freshArticle(pages, 'A green tram waits at a stop.');
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(() => badgeButtons(page), { timeout: 15_000 }).toEqual(['Caption Check: Asking the model… | ']);
    // It was drawn while the check still ran.
    expect((await storedJob(ext, tabId))?.status).toBe('running');
    model.release();
    await expect.poll(() => badgeButtons(page), { timeout: 30_000 }).toEqual(['Caption Check: 1 claim supported. | ']);
  });

  it('a failed check: the badge by the image says so, with the cause as its tooltip', async () => {
    model.set({ failures: Array.from({ length: 3 }, () => ({ status: 500, method: 'POST' as const, headers: { 'retry-after': '0' } })) });
    const { article, photo } = await freshArticle(pages, 'A blue boat lies on a beach.');
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(async () => (await storedJob(ext, tabId))?.status, { timeout: 30_000 }).toBe('error');
    const cause = (await storedJob(ext, tabId))!.error!.message;
    expect(cause.length).toBeGreaterThan(10);
    await expect.poll(() => badgeButtons(page), { timeout: 15_000 }).toEqual([`Caption Check: The check failed. | ${cause}`]);
  });
});
