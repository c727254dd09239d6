// Accessible, as a tool for accessibility work should be: axe-core finds nothing on any page the
// extension shows (popup and side panel with a result, History, Options, the welcome page, the evidence
// and audit reports, the alt-text and page-check tables, the in-page caption dialog), in the light and
// the dark scheme; the view tabs follow the WAI-ARIA tabs pattern; and the keyboard reaches every
// control of the popup, each showing where the focus is.
import { copyFile, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer } from '../server/openai-server';
import { waitForChooser } from './chooser-driver';
import { ARENA_VERDICTS, checkBothOnArena } from './check-both-flow';
import { clickMenu, grantActiveTab, openPopup, tabIdOf, type LoadedExtension } from './extension';
import { browserSuite } from './fixture';
import { figurePage, htmlPage, makeSolid, type PageServer } from './page-server';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table. The scene feels cozy and inviting.';
const SCHEMES = ['light', 'dark'] as const;

declare const axe: {
  configure(spec: unknown): void;
  _audit: { checks: Record<string, { options?: { contrastRatio?: unknown } } | undefined> };
  run(context: unknown, options: unknown): Promise<Record<'violations' | 'incomplete' | 'passes', { id: string; impact: string; nodes: AxeNode[] }[]>>;
};

// Evaluated, not added as a script tag: the extension pages' CSP and the reports' `default-src 'none'`
// refuse inline scripts, and a test must not loosen the page it measures.
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A finding a test leaves to other work (or measures another way): by rule, and by a pattern on its nodes' targets. */
interface Exemption {
  rule: string;
  node: RegExp;
}

type AxeNode = { target: unknown[]; any: { data?: { messageKey?: string } | null }[] };

/**
 * Every axe violation on `page` in `scheme`, one line per rule ("rule [impact] targets"), and every text
 * whose contrast axe could not judge ("color-contrast-unjudged"; icons of non-text characters aside: the
 * ✓ and ✗ are hidden from assistive technology and their words beside them are judged). `within` limits
 * the run to the element a selector names (in the main world, so an element whose closed shadow root the
 * test has revealed to axe); nodes an exemption names are left out, every other node of that rule stays.
 */
async function axeFindings(page: Page, scheme: (typeof SCHEMES)[number], within?: string, exempt: Exemption[] = []): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  // The scheme is applied: the page's own media query answers it before axe reads any colour.
  await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(await axeSource);
    // A count of one digit is text too: by default axe leaves text this short unjudged, and the red "1"
    // of a "Not supported" column would pass whatever its colour. (axe replaces a check's options whole:
    // its own defaults are spread first.)
    await page.evaluate(() => {
      const defaults = axe._audit.checks['color-contrast']?.options;
      if (!defaults?.contrastRatio) throw new Error('axe-core no longer keeps the color-contrast defaults where this test reads them');
      axe.configure({ checks: [{ id: 'color-contrast', options: { ...defaults, ignoreLength: true } }] });
    });
  }
  const { violations, incomplete } = await page.evaluate(
    async (selector) => axe.run(selector ? document.querySelector(selector) : document, { resultTypes: ['violations', 'incomplete'] }),
    within ?? null,
  );
  const unjudged = incomplete
    .filter((r) => r.id === 'color-contrast')
    .map((r) => ({ ...r, id: 'color-contrast-unjudged', nodes: r.nodes.filter((n) => !n.any.some((check) => check.data?.messageKey === 'nonBmp')) }));
  const exempted = (rule: string, target: unknown[]) => exempt.some((e) => e.rule === rule && e.node.test(JSON.stringify(target)));
  return [...violations, ...unjudged]
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !exempted(v.id, n.target)) }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id} [${v.impact}] ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
}

/** No axe finding in either scheme; the failure names every one with its scheme. */
async function expectNoViolations(page: Page, within?: string, exempt?: Exemption[]): Promise<void> {
  const found: string[] = [];
  for (const scheme of SCHEMES) for (const line of await axeFindings(page, scheme, within, exempt)) found.push(`${scheme}: ${line}`);
  await page.emulateMedia({ colorScheme: null });
  expect(found).toEqual([]);
}

/**
 * Every text of the revealed chooser below WCAG AA contrast (4.5:1; 3:1 for large text), against the
 * first opaque background behind it inside the dialog, as "element \"text\": ratio".
 */
function lowContrastInChooser(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-caption-check="chooser"]')?.shadowRoot;
    if (!root) throw new Error('the chooser is not open, or its root was not revealed');
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a] as const;
    };
    const luminance = (rgb: readonly number[]) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const texts = new Map<Element, string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.textContent?.trim() && node.parentElement) texts.set(node.parentElement, node.textContent.trim());
    for (const field of root.querySelectorAll('textarea')) texts.set(field, field.value || '(the caption box)');
    const low: string[] = [];
    for (const [element, text] of texts) {
      if (element.getClientRects().length === 0) continue;
      let background: readonly number[] | null = null;
      for (let at: Element | null = element; at && !background; at = at.parentElement) {
        const color = rgba(getComputedStyle(at).backgroundColor);
        if (color[3] === 1) background = color;
      }
      const name = `${element.tagName.toLowerCase()}.${element.className} "${text.slice(0, 30)}"`;
      if (!background) {
        low.push(`${name}: no opaque background inside the dialog`);
        continue;
      }
      const style = getComputedStyle(element);
      const fg = rgba(style.color);
      const shown = [0, 1, 2].map((i) => fg[i]! * fg[3] + background[i]! * (1 - fg[3]));
      const [a, b] = [luminance(shown), luminance(background)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) low.push(`${name}: ${ratio.toFixed(2)}`);
    }
    return low;
  });
}

describe('accessibility', () => {
  const suite = browserSuite({ endpoint: 'storage', closePages: true });
  let ext: LoadedExtension;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    ({ ext, model, pages } = suite);
    // Colours no other test uses: the verdict cache must never answer instead of the server.
    pages.route('/a11y-kite.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 203, g: 33, b: 73 }) });
    pages.route('/a11y-tractor.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 23, g: 173, b: 93 }) });
    pages.route('/a11y-plain.jpg', { type: 'image/jpeg', body: await makeSolid(600, 400, { r: 133, g: 133, b: 133 }) });
    const figure = (src: string, caption: string) => `<figure><img src="${src}" width="300" height="200" alt=""><figcaption>${caption}</figcaption></figure>`;
    pages.route(
      '/a11y-alts.html',
      htmlPage(
        `<main><h1>Alts</h1><p><img src="/a11y-kite.jpg" width="300" height="200" alt="A crimson kite flies over a harbour."></p>` +
          `<p><img src="/a11y-tractor.jpg" width="300" height="200" alt="A green tractor is parked in a barn. A goat sleeps on the hay."></p>` +
          `<p><img src="/a11y-plain.jpg" width="300" height="200" alt="IMG_2041.jpg"></p></main>`,
      ),
    );
    pages.route(
      '/a11y-gallery.html',
      htmlPage(
        `<main><h1>Gallery</h1>${figure('/a11y-kite.jpg', 'A crimson kite flies over a harbour. Three gulls stand on a wooden pier.')}` +
          `${figure('/a11y-tractor.jpg', 'A green tractor is parked in a barn. A goat sleeps on the hay.')}</main>`,
      ),
    );
    pages.route('/a11y-chooser.html', figurePage('/a11y-plain.jpg', 'A grey square hangs on a white wall.'));
    model.set({ falseWhen: [{ match: /dog|goat/i, error_type: ['Object'], reasoning: 'There is no such animal in the image.' }] });
  });

  /** A finished check with one supported and one unsupported claim, in the popup of its tab. */
  async function popupWithResult(): Promise<{ popup: Page; page: Page; tabId: number }> {
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId, 'done');
    await expect.poll(() => popup.getByTestId('claim').nth(1).getAttribute('data-label')).toBe('false');
    return { popup, page, tabId };
  }

  it('the popup with a result, and its History tab', async () => {
    const { popup, page } = await popupWithResult();
    await expectNoViolations(popup);
    await popup.getByRole('tab', { name: /History/ }).click();
    await popup.getByTestId('history-entry').first().waitFor();
    await expectNoViolations(popup);
    await Promise.all([popup.close(), page.close()]);
  });

  it('the side panel page with a result', async () => {
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    await expect.poll(async () => (await storedJob(ext, tabId))?.status, { timeout: 30_000 }).toBe('done');
    const panel = await ext.context.newPage();
    await panel.setViewportSize({ width: 420, height: 700 });
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor();
    await page.bringToFront();
    await panel.locator('[data-testid="check-status"][data-state="done"]').waitFor({ timeout: 15_000 });
    await expectNoViolations(panel);
    await Promise.all([panel.close(), page.close()]);
  });

  it('"Check both": two answers compared, in the popup and in the side panel (stacked and side by side)', async () => {
    model.set({ falseWhen: ARENA_VERDICTS });
    const { page, tabId } = await checkBothOnArena(suite);
    const popup = await popupAt(ext, tabId, 'done');
    await popup.getByTestId('answer').nth(1).waitFor();
    await expectNoViolations(popup);
    const panel = await ext.context.newPage();
    await panel.setViewportSize({ width: 720, height: 900 });
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel.locator('button.pick-image').waitFor();
    await page.bringToFront();
    await panel.getByTestId('answer').nth(1).waitFor({ timeout: 15_000 });
    await expectNoViolations(panel);
    await Promise.all([popup.close(), panel.close(), page.close()]);
    model.set({ falseWhen: [{ match: /dog|goat/i, error_type: ['Object'], reasoning: 'There is no such animal in the image.' }] });
  });

  it('the alt-text audit table and the page-check table, with a claim not supported', async () => {
    for (const [path, button, selected] of [
      ['/a11y-alts.html', 'Check alt text on this page', 'Check 2 selected'],
      ['/a11y-gallery.html', 'Check all captioned images on this page', 'Check 2 selected'],
    ] as const) {
      const { page, tabId } = await openGranted(ext, `${pages.origin}${path}`);
      const popup = await openPopup(ext, tabId);
      await popup.setViewportSize({ width: 420, height: 700 });
      await popup.getByRole('button', { name: button }).click();
      await popup.locator('[data-testid="page-check"][data-status="choosing"]').waitFor();
      await expectNoViolations(popup);
      await popup.getByRole('button', { name: selected }).click();
      const table = popup.locator('[data-testid="page-check"][data-status="done"]');
      await table.waitFor({ timeout: 30_000 });
      await expect.poll(() => table.getByTestId('page-check-item').filter({ hasText: 'goat' }).getAttribute('data-unsupported')).toBe('1');
      await expectNoViolations(popup);
      await Promise.all([popup.close(), page.close()]);
    }
  });

  it('the evidence report and the audit report', async () => {
    const { popup, page } = await popupWithResult();
    const saved = popup.waitForEvent('download');
    await popup.getByRole('button', { name: 'Save report' }).click();
    const reportPath = await (await saved).path();

    const audited = await openGranted(ext, `${pages.origin}/a11y-alts.html`);
    const auditPopup = await openPopup(ext, audited.tabId);
    await auditPopup.getByRole('button', { name: 'Check alt text on this page' }).click();
    await auditPopup.getByRole('button', { name: 'Check 2 selected' }).click();
    await auditPopup.locator('[data-testid="page-check"][data-status="done"]').waitFor({ timeout: 30_000 });
    const auditSaved = auditPopup.waitForEvent('download');
    await auditPopup.getByRole('button', { name: 'Save audit report' }).click();
    const auditPath = await (await auditSaved).path();

    for (const path of [reportPath, auditPath]) {
      // Read as HTML by its name, as the user's browser opens a saved .html file.
      const html = `${path}.html`;
      await copyFile(path!, html);
      const report = await ext.context.newPage();
      await report.goto(`file://${html}`);
      await report.locator('h1').first().waitFor();
      await expectNoViolations(report);
      await report.close();
    }
    await Promise.all([popup.close(), page.close(), auditPopup.close(), audited.page.close()]);
  });

  it('Options and the welcome page with a checked sample', async () => {
    const options = await ext.context.newPage();
    await options.setViewportSize({ width: 760, height: 700 });
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await expect.poll(() => options.getByLabel('Base URL', { exact: true }).inputValue()).toBe(model.baseUrl);
    await expectNoViolations(options);
    await options.close();

    const welcome = await ext.context.newPage();
    await welcome.setViewportSize({ width: 1200, height: 1000 });
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    const ducks = welcome.locator('[data-testid="welcome-sample"][data-sample="ducks"]');
    await expect.poll(() => welcome.getByTestId('welcome-builtin').getAttribute('data-state')).not.toBe('unknown');
    await ducks.getByRole('button', { name: 'Check this caption' }).click();
    await ducks.locator('[data-testid="check-status"][data-state="done"]').waitFor({ timeout: 30_000 });
    await expectNoViolations(welcome);
    await welcome.close();
  });

  it('the in-page caption dialog, its closed shadow root shown to axe through the DevTools protocol', async () => {
    const page = await ext.context.newPage();
    await page.goto(`${pages.origin}/a11y-chooser.html`);
    const tabId = await tabIdOf(ext, page);
    await grantActiveTab(ext, page);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: `${pages.origin}/a11y-plain.jpg`, pageUrl: page.url() });
    await waitForChooser(page);

    // The root is closed: page scripts (axe among them) get null from `host.shadowRoot`. The protocol
    // reaches it; the test hands it to axe as the host's `shadowRoot`, on the page's own wrapper of the host
    // only (the product's content script lives in another world and is untouched).
    const cdp = await ext.context.newCDPSession(page);
    type DomNode = { nodeId: number; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const hosts: DomNode[] = [];
    const walk = (node: DomNode) => {
      const attrs = node.attributes ?? [];
      for (let i = 0; i < attrs.length; i += 2) if (attrs[i] === 'data-caption-check' && attrs[i + 1] === 'chooser') hosts.push(node);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) walk(child);
    };
    walk(root);
    expect(hosts).toHaveLength(1);
    const shadow = hosts[0]!.shadowRoots?.[0];
    expect(shadow).toBeDefined();
    const { object } = (await cdp.send('DOM.resolveNode', { nodeId: shadow!.nodeId })) as { object: { objectId: string } };
    await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function () { Object.defineProperty(this.host, "shadowRoot", { value: this, configurable: true }); }',
    });
    expect(await page.evaluate(() => document.querySelector('[data-caption-check="chooser"]')?.shadowRoot?.querySelector('[role="dialog"], dialog') != null)).toBe(true);
    await cdp.detach();

    // One kind of finding is left out here: axe cannot tell the dialog's background inside a root the page
    // cannot see (every text comes back "unjudged"), so the test measures those contrasts itself, below.
    // Everything else in the dialog is held to zero.
    await expectNoViolations(page, '[data-caption-check="chooser"]', [{ rule: 'color-contrast-unjudged', node: /data-caption-check/ }]);
    // axe judged inside the revealed root: it passed nodes it names by a path through it (host, then the box).
    expect(
      await page.evaluate(async () => {
        const { passes } = await axe.run(document.querySelector('[data-caption-check="chooser"]'), { resultTypes: ['passes'] });
        return passes.some((rule) => rule.nodes.some((n) => n.target.some((step) => Array.isArray(step) && step.length === 2 && step[1] === 'textarea')));
      }),
    ).toBe(true);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await lowContrastInChooser(page), scheme).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('the view tabs follow the WAI-ARIA tabs pattern', async () => {
    const { popup, page } = await popupWithResult();
    const tabs = popup.getByRole('tablist').getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(2);
    const state = () =>
      popup.evaluate(() =>
        [...document.querySelectorAll('[role="tablist"] > [role="tab"]')].map((tab) => {
          const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
          return {
            name: tab.textContent?.replace(/\s*\(\d+\)$/, ''),
            selected: tab.getAttribute('aria-selected'),
            tabIndex: (tab as HTMLElement).tabIndex,
            focused: document.activeElement === tab,
            panel: panel?.getAttribute('role') === 'tabpanel' && panel.getAttribute('aria-labelledby') === tab.id ? (panel.hidden ? 'hidden' : 'shown') : 'missing',
          };
        }),
      );
    const at = (selected: 'This check' | 'History', focused = true) =>
      (['This check', 'History'] as const).map((name) => ({
        name,
        selected: String(name === selected),
        tabIndex: name === selected ? 0 : -1,
        focused: focused && name === selected,
        panel: name === selected ? 'shown' : 'hidden',
      }));

    await expect.poll(state).toEqual(at('This check', false));
    await tabs.first().focus();
    for (const [key, selected] of [
      ['ArrowRight', 'History'],
      ['ArrowRight', 'This check'], // wraps around
      ['ArrowLeft', 'History'], // wraps around
      ['ArrowLeft', 'This check'],
      ['End', 'History'],
      ['Home', 'This check'],
    ] as const) {
      await popup.keyboard.press(key);
      await expect.poll(state, { message: `after ${key}` }).toEqual(at(selected));
    }
    // Tab leaves the tab list for the selected panel's content, not the other tab.
    await popup.keyboard.press('Tab');
    await expect.poll(() => popup.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
    await Promise.all([popup.close(), page.close()]);
  });

  it('the keyboard reaches every control of the popup with a result, each with a visible focus', async () => {
    const { popup, page } = await popupWithResult();
    // Every control a user can operate, as the page lists them (the tab list is one stop: its selected tab).
    const controls = await popup.evaluate(() => {
      const listed = [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [tabindex]')]
        .filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .filter((el) => el.tabIndex >= 0);
      (window as unknown as { controls: HTMLElement[] }).controls = listed;
      return listed.map((el) => el.outerHTML.slice(0, 100));
    });
    expect(controls.length).toBeGreaterThan(5);
    // Tab through once round (and a little more): each stop is a listed control, and shows its focus.
    const stops: { index: number; html: string; visible: boolean }[] = [];
    for (let i = 0; i < controls.length + 3; i += 1) {
      await popup.keyboard.press('Tab');
      const stop = await popup.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || style.boxShadow !== 'none';
        return { index: (window as unknown as { controls: HTMLElement[] }).controls.indexOf(el), html: el.outerHTML.slice(0, 100), visible };
      });
      if (stop) stops.push(stop);
    }
    const missed = controls.filter((_, index) => !stops.some((s) => s.index === index));
    expect(missed).toEqual([]);
    expect(stops.filter((s) => s.index < 0).map((s) => s.html)).toEqual([]);
    expect(stops.filter((s) => !s.visible).map((s) => s.html)).toEqual([]);
    await Promise.all([popup.close(), page.close()]);
  });
});
