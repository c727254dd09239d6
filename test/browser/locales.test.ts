// The interface in the browser's language. Chromium started with --lang=de, ar or hi shows the popup with a
// result, Options and the welcome page in that language (every string compared with locales/<lang>); in
// Arabic the pages lay out right to left while an English caption's claims keep left to right. A caption in
// another language offers the model's split in its note. Pictures docs/popup-<lang>.png when asked for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATOMIC_SYSTEM_PROMPT } from '@/lib/claims/atomic';
import { fontFamiliesFor } from '../../scripts/system-packages';
import { readChooser, waitForChooser, waitForChooserClosed } from './chooser-driver';
import { clickMenu } from './extension';
import { browserSuite } from './fixture';
import { checkWithSelection, freshArticle, openGranted, popupAt, storedJob } from './results-flow';
import { docsPicture } from './screenshots';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table. The cats look at the camera.';
const LONG_CAPTION =
  'A small blue square is visible to the right of the red triangle, and a long grey line runs under both shapes from the left edge of the picture to the right edge, where it meets a yellow circle.';

/** The messages of one locale, as the built extension ships them. */
function messagesOf(lang: string): (key: string) => string {
  const messages = JSON.parse(readFileSync(`locales/${lang}/messages.json`, 'utf8')) as Record<string, { message: string }>;
  return (key) => {
    const text = messages[key]?.message;
    if (text === undefined) throw new Error(`locales/${lang} has no ${key}`);
    return text;
  };
}
const english = messagesOf('en');

interface DomNode {
  nodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}
const attribute = (node: DomNode, name: string) => {
  const at = node.attributes?.findIndex((value, i) => i % 2 === 0 && value === name) ?? -1;
  return at >= 0 ? node.attributes![at + 1] : undefined;
};
/** The first node under `node` (shadow roots included) that `test` accepts. */
function findNode(node: DomNode, test: (node: DomNode) => boolean): DomNode | undefined {
  if (test(node)) return node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const found = findNode(child, test);
    if (found) return found;
  }
  return undefined;
}

describe.each(['de', 'ar', 'hi'])('the interface in %s', (lang) => {
  const suite = browserSuite({ lang, ownBrowser: 'the UI language is fixed when the browser starts', closePages: true });
  const m = messagesOf(lang);
  const rtl = lang === 'ar';

  it('the popup shows a result in the language, its direction, and the English claims left to right', async () => {
    const { ext, model, pages } = suite;
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    const claims = popup.getByTestId('claim');
    await expect.poll(() => claims.count()).toBe(3);
    await expect.poll(() => claims.nth(1).getAttribute('data-label')).toBe('false');
    await expect.poll(() => claims.nth(1).innerText()).toContain(m('verdictNotSupported'));
    expect(await claims.nth(0).innerText()).toContain(m('verdictSupported'));
    // The model's label "Object" is stored as given and shown in the language (lib/labels.ts).
    expect(await claims.nth(1).getAttribute('data-error-types')).toBe('Object');
    expect((await claims.nth(1).locator('.chip').innerText()).trim()).toBe(m('errorTypeObject'));
    await popup.getByRole('button', { name: m('rerun'), exact: true }).waitFor();
    await popup.getByRole('tab', { name: m('tabCheck') }).waitFor();
    const body = await popup.locator('body').innerText();
    for (const key of ['verdictNotSupported', 'rerun', 'editClaims', 'saveReport']) expect(body, key).not.toContain(english(key));

    const root = await popup.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
    expect(root).toEqual({ lang: m('pluralLocale'), dir: rtl ? 'rtl' : 'ltr' });
    expect(await popup.locator('main, body').first().evaluate((el) => getComputedStyle(el).direction)).toBe(rtl ? 'rtl' : 'ltr');
    // The claim is the caption's text: it keeps its own (English, left-to-right) direction in any UI.
    const claimText = claims.nth(1).locator('.claim__words');
    expect(await claimText.innerText()).toBe('A dog sleeps under the table.');
    expect(await claimText.evaluate((el) => ({ ltr: el.matches(':dir(ltr)'), direction: getComputedStyle(el).direction }))).toEqual({ ltr: true, direction: 'ltr' });

    await popup.setViewportSize({ width: 420, height: 400 });
    await popup.screenshot({ path: docsPicture(`popup-${lang}.png`), fullPage: true });
    await popup.close();
  });

  it('the caption dialog on the page speaks the language and takes its direction', async () => {
    const { ext, pages } = suite;
    const { article, photo } = await freshArticle(pages, CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await clickMenu(ext, tabId, { menuItemId: 'check-image', srcUrl: photo, pageUrl: page.url() });
    const view = await waitForChooser(page);
    expect(view.label).toBe(m('chooserLabel'));
    expect(view.buttons).toEqual(expect.arrayContaining([m('chooserConfirm'), m('cancel')]));
    expect(view.text).toContain(m('chooserTitle'));
    // The dialog lives in a closed shadow root: its direction is read through the DevTools DOM, which pierces it.
    const cdp = await page.context().newCDPSession(page);
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const panel = findNode(root, (node) => attribute(node, 'role') === 'dialog');
    expect(panel && attribute(panel, 'dir')).toBe(rtl ? 'rtl' : 'ltr');
    // The caption box keeps the caption's own direction.
    const box = findNode(panel!, (node) => node.nodeName === 'TEXTAREA');
    expect(box && attribute(box, 'dir')).toBe('auto');
    // A suggestion's English text is cut at its own end (left to right, ellipsis), not from its start in Arabic.
    const suggestion = findNode(panel!, (node) => attribute(node, 'class') === 'text')!;
    await cdp.send('CSS.enable');
    const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', { nodeId: suggestion.nodeId })) as { computedStyle: { name: string; value: string }[] };
    const style = Object.fromEntries(computedStyle.filter((p) => ['direction', 'overflow-x', 'text-overflow'].includes(p.name)).map((p) => [p.name, p.value]));
    expect(style).toEqual({ direction: 'ltr', 'overflow-x': 'hidden', 'text-overflow': 'ellipsis' });
    await cdp.detach();
    await page.keyboard.press('Escape');
    await waitForChooserClosed(page);
    expect(await readChooser(page)).toBeNull();
  });

  it('Options and the welcome page speak the language', async () => {
    const { ext } = suite;
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await options.getByRole('heading', { level: 1, name: m('optionsTitle') }).waitFor();
    await options.getByRole('button', { name: m('testConnection') }).waitFor();
    await options.getByRole('heading', { name: m('builtinTitle') }).waitFor();
    expect(await options.evaluate(() => document.documentElement.dir)).toBe(rtl ? 'rtl' : 'ltr');
    expect(await options.locator('body').innerText()).not.toContain(english('testConnection'));
    // The provider choice for any other endpoint, and the tab's title, in the language.
    expect(await options.getByLabel(m('preset')).locator('option[value="custom"]').textContent()).toBe(m('providerCustom'));
    expect(await options.title()).toBe(m('optionsTitle'));
    await options.close();

    const welcome = await ext.context.newPage();
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    await welcome.getByRole('heading', { level: 1, name: m('welcomeTitle') }).waitFor();
    await expect.poll(() => welcome.getByRole('button', { name: m('welcomeCheckSample') }).count()).toBe(3);
    await welcome.getByRole('heading', { name: m('welcomeConnectTitle') }).waitFor();
    expect(await welcome.evaluate(() => document.documentElement.dir)).toBe(rtl ? 'rtl' : 'ltr');
    // The samples' captions are what the model checks: English, and left to right in an Arabic page.
    const caption = welcome.locator('[data-testid="welcome-sample"] figcaption').first();
    expect(await caption.evaluate((el) => ({ lang: (el as HTMLElement).lang, direction: getComputedStyle(el).direction }))).toEqual({ lang: 'en', direction: 'ltr' });
    expect(await welcome.locator('main').innerText()).not.toContain(english('welcomeTitle'));
    await expect.poll(() => welcome.title()).toBe(m('welcomeTitle'));
    await welcome.close();
  });

  it("draws the language's words in Options with fonts that have their glyphs (no empty boxes in the pictures)", async () => {
    const { ext } = suite;
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await options.getByRole('heading', { level: 1, name: m('optionsTitle') }).waitFor();
    // The heading's words in the language alone (not the product's name), in a span of the heading's own fonts.
    const words = m('optionsTitle').replace('Caption Check', '').replace(/[^\p{L}\p{M}]/gu, '');
    expect(words.length).toBeGreaterThan(3);
    await options.evaluate((text) => {
      const probe = document.createElement('span');
      probe.id = 'glyph-probe';
      probe.textContent = text;
      document.querySelector('h1')!.append(probe);
      probe.getBoundingClientRect();
    }, words);
    const cdp = await options.context().newCDPSession(options);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#glyph-probe' })) as { nodeId: number };
    // The fonts a node used are known once its text has been shaped: ask until the answer names some.
    const fontsUsed = async () => ((await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: { familyName: string }[] }).fonts;
    await expect.poll(async () => (await fontsUsed()).length).toBeGreaterThan(0);
    const fonts = await fontsUsed();
    await cdp.detach();
    // Chromium draws a glyph no font has as an empty box in whatever font it fell back to: each font it used
    // for the words must be one fontconfig lists as covering the language.
    const covering = fontFamiliesFor(lang);
    expect(fonts.map((font) => font.familyName).filter((family) => !covering.includes(family))).toEqual([]);
    await options.close();
  });

  it("History keeps a long English caption's start and each part of an entry's meta line apart", async () => {
    const { ext, pages } = suite;
    const { article, photo } = await freshArticle(pages, LONG_CAPTION);
    const { page, tabId } = await openGranted(ext, article);
    await checkWithSelection(ext, page, tabId, photo);
    const popup = await popupAt(ext, tabId);
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.locator('#tab-history').click();
    const entry = popup.getByTestId('history-entry').filter({ hasText: 'A small blue square' }).first();
    await entry.waitFor();
    // The caption is cut after two lines at its end, in its own (left-to-right) direction: its first words show.
    const open = entry.locator('.history__open');
    const cut = await open.evaluate((button) => {
      const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) as Text;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 'A small'.length);
      const first = range.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return { direction: getComputedStyle(button).direction, firstShown: first.left >= box.left - 1 && first.right <= box.right + 1 && first.top >= box.top - 1 && first.bottom <= box.bottom + 1, clipped: button.scrollHeight > button.clientHeight };
    });
    expect(cut).toEqual({ direction: 'ltr', firstShown: true, clipped: true });
    // Date, model and page title each in a run of its own.
    expect(await entry.locator('.meta bdi').count()).toBe(3);
    if (rtl) await popup.screenshot({ path: docsPicture('history-ar.png') });
    await Promise.all([popup.close(), page.close()]);
  });

  // The German browser's own: a caption in another language (the same launch, the UI language is all these need).
  if (lang === 'de')
    describe('a caption in another language', () => {
      // Chromium starting under load can give the extension's process an empty message table: every getMessage
      // answers "" in the worker and each extension page, as the page below is made to see it from its first script.
      it("speaks German in Options and the popup when the browser's message table is lost", async () => {
        const { ext, model, pages } = suite;
        model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'], reasoning: 'There is no dog in the image.' }] });
        const { article, photo } = await freshArticle(pages, CAPTION);
        const { page, tabId } = await openGranted(ext, article);
        await checkWithSelection(ext, page, tabId, photo);
        const lost = () => {
          chrome.i18n.getMessage = () => '';
        };
        const options = await ext.context.newPage();
        await options.addInitScript(lost);
        await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
        await options.getByRole('heading', { level: 1, name: m('optionsTitle') }).waitFor();
        // The table really was lost in this page: the browser's lookup answers nothing.
        expect(await options.evaluate(() => (chrome.i18n.getMessage as (key: string) => string)('optionsTitle'))).toBe('');
        expect(await options.title()).toBe(m('optionsTitle'));
        expect(await options.evaluate(() => document.documentElement.lang)).toBe(m('pluralLocale'));
        await options.getByRole('button', { name: m('testConnection') }).waitFor();

        const popup = await ext.context.newPage();
        await popup.addInitScript(lost);
        await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
        const claims = popup.getByTestId('claim');
        await expect.poll(() => claims.count()).toBe(3);
        await expect.poll(() => claims.nth(1).innerText()).toContain(m('verdictNotSupported'));
        await popup.getByRole('button', { name: m('rerun'), exact: true }).waitFor();
        expect(await popup.locator('body').innerText()).not.toContain(english('rerun'));
        await Promise.all([options.close(), popup.close(), page.close()]);
      });

      it('is checked sentence by sentence, and one click splits it with the model (one more request)', async () => {
        const { ext, model, pages } = suite;
        model.set({
          falseWhen: [],
          onTextRequest: () =>
            JSON.stringify({
              claims: [
                { text: 'Zwei Katzen sitzen auf einem Sofa.', sentence: 0 },
                { text: 'Ein Hund schläft.', sentence: 1 },
                { text: 'Der Hund liegt unter dem Tisch.', sentence: 1 },
              ],
            }),
        });
        const { article, photo } = await freshArticle(pages, 'Zwei Katzen sitzen auf einem Sofa. Ein Hund schläft unter dem Tisch.');
        const { page, tabId } = await openGranted(ext, article);
        await checkWithSelection(ext, page, tabId, photo);
        const popup = await popupAt(ext, tabId);
        await expect.poll(() => popup.getByTestId('claim').count()).toBe(2);
        await popup.getByText(m('noteNotEnglish')).waitFor();
        const offer = popup.getByTestId('split-offer');
        expect(await offer.innerText()).toContain(m('splitOffer'));
        const before = model.requests.length;
        const first = (await storedJob(ext, tabId))!;
        expect(first.otherLanguage).toBe(true);

        await offer.getByRole('button', { name: m('splitWithModel') }).click();
        await expect.poll(async () => (await storedJob(ext, tabId))?.claims.map((c) => c.text)).toEqual([
          'Zwei Katzen sitzen auf einem Sofa.',
          'Ein Hund schläft.',
          'Der Hund liegt unter dem Tisch.',
        ]);
        // The popup shows the new check (three claims) and its end, not the two-claim check before it.
        await expect.poll(() => popup.getByTestId('claim').count()).toBe(3);
        await popup.locator('[data-testid="check-status"][data-state="done"]').waitFor();
        const system = (r: { body: unknown }) => JSON.stringify((r.body as { messages?: { role: string; content: unknown }[] }).messages?.[0]?.content ?? '');
        const split = model.requests.slice(before).filter((r) => system(r) === JSON.stringify(ATOMIC_SYSTEM_PROMPT));
        expect(split).toHaveLength(1);
        // The split's request is the one more: then the check itself.
        expect(model.requests.slice(before).filter((r) => r.claims.length > 0).map((r) => r.claims)).toEqual([
          ['Zwei Katzen sitzen auf einem Sofa.', 'Ein Hund schläft.', 'Der Hund liegt unter dem Tisch.'],
        ]);
        await expect.poll(() => popup.getByTestId('split-offer').count()).toBe(0);
        await popup.close();
      });
    });
});
