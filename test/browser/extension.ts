import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { ensureFontsFor } from '../../scripts/system-packages';
import { findChromium } from './find-chromium';

export const EXTENSION_DIR = resolve(process.env.CAPTION_CHECK_OUT_DIR ?? '.output', 'chrome-mv3');
/** A second, test-only extension with the `tabs` and `webNavigation` permissions the product does not ask for. */
const HELPER_DIR = resolve('test/browser/helper-extension');

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  helper: Worker;
  extensionId: string;
  /** How many welcome tabs the install opened (the launch waits for it and closes it, so tests start clean). */
  welcomeTabs: number;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium with the built extension loaded, as a user profile would have it (another
 * build folder may be given; the profile goes in a fresh folder under `profileRoot`, the system's temp
 * folder unless given). With `lang`, the browser's UI in that language, with a font that has its glyphs
 * (found, or Debian's Noto fonts installed). Most suites share one launch instead: shared-browser.ts.
 */
export async function launchWithExtension(
  extensionDir: string = EXTENSION_DIR,
  { profileRoot = tmpdir(), lang }: { profileRoot?: string; lang?: string } = {},
): Promise<LoadedExtension> {
  if (lang) ensureFontsFor([lang]);
  const profile = await mkdtemp(join(profileRoot, 'caption-check-profile-'));
  // Chromium's own temp files (the folder of its single-instance socket, left behind when a run ends it by
  // signal) go beside the profile and are removed with it, not left in the system's temp folder.
  const scratch = await mkdtemp(join(profileRoot, 'caption-check-tmp-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    viewport: { width: 1100, height: 800 },
    // The browser's UI language (what browser.i18n follows): --lang, and on Linux the LANGUAGE Chromium reads at start.
    env: { ...process.env, TMPDIR: scratch, ...(lang ? { LANGUAGE: lang } : {}) },
    ...(lang ? { locale: lang } : {}),
    args: [
      ...(lang ? [`--lang=${lang}`] : []),
      `--disable-extensions-except=${extensionDir},${HELPER_DIR}`,
      `--load-extension=${extensionDir},${HELPER_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // A .invalid name is not found (RFC 6761: it never resolves), said by the browser itself rather than the
      // machine's DNS server, whose answer here now and then came only after its 5 s retry, as late as the
      // product's own 5 s limit (faults.test.ts then saw a timeout).
      '--host-resolver-rules=MAP *.invalid ~NOTFOUND',
      // The browser's own window (tab strip, toolbar, bubbles), never the pages or the extension: its animations
      // end at once instead of repainting the window frame by frame (a tab opening or closing, a bubble), and the
      // address bar's WebUI dropdown, which in headless mode resized itself with the window over and over, is off
      // (Chromium adds this list to the one Playwright passes). Together about a sixth of the browser tests' CPU.
      '--animation-duration-scale=0',
      '--disable-features=WebUIOmniboxPopup',
    ],
  });
  const workerBy = async (file: string) =>
    context.serviceWorkers().find((w) => w.url().endsWith(file)) ??
    context.waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith(file) });
  const [worker, helper] = await Promise.all([workerBy('/background.js'), workerBy('/helper.js')]);
  const extensionId = new URL(worker.url()).host;
  const welcomeTabs = await closeWelcome(context, `chrome-extension://${extensionId}/welcome.html`);
  return {
    context,
    worker,
    helper,
    extensionId,
    welcomeTabs,
    close: async () => {
      await context.close();
      await Promise.all([profile, scratch].map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Waits for the welcome tab a first install opens, closes it, and says how many there were. */
async function closeWelcome(context: BrowserContext, url: string): Promise<number> {
  const until = Date.now() + 30_000;
  for (;;) {
    const welcome = context.pages().filter((page) => page.url() === url);
    if (welcome.length) {
      await Promise.all(welcome.map((page) => page.close()));
      return welcome.length;
    }
    if (Date.now() > until) throw new Error(`the install did not open ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The product's current service worker (it may have been restarted since launch). */
export async function currentWorker(ext: LoadedExtension): Promise<Worker> {
  const isProduct = (w: Worker) => w.url().startsWith(`chrome-extension://${ext.extensionId}/`);
  return ext.context.serviceWorkers().find(isProduct) ?? ext.context.waitForEvent('serviceworker', { predicate: isProduct });
}

/** The tab id of a page, as the extension sees it. */
export async function tabIdOf(ext: LoadedExtension, page: Page): Promise<number> {
  const url = page.url();
  return ext.helper.evaluate(async (target) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === target);
    if (tab?.id === undefined) throw new Error(`no tab for ${target}`);
    return tab.id;
  }, url);
}

/**
 * Points the toolbar button at the popup: a click that opens the side panel (the default) grants no
 * activeTab in Chromium, so the tests' toolbar clicks go to the popup, as Options lets a user choose.
 */
async function toolbarOpensPopup(ext: LoadedExtension): Promise<void> {
  const worker = await currentWorker(ext);
  // The setting, not the current popup, decides: an install-time apply may still be on its way, so after
  // changing it the worker's applies (they run in order) must have reached one that read the change.
  const changedAt = await worker.evaluate(async () => {
    const { settings } = await chrome.storage.local.get('settings');
    if ((settings as { toolbarOpens?: string } | undefined)?.toolbarOpens === 'popup') return null;
    const at = Date.now();
    await chrome.storage.local.set({ settings: { ...(settings as object), toolbarOpens: 'popup' } });
    return at;
  });
  const applied = async () =>
    changedAt === null ||
    (await (await currentWorker(ext)).evaluate(
      (since) => performance.getEntriesByName('caption-check:toolbar-applied').some((m) => ((m as PerformanceMark).detail as { at: number }).at >= since),
      changedAt,
    ));
  const popupSet = async () => (await currentWorker(ext)).evaluate(async () => (await chrome.action.getPopup({})) !== '');
  // A loop, not expect.poll: suites grant activeTab in beforeAll hooks too, where expect.poll cannot run.
  const until = Date.now() + 15_000;
  while (!((await applied()) && (await popupSet()))) {
    if (Date.now() > until) throw new Error('the toolbar button was not pointed at the popup');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Grants activeTab on the page the way a click on the toolbar button does (a dispatched menu event
 * is no user gesture), then closes the popup that click opened. The popup is a target Playwright does
 * not report as a page, so the DevTools target list is polled until it appears: its opening proves the
 * click was handled (and activeTab granted), however slow the machine.
 */
export async function grantActiveTab(ext: LoadedExtension, page: Page): Promise<void> {
  await toolbarOpensPopup(ext);
  await page.bringToFront();
  const browser = ext.context.browser();
  if (!browser) throw new Error('no browser handle');
  const cdp = await browser.newBrowserCDPSession();
  const targets = async (filter?: { type: string }[]) =>
    ((await cdp.send('Target.getTargets', (filter ? { filter } : {}) as never)) as { targetInfos: { targetId: string; type: string; url: string }[] })
      .targetInfos;
  const actionPopup = `chrome-extension://${ext.extensionId}/popup.html`;
  const before = new Set((await targets()).filter((t) => t.url === actionPopup).map((t) => t.targetId));
  // Chromium lists a "tab" target beside each page target; the action is triggered on the tab.
  const target = (await targets([{ type: 'tab' }])).find((t) => t.type === 'tab' && t.url === page.url());
  if (!target) throw new Error(`no target for ${page.url()}`);
  await cdp.send('Extensions.triggerAction' as never, { id: ext.extensionId, targetId: target.targetId } as never);
  const until = Date.now() + 15_000;
  for (;;) {
    const popup = (await targets()).find((t) => t.type === 'page' && t.url === actionPopup && !before.has(t.targetId));
    if (popup) {
      await cdp.send('Target.closeTarget', { targetId: popup.targetId });
      break;
    }
    if (Date.now() > until) throw new Error(`the toolbar button's popup did not open on ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await cdp.detach();
}

export interface MenuClick {
  menuItemId: string;
  srcUrl?: string;
  pageUrl: string;
  frameId?: number;
  /** The frame's URL, as Chrome passes it for a click inside a frame. */
  frameUrl?: string;
  mediaType?: string;
  selectionText?: string;
}

/** Fires the extension's real context-menu listener for a tab, as Chrome does on a menu click; resolves with when it fired (Date.now() in the worker). */
export async function clickMenu(ext: LoadedExtension, tabId: number, click: MenuClick): Promise<number> {
  const worker = await currentWorker(ext);
  return worker.evaluate(
    async ([info, id]) => {
      const tab = await chrome.tabs.get(id);
      const at = Date.now();
      chrome.contextMenus.onClicked.dispatch({ frameId: 0, editable: false, mediaType: 'image', ...info }, tab);
      return at;
    },
    [click, tabId] as const,
  );
}

/** Opens the popup for a tab in its own page (`popup.html?tabId=N`), without taking focus from it. */
export async function openPopup(ext: LoadedExtension, tabId: number): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
  return popup;
}

/** Presses the popup's "Pick an image on this page", as a user does; the popup then closes itself. */
export async function pickFromPopup(popup: Page): Promise<void> {
  // The popup closes once the worker has the request: a click still settling then fails for nothing.
  await popup
    .getByRole('button', { name: 'Pick an image on this page' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
}

/** The Options field that sets k for agreement scores. */
export const SAMPLES_LABEL = 'Agreement score where the endpoint gives no logprobs (samples, 1 = off)';

/** Fills the Options page by its labels and saves, as a user would. */
export async function configureEndpoint(
  ext: LoadedExtension,
  endpoint: { baseUrl: string; apiKey: string; model: string; samplesPerClaim?: number },
): Promise<void> {
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
  // Exact labels: the Options page also has fields whose labels contain these words (model list, compare model).
  await options.getByLabel('Base URL', { exact: true }).fill(endpoint.baseUrl);
  await options.getByLabel('API key', { exact: true }).fill(endpoint.apiKey);
  await options.getByLabel('Model', { exact: true }).fill(endpoint.model);
  // The local server sends no logprobs unless told; suites not about scores count their requests, so
  // they say "no agreement sampling" (1 = off) rather than lean on the default.
  await options.getByLabel(SAMPLES_LABEL, { exact: true }).fill(String(endpoint.samplesPerClaim ?? 1));
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByTestId('settings-status').filter({ hasText: 'Saved.' }).waitFor();
  // Save then asks the address whether anything answers (a GET the model server records): no test inherits it half-way.
  await options.locator('[data-testid="settings-status"][aria-busy="false"]').waitFor();
  await options.close();
}
