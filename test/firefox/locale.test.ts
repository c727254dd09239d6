// Firefox in German (its language pack: firefox-esr-l10n-de, found or installed by launchFirefox): the add-on's pages follow
// the browser's language as in Chromium (test/browser/locales.test.ts), through Firefox's own browser.i18n.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPageServer, type PageServer } from '../browser/page-server';
import { launchFirefox, type FirefoxWithAddon } from './firefox';

const german = JSON.parse(readFileSync('locales/de/messages.json', 'utf8')) as Record<string, { message: string }>;
const english = JSON.parse(readFileSync('locales/en/messages.json', 'utf8')) as Record<string, { message: string }>;

describe('Firefox in German', () => {
  let firefox: FirefoxWithAddon;
  let pages: PageServer;

  beforeAll(async () => {
    pages = await startPageServer();
    pages.route('/blank.html', { type: 'text/html; charset=utf-8', body: '<!doctype html><title>blank</title>' });
    // The run's one build (global-setup.ts); the hosts it grants play no part here.
    firefox = await launchFirefox(inject('firefoxAddonDir'), { lang: 'de' });
  });

  afterAll(async () => {
    await Promise.all([firefox?.close(), pages?.close()]);
  });

  it('the Options page speaks German', async () => {
    const start = await firefox.browser.newPage();
    await start.goto(`${pages.origin}/blank.html`);
    const options = await firefox.openProductPage(start, 'options.html');
    const read = () => options.evaluate(() => ({ lang: document.documentElement.lang, h1: document.querySelector('h1')?.textContent ?? '', body: document.body.innerText }));
    await expect.poll(async () => (await read()).h1, { timeout: 20_000 }).toBe(german.optionsTitle!.message);
    const page = await read();
    expect(page.lang).toBe('de');
    expect(page.body).toContain(german.testConnection!.message);
    expect(page.body).not.toContain(english.testConnection!.message);
    await Promise.all([options.close(), start.close()]);
  });
});
