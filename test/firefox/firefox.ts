// Drives the built add-on in real Firefox (Debian's firefox-esr) over WebDriver BiDi, with no geckodriver.
// BiDi may not navigate a tab to moz-extension:// pages, so a small test-only add-on beside the product
// (helper-addon/) opens them on a test page's request; the product's internal host is pinned by a pref.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureFirefoxLanguagePack } from '../../scripts/system-packages';
import { findBrowser } from '../browser/find-chromium';

const GECKO_ID = 'caption-check@caption-check.dev';
/** The product's moz-extension:// host in the tests (random per install otherwise). */
export const PRODUCT_UUID = '6f1c2a8e-5b3d-4e7f-9a10-c4d2e8b7f301';
const PRODUCT_ORIGIN = `moz-extension://${PRODUCT_UUID}`;
const HELPER_DIR = resolve('test/firefox/helper-addon');

/** Firefox to drive: FIREFOX_PATH, else firefox-esr or firefox on PATH; Debian's firefox-esr on a fresh machine. */
export function findFirefox(): string {
  return findBrowser({ envVar: 'FIREFOX_PATH', names: ['firefox-esr', 'firefox'], debianPackage: 'firefox-esr', label: 'Firefox' });
}

export { TEST_GRANTED_ORIGINS, buildFirefoxAddon } from './addon-build';

export interface FirefoxWithAddon {
  browser: Browser;
  /** Opens a page of the product (`options.html`, `popup.html?tabId=TAB`) for the tab of `from`. */
  openProductPage(from: Page, path: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Launches headless Firefox with the product and the test helper installed as temporary add-ons; with `lang`,
 * Firefox's UI in that language (its language pack, Debian's firefox-esr-l10n-<lang>, found or installed).
 */
export async function launchFirefox(addonDir: string, { lang }: { lang?: string } = {}): Promise<FirefoxWithAddon> {
  const executablePath = findFirefox();
  if (lang) ensureFirefoxLanguagePack(executablePath, lang);
  const profile = mkdtempSync(join(tmpdir(), 'caption-check-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: PRODUCT_UUID }),
      // The closed network here: no update, telemetry or remote-settings traffic.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      ...(lang ? { 'intl.locale.requested': lang } : {}),
    },
  });
  await browser.installExtension(addonDir);
  await browser.installExtension(HELPER_DIR);
  // The install opens the welcome page; closed first, so the tests' own tabs are the only ones. (A loop,
  // not expect.poll: this runs in beforeAll.)
  for (const until = Date.now() + 20_000; ; ) {
    const pages = await browser.pages();
    const hrefs = await Promise.all(pages.map((page) => page.evaluate(() => location.href).catch(() => '')));
    const welcome = pages.filter((_, i) => hrefs[i] === `${PRODUCT_ORIGIN}/welcome.html`);
    if (welcome.length) {
      await Promise.all(welcome.map((page) => page.close()));
      break;
    }
    if (Date.now() > until) throw new Error('the install did not open the welcome page');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // Asks the helper add-on, through the content script in `from`, to open `url` in a new tab; true once it
  // says the tab is open. The page asks until answered: a first request can go out before the script listens
  // (about one run in eight lost it), and the helper opens one tab per request id however often it is asked.
  const requestTab = (from: Page, url: string): Promise<boolean> =>
    from.evaluate(
      (wanted, id) =>
        new Promise<boolean>((resolve) => {
          const ask = () => window.postMessage({ captionCheckTestOpen: wanted, request: id }, '*');
          const timer = setInterval(ask, 500);
          const give = setTimeout(() => finish(false), 15_000);
          const onMessage = (event: MessageEvent) => {
            if (event.source === window && event.data?.captionCheckTestOpened === id) finish(true);
          };
          function finish(ok: boolean) {
            clearInterval(timer);
            clearTimeout(give);
            window.removeEventListener('message', onMessage);
            resolve(ok);
          }
          window.addEventListener('message', onMessage);
          ask();
        }),
      url,
      `${Date.now()}-${Math.random()}`,
    );

  const openProductPage = async (from: Page, path: string): Promise<Page> => {
    const wanted = `${PRODUCT_ORIGIN}/${path}`;
    const before = new Set(await browser.pages());
    let seen: string[] = [];
    const findOpened = async (): Promise<Page | undefined> => {
      const pages = (await browser.pages()).filter((page) => !before.has(page));
      // The address the browser reports for each tab, and what the page itself says where the tab has no
      // address yet: a script run in a tab that is still loading may fail, which is no answer.
      seen = await Promise.all(pages.map(async (page) => (page.url().startsWith(PRODUCT_ORIGIN) ? page.url() : await page.evaluate(() => location.href).catch(() => page.url()))));
      return pages.find((_, i) => seen[i]!.startsWith(PRODUCT_ORIGIN));
    };
    // Now and then the driver never lists a tab the helper opened (about one run in ten: the helper had said
    // it was open, and no new tab showed in 20 s), so after a few seconds without it the helper is asked again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) console.warn(`no tab of ${wanted} listed 6 s after the helper opened it; asking again (request ${attempt})`);
      if (!(await requestTab(from, wanted))) throw new Error(`the test helper add-on never answered the request to open ${wanted} from ${from.url()}`);
      for (const until = Date.now() + 6_000; Date.now() < until; ) {
        const opened = await findOpened();
        if (opened) return opened;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    throw new Error(`no tab of ${wanted} appeared after 3 requests; the new tabs were at: ${seen.join(', ') || 'none'}`);
  };

  return {
    browser,
    openProductPage,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
