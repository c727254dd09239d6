import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import type { LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import type { PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';

const CAPTION = 'Two orange cats sit on a sofa. The scene feels cozy and inviting. Let me know if you need more details!';
const COZY = 'The scene feels cozy and inviting.';
const OFFER = 'Let me know if you need more details!';

describe('popup: set-aside text can be checked anyway, with one click', () => {
  const suite = browserSuite({ endpoint: 'options' });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(() => {
    ({ ext, model, pages } = suite);
  });

  it('shows each piece with the rule that set it aside; "Check anyway" re-checks it against the same image', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /cozy/i, error_type: ['Attribute'] }] });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    const first = (await storedJob(ext, tabId))!;
    expect(model.requests.filter((r) => r.image).at(-1)!.claims).toEqual(['Two orange cats sit on a sofa.']);
    const items = popup.getByTestId('set-aside');
    await expect.poll(() => items.allInnerTexts()).toEqual([
      expect.stringMatching(/^The scene feels cozy and inviting\. — mood or atmosphere/),
      expect.stringMatching(/^Let me know if you need more details! — meta-talk/),
    ]);
    // The re-check must not need the page: it is navigated away (closing the tab would end its check).
    await page.goto('about:blank');

    await popup.getByRole('button', { name: `Check anyway: ${COZY}` }).click();
    await expect.poll(() => storedJob(ext, tabId).then((j) => j?.id !== first.id && j?.status === 'done')).toBe(true);
    await expect.poll(() => popup.getByTestId('claim').count()).toBe(2);
    expect(model.requests.filter((r) => r.image).at(-1)!.claims).toEqual(['Two orange cats sit on a sofa.', COZY]);
    await expect.poll(() => popup.getByTestId('claim').evaluateAll((els) => els.map((el) => el.getAttribute('data-label')))).toEqual(['true', 'false']);
    await expect.poll(() => items.allInnerTexts()).toEqual([expect.stringMatching(/^Let me know if you need more details!/)]);
    const job = (await storedJob(ext, tabId))!;
    expect(job.caption).toBe(first.caption);
    expect(job.claims.map((c) => job.caption.slice(c.start, c.end))).toEqual(['Two orange cats sit on a sofa.', COZY]);
    await popup.close();
  });

  it('"Check all set-aside text" checks every piece, in caption order, and leaves nothing set aside', async () => {
    model.reset();
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    const first = (await storedJob(ext, tabId))!;
    await popup.getByRole('button', { name: 'Check all set-aside text' }).click();
    await expect.poll(() => storedJob(ext, tabId).then((j) => j?.id !== first.id && j?.status === 'done')).toBe(true);
    await expect.poll(() => popup.getByTestId('claim').count()).toBe(3);
    expect(model.requests.filter((r) => r.image).at(-1)!.claims).toEqual(['Two orange cats sit on a sofa.', COZY, OFFER]);
    await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
    await expect.poll(() => popup.getByTestId('set-aside').count()).toBe(0);
    await page.close();
    await popup.close();
  });
});
