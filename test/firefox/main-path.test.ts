// The main path in real Firefox, through what a user touches: Options → Save; on an article, the popup's
// "Pick an image on this page", a click on the image, Enter on the offered caption; verdicts from the
// local model server in the popup. Plus one fault: a key the endpoint refuses says how to fix it.
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startModelServer, type ModelServer } from '../server/openai-server';
import { figurePage, makeJpeg, startPageServer, type PageServer } from '../browser/page-server';
import { launchFirefox, type FirefoxWithAddon } from './firefox';

const CAPTION = 'Two orange cats sit on a sofa. A dog sleeps under the table.';

describe('Firefox: the main path end to end', () => {
  let firefox: FirefoxWithAddon;
  let model: ModelServer;
  let pages: PageServer;

  beforeAll(async () => {
    [model, pages] = await Promise.all([startModelServer({ apiKey: 'sk-firefox' }), startPageServer()]);
    // Two articles with their own photos: the second check must reach the endpoint, not the verdict cache.
    for (const [name, color] of [['first', { r: 230, g: 140, b: 40 }], ['second', { r: 40, g: 120, b: 220 }]] as const) {
      pages.route(`/${name}.jpg`, { type: 'image/jpeg', body: await makeJpeg(800, 600, color) });
      // The page watches for elements it did not add: the picker's overlay shows up as one.
      pages.route(
        `/${name}.html`,
        figurePage(
          `/${name}.jpg`,
          CAPTION,
          `<script>
            window.foreignNodes = 0;
            new MutationObserver((records) => { for (const r of records) window.foreignNodes += r.addedNodes.length; })
              .observe(document.documentElement, { childList: true, subtree: true });
          </script>`,
        ),
      );
    }
    pages.route('/blank.html', { type: 'text/html; charset=utf-8', body: '<!doctype html><title>blank</title>' });
    firefox = await launchFirefox(inject('firefoxAddonDir'));
  });

  afterAll(async () => {
    await Promise.all([firefox?.close(), model?.close(), pages?.close()]);
  });

  /**
   * Clicks the element `selector` finds once it is there, enabled, and at the same place on two polls in a row
   * (what puppeteer's locator waits for). Not the locator itself: it checks "enabled" with a function it makes
   * in the page, which an extension page's CSP (no eval) refuses in Firefox 140 ESR, the oldest Firefox the
   * add-on supports and Debian 12's without its security updates; newer Firefox lets the driver's scripts through.
   */
  async function clickWhenSettled(page: Page, selector: string): Promise<void> {
    let target: ElementHandle | null = null;
    let previous = '';
    await expect
      .poll(
        async () => {
          target = await page.$(selector);
          const state = target
            ? await target.evaluate((el) => {
                const box = el.getBoundingClientRect();
                return JSON.stringify({ disabled: (el as HTMLButtonElement).disabled === true, box: [box.x, box.y, box.width, box.height] });
              })
            : '';
          const settled = state !== '' && state === previous && !(JSON.parse(state) as { disabled: boolean }).disabled;
          previous = state;
          return settled;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await target!.click();
  }

  async function saveOptions(apiKey: string): Promise<void> {
    const start = await firefox.browser.newPage();
    await start.goto(`${pages.origin}/blank.html`);
    const options = await firefox.openProductPage(start, 'options.html');
    await options.bringToFront();
    // The form's fields sit inside their <label>s; find each by the label's own text, as a user reads it.
    const fill = async (label: string, text: string) => {
      await expect.poll(() => options.evaluate(() => document.querySelectorAll('label').length), { timeout: 20_000 }).toBeGreaterThan(0);
      const handle = await options.evaluateHandle((name) => {
        const found = [...document.querySelectorAll('label')].find((l) => l.firstChild?.textContent?.trim() === name);
        return found?.querySelector('input') ?? null;
      }, label);
      const input = handle.asElement() as ElementHandle<HTMLInputElement> | null;
      if (!input) throw new Error(`No field labelled ${label}`);
      // Focused, not clicked: a click lands where the field was, and the form moves while the model list loads.
      // Replaced as a user does: select all, type over it (a triple click does not select a number field's
      // value in Firefox, and an emptied number field reads 0 here, so "1" typed after it would read "01").
      await input.focus();
      await options.keyboard.down('Control');
      await options.keyboard.press('KeyA');
      await options.keyboard.up('Control');
      await input.type(text);
      await expect.poll(() => input.evaluate((el) => el.value)).toBe(text);
    };
    await fill('Base URL', model.baseUrl);
    await fill('API key', apiKey);
    await fill('Model', 'test-vlm');
    // No agreement sampling (1 = off): this suite counts the verification requests.
    await fill('Agreement score where the endpoint gives no logprobs (samples, 1 = off)', '1');
    await clickWhenSettled(options, '::-p-aria([name="Save"][role="button"])');
    await expect.poll(() => options.evaluate(() => document.querySelector('[data-testid="settings-status"]')?.textContent ?? ''), { timeout: 20_000 }).toContain('Saved.');
    await Promise.all([options.close(), start.close()]);
  }

  /** Pick → click the image → Enter on the chooser; returns the article page. */
  async function pickAndConfirm(name: 'first' | 'second'): Promise<Page> {
    const article = await firefox.browser.newPage();
    await article.goto(`${pages.origin}/${name}.html`);
    const popup = await firefox.openProductPage(article, 'popup.html?tabId=TAB');
    await popup.bringToFront();
    await clickWhenSettled(popup, '::-p-aria([name="Pick an image on this page"][role="button"])');
    await article.bringToFront();
    // The picker is in the page once an element the page did not write has appeared.
    await expect.poll(() => article.evaluate(() => (window as unknown as { foreignNodes: number }).foreignNodes), { timeout: 20_000 }).toBeGreaterThan(0);
    const box = (await (await article.$('#photo'))!.boundingBox())!;
    await article.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await article.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The chooser opens focused on its caption box (its host is the page's active element, the root closed).
    await expect
      .poll(() => article.evaluate(() => document.activeElement !== document.body && document.activeElement?.shadowRoot === null), { timeout: 20_000 })
      .toBe(true);
    await article.keyboard.press('Enter');
    return article;
  }

  async function popupText(article: Page, until: (text: string) => boolean): Promise<string> {
    const popup = await firefox.openProductPage(article, 'popup.html?tabId=TAB');
    let text = '';
    await expect
      .poll(
        async () => {
          text = await popup.evaluate(() => document.body.innerText);
          return until(text);
        },
        { timeout: 30_000 },
      )
      .toBe(true)
      .catch((error: unknown) => {
        throw new Error(`The popup never showed what was expected; it showed:\n${text}`, { cause: error });
      });
    await popup.close();
    return text;
  }

  it('options, pick, confirm: the verdicts arrive in the popup', async () => {
    model.reset();
    model.set({ falseWhen: [{ match: /dog/i, error_type: ['Object'] }] });
    await saveOptions('sk-firefox');
    const article = await pickAndConfirm('first');
    await expect.poll(() => model.requests.filter((r) => r.image && r.status === 200).length, { timeout: 30_000 }).toBe(1);
    const request = model.requests.find((r) => r.image)!;
    expect(request.claims).toEqual(['Two orange cats sit on a sofa.', 'A dog sleeps under the table.']);
    expect(request.problems).toEqual([]);
    expect(request.headers.authorization).toBe('Bearer sk-firefox');
    const text = await popupText(article, (t) => t.includes('1 of 2 claims not supported'));
    expect(text).toContain('Two orange cats sit on a sofa.');
    expect(text).toContain('Object');
    await article.close();
  });

  it('a key the endpoint refuses: the popup says so and offers Options', async () => {
    model.reset();
    await saveOptions('sk-wrong');
    const article = await pickAndConfirm('second');
    const refused = () => model.requests.filter((r) => r.path.endsWith('/chat/completions') && r.status === 401).length;
    await expect.poll(refused, { timeout: 30_000 }).toBeGreaterThan(0);
    const text = await popupText(article, (t) => t.includes('The endpoint rejected the API key. Check your API key in Options.'));
    expect(text).toContain('Open Options');
    // The claims stay on screen, waiting for a verdict, for a Re-run once the key is fixed.
    expect(text).toContain('A dog sleeps under the table.');
    await article.close();
  });
});
