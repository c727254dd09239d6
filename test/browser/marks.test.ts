import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import type { LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { focusedControl as focused } from './chooser-driver';
import { covers, readMarks } from './marks-driver';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, storedJob } from './results-flow';
import { docsPicture } from './screenshots';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

/** The visible tooltip's text as the accessibility tree exposes it (it lives in a closed shadow root); '' when none shows. */
async function tooltipText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const tip = nodes.find((n) => n.role?.value === 'tooltip' && !n.ignored);
    if (!tip) return '';
    const texts: string[] = [];
    const walk = (node: AXNode) => {
      if (node.role?.value === 'StaticText' && typeof node.name?.value === 'string') texts.push(node.name.value);
      for (const id of node.childIds ?? []) {
        const child = byId.get(id);
        if (child) walk(child);
      }
    };
    walk(tip);
    return texts.join(' ');
  } finally {
    await cdp.detach();
  }
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  childIds?: string[];
  properties?: { name: string; value: { value?: unknown } }[];
}

/** A photo between two links, for the tab order around the badge. */
const LINKED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Linked</title></head><body>
<p><a id="before" href="#top">Before the photo</a></p>
<figure id="fig"><img id="photo" src="/kite.jpg" alt="A kite" width="600" height="450"><figcaption>A red kite flies over a green field.</figcaption></figure>
<p><a id="after" href="#end">After the photo</a></p>
<script>window.figureEvents = 0; for (const type of ['keydown', 'click']) document.getElementById('fig').addEventListener(type, () => window.figureEvents++);</script></body></html>`;

describe('marks on the page: marked claim spans and a badge by the image', () => {
  // Options are not what this file tests: the endpoint goes straight into storage.
  const suite = browserSuite({ apiKey: '', watchErrors: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800) });
    pages.route('/kite.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800, { r: 200, g: 60, b: 40 }) });
    pages.route('/linked.html', { type: 'text/html; charset=utf-8', body: LINKED });
    // Claim text split across elements: offsets must map across text nodes.
    pages.route(
      '/article.html',
      figurePage('/photo.jpg', 'Two <b>orange</b> cats sit on a sofa.\n   A dog sleeps under the <i>table</i>.', '<p>More text after the figure.</p>'),
    );
  });

  it('marks each claim with its verdict without changing the page DOM, and Esc removes the marks', async () => {
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'No dog is visible.' }] });
    const { page, tabId } = await openGranted(ext, `${pages.origin}/article.html`);
    await page.setViewportSize({ width: 760, height: 700 });
    const bodyBefore = await page.evaluate(() => document.body.innerHTML);
    await checkWithSelection(ext, page, tabId, `${pages.origin}/photo.jpg`);
    await expect.poll(async () => (await readMarks(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await storedJob(ext, tabId))?.caption).toBe(CAPTION);

    // Claim 1 (with "orange") is marked supported, claim 2 (with "table") not supported, each over its own text.
    const marks = await readMarks(page);
    expect(new Set(marks.map((m) => `${m.claim}:${m.label}`))).toEqual(new Set(['0:true', '1:false']));
    const over = async (selector: string) => new Set((await Promise.all(marks.map(async (m) => ((await covers(page, m, selector)) ? m.label : null)))).filter(Boolean));
    expect(await over('figcaption b')).toEqual(new Set(['true']));
    expect(await over('figcaption i')).toEqual(new Set(['false']));
    // The page's own DOM is untouched but for the badge's empty host right after the image (where Tab reaches it);
    // badge and marks are host elements with closed shadow roots, the marks outside <body>, and nothing the page's
    // scripts can read (the shared highlight registry included) carries a verdict.
    const bodyWithoutBadge = () =>
      page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        body.querySelector('[data-caption-check="badge"]')?.remove();
        return body.innerHTML;
      });
    await expect(bodyWithoutBadge()).resolves.toBe(bodyBefore);
    const hosts = await page.evaluate(() =>
      ['badge', 'marks'].map((role) => {
        const host = document.querySelector(`[data-caption-check="${role}"]`);
        return host && { shadowVisible: host.shadowRoot !== null, parent: host.parentElement?.nodeName, after: host.previousElementSibling?.id || null, empty: host.innerHTML };
      }),
    );
    expect(hosts).toEqual([
      { shadowVisible: false, parent: 'FIGURE', after: 'photo', empty: '' },
      { shadowVisible: false, parent: 'HTML', after: null, empty: '' },
    ]);
    await expect(page.evaluate(() => CSS.highlights.size)).resolves.toBe(0);

    // Hovering the unsupported claim shows its verdict (the tooltip lives in the closed shadow root).
    await page.evaluate(() => getSelection()?.removeAllRanges());
    const box = await page.locator('figcaption i').boundingBox();
    await page.mouse.move(box!.x + 4, box!.y + box!.height / 2);
    await expect.poll(() => tooltipText(page)).toContain('A dog sleeps under the table.');
    await page.screenshot({ path: docsPicture('marks.png'), clip: { x: 0, y: 0, width: 760, height: 620 } });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-caption-check="marks"]') && !document.querySelector('[data-caption-check="badge"]'));
    await page.close();
  });

  it('puts the badge right after its image in the tab order, and Esc on it gives focus back to the image', async () => {
    model.reset();
    const { page, tabId } = await openGranted(ext, `${pages.origin}/linked.html`);
    await checkWithSelection(ext, page, tabId, `${pages.origin}/kite.jpg`);
    const host = '[data-caption-check="badge"]';
    await expect.poll(() => page.evaluate((sel) => document.querySelector(sel)?.previousElementSibling?.id ?? null, host), { timeout: 30_000 }).toBe('photo');
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await page.locator('#before').focus();
    const active = () => page.evaluate((sel) => (document.activeElement?.matches(sel) ? 'badge' : document.activeElement?.id || document.activeElement?.nodeName), host);

    // Tab: the link before the photo → the badge's summary → its close button → the link after the photo; and back.
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatch(/^button: Caption Check: /);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('button: Remove Caption Check marks');
    await page.keyboard.press('Tab');
    await expect.poll(active).toBe('after');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe('button: Remove Caption Check marks');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatch(/^button: Caption Check: /);
    await page.keyboard.press('Enter');

    // Esc on the badge removes it and puts focus on the image, which is focusable only while it has focus.
    await page.keyboard.press('Escape');
    await expect.poll(active).toBe('photo');
    expect(await page.locator(host).count()).toBe(0);
    expect(await page.locator('#photo').getAttribute('tabindex')).toBe('-1');
    // The keys pressed and the click made on the badge never reached the page's handlers on the figure around it.
    expect(await page.evaluate(() => (window as unknown as { figureEvents: number }).figureEvents)).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(active).toBe('after');
    expect(await page.locator('#photo').getAttribute('tabindex')).toBeNull();
    await page.close();
  });

  it('removes the marks when the page navigates', async () => {
    model.reset();
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(async () => (await readMarks(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const job = await storedJob(ext, tabId);
    expect(job?.claims.map((c) => c.verdict?.label), JSON.stringify(job?.claims)).toEqual([true, true]);
    expect(new Set((await readMarks(page)).map((m) => `${m.claim}:${m.label}`))).toEqual(new Set(['0:true', '1:true']));
    await page.evaluate(() => history.pushState({}, '', '#next'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForFunction(() => !document.querySelector('[data-caption-check="marks"]') && !document.querySelector('[data-caption-check="badge"]'));
    await page.close();
  });
});
