import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import type { LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, makeJpeg, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, storedJob } from './results-flow';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

/** The text of each range in a named highlight, read in the page's main world (the registry is the document's). */
function highlightTexts(name: string): string[] {
  const highlight = CSS.highlights.get(name);
  return highlight ? [...highlight].map((range) => (range as Range).toString()) : [];
}

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
}

describe('marks on the page: highlighted claim spans and a badge by the image', () => {
  // Options are not what this file tests: the endpoint goes straight into storage.
  const suite = browserSuite({ apiKey: '', watchErrors: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    pages.route('/photo.jpg', { type: 'image/jpeg', body: await makeJpeg(1200, 800) });
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
    await page.waitForFunction(() => CSS.highlights.has('caption-check-false'));
    expect((await storedJob(ext, tabId))?.caption).toBe(CAPTION);

    await expect.poll(() => page.evaluate(highlightTexts, 'caption-check-true')).toEqual(['Two orange cats sit on a sofa.']);
    await expect.poll(() => page.evaluate(highlightTexts, 'caption-check-false')).toEqual(['A dog sleeps under the table.']);
    // The page's own DOM is untouched; the badge is one host element outside <body> with a closed shadow root.
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    const badge = await page.evaluate(() => {
      const host = document.querySelector('caption-check-badge');
      return host && { shadowVisible: host.shadowRoot !== null, inBody: document.body.contains(host) };
    });
    expect(badge).toEqual({ shadowVisible: false, inBody: false });
    // The highlight style came in through scripting.insertCSS: a not-supported span is drawn with a wavy underline.
    const drawn = await page.evaluate(() => {
      const probe = document.createElement('style');
      document.head.append(probe);
      const rules = [...document.styleSheets].flatMap((sheet) => {
        try {
          return [...sheet.cssRules].map((r) => r.cssText);
        } catch {
          return [];
        }
      });
      probe.remove();
      return rules.join('\n');
    });
    // Injected user-origin sheets are not listed in document.styleSheets; the mark itself is the proof above.
    expect(drawn).not.toContain('caption-check-false');

    // Hovering the unsupported claim shows its verdict (the tooltip lives in the closed shadow root).
    await page.evaluate(() => getSelection()?.removeAllRanges());
    const box = await page.locator('figcaption i').boundingBox();
    await page.mouse.move(box!.x + 4, box!.y + box!.height / 2);
    await expect.poll(() => tooltipText(page)).toContain('A dog sleeps under the table.');
    await page.screenshot({ path: 'docs/marks.png', clip: { x: 0, y: 0, width: 760, height: 620 } });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !CSS.highlights.has('caption-check-false') && !document.querySelector('caption-check-badge'));
    await expect.poll(() => page.evaluate(() => CSS.highlights.size)).toBe(0);
    await page.close();
  });

  it('removes the marks when the page navigates', async () => {
    model.reset();
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    await page.waitForFunction(() => CSS.highlights.has('caption-check-true'));
    const job = await storedJob(ext, tabId);
    expect(job?.claims.map((c) => c.verdict?.label), JSON.stringify(job?.claims)).toEqual([true, true]);
    await expect.poll(() => page.evaluate(highlightTexts, 'caption-check-true')).toHaveLength(2);
    await page.evaluate(() => history.pushState({}, '', '#next'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForFunction(() => CSS.highlights.size === 0 && !document.querySelector('caption-check-badge'));
    await page.close();
  });
});
