// The one setup of the browser suites. How to use it in a new `test/browser/x.test.ts`:
//
//   const suite = browserSuite({ endpoint: 'storage', watchErrors: true });
//   it('…', async () => {
//     const { ext, model, pages } = suite;      // read inside tests/hooks: they exist once beforeAll ran
//     pages.route('/a.html', figurePage(...));
//     await expect.poll(() => popup.getByTestId('claim').count()).toBe(2);   // poll after every action
//   });
//
// It registers the hooks: beforeAll takes the test worker's shared Chromium, reset to the extension's
// state right after its install (shared-browser.ts; a suite with `ownBrowser` launches its own), starts
// the local model server and page server(s) (random ports), then saves the endpoint; afterEach fails the
// test on any unhandled rejection, uncaught error or console error of the worker (with `watchErrors`)
// and closes the tabs the test left on the page servers (with `closePages`); afterAll closes everything
// (of the shared browser, the suite's tabs).
// Assertions after an action poll (`expect.poll`, `locator.waitFor()`); "nothing happened" is proven by
// an event that had to happen first (a page-script answer, a stored job, a recorded request), never a sleep.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startModelServer, type ModelServer, type ModelServerOptions } from '../server/openai-server';
import { configureEndpoint, launchWithExtension, type LoadedExtension } from './extension';
import { startPageServer, type PageServer } from './page-server';
import { useEndpoint } from './run-check';
import { sharedExtension } from './shared-browser';
import { watchWorkerErrors } from './worker-control';

export interface SuiteOptions {
  /** Options for the local model server (behaviour, required key…). */
  model?: ModelServerOptions;
  /**
   * How the endpoint is saved before the tests: written to storage as Options stores it, typed into
   * the Options page, or not at all (a suite about first-run or about Options itself).
   */
  endpoint?: 'storage' | 'options' | false;
  /** The API key saved with the endpoint (also the one the model server requires when `model.apiKey` is set). */
  apiKey?: string;
  /** Fails each test on an unhandled rejection, uncaught error or console error in the worker. */
  watchErrors?: boolean;
  /** Closes, after each test, every tab still showing a page-server page, so no test inherits another's tabs. */
  closePages?: boolean;
  /** A build folder other than the default one (the suite then launches its own browser). */
  extensionDir?: string;
  /**
   * Why this suite cannot share the worker's browser (e.g. it counts what the install did); it then
   * launches its own, with a fresh profile, and closes it after its tests.
   */
  ownBrowser?: string;
  /** The browser's UI language (--lang), for a suite about a locale; the suite then launches its own browser. */
  lang?: string;
}

/** What the suite's tests use; each field is set once `beforeAll` has run. */
export interface BrowserSuite {
  ext: LoadedExtension;
  model: ModelServer;
  /** The site under test. */
  pages: PageServer;
  /** A second site on another origin (for cross-origin frames and images). */
  other: PageServer;
  /** The worker's error record (empty unless `watchErrors`). */
  errors: Awaited<ReturnType<typeof watchWorkerErrors>>;
}

const noErrors: BrowserSuite['errors'] = { read: async () => [], rearm: async () => undefined };

/** Registers the shared launch, servers, endpoint and error watcher for one describe block (or file). */
export function browserSuite(options: SuiteOptions = {}): BrowserSuite {
  const { endpoint = 'storage', apiKey = 'sk-test', watchErrors = false, closePages = false } = options;
  const suite = { errors: noErrors } as BrowserSuite;

  beforeAll(async () => {
    [suite.ext, suite.model, suite.pages, suite.other] = await Promise.all([
      options.ownBrowser || options.extensionDir || options.lang ? launchWithExtension(options.extensionDir, { lang: options.lang }) : sharedExtension(),
      startModelServer(options.model),
      startPageServer(),
      startPageServer(),
    ]);
    const fields = { baseUrl: suite.model.baseUrl, apiKey, model: 'test-vlm' };
    if (endpoint === 'storage') await useEndpoint(suite.ext, fields);
    if (endpoint === 'options') await configureEndpoint(suite.ext, fields);
    if (watchErrors) suite.errors = await watchWorkerErrors(suite.ext);
  });

  afterEach(async () => {
    if (closePages && suite.ext) {
      const ours = (url: string) => url.startsWith(suite.pages.origin) || url.startsWith(suite.other.origin);
      await Promise.all(suite.ext.context.pages().filter((p) => ours(p.url())).map((p) => p.close()));
    }
    if (watchErrors && suite.ext) expect(await suite.errors.read()).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all([suite.ext?.close(), suite.model?.close(), suite.pages?.close(), suite.other?.close()]);
  });

  return suite;
}
