// One Chromium per test worker, shared by the suites, instead of a launch per file (about 2 CPU-seconds; a
// reset about 0.4). The browser project runs its files
// in two workers, each file after another in its worker (vitest.config.ts: isolate false), so this module's
// launch outlives each file; global-setup.ts removes the profiles (and a browser a killed worker left) when
// the run ends. The two browsers share nothing: each has its own profile, and every server a suite starts
// listens on a port of its own.
//
// Each file gets the extension as a fresh browser had it after its install: every tab closed but one blank
// tab, in the one window left, storage.local and storage.session as they were right after the install, no session
// or dynamic rules, no granted optional origins, no alarms, the toolbar button pointed as at install, no
// cookies, and a new service-worker instance (so nothing a test patched or left running in the old one,
// nor the engine it loaded, reaches the next file). The context menus are created at install only and no
// test changes them. A file that needs a browser of its own (install-time behaviour, another build) uses
// `launchWithExtension` and says why.
import type { CDPSession, Page, Worker } from 'playwright-core';
import { inject } from 'vitest';
import { currentWorker, launchWithExtension, type LoadedExtension } from './extension';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared browser keeps its profile (global-setup.ts removes it at the end of the run). */
    browserProfileRoot: string;
  }
}

/** What the extension looked like right after its install, restored before each file. */
interface InstallState {
  local: Record<string, unknown>;
  session: Record<string, unknown>;
  popup: string;
  openPanelOnActionClick: boolean;
}

interface Shared {
  ext: LoadedExtension;
  installed: InstallState;
}

let shared: Promise<Shared> | undefined;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `read` until it returns something (not undefined), or fails with `what` after `ms`. */
async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`shared browser: ${what}`);
    await pause(25);
  }
}

/** The product worker's start-up work is over in the current instance (its `caption-check:settled` mark). */
const settled = (ext: LoadedExtension) =>
  until('the service worker did not finish its start-up', async () => {
    const worker = await currentWorker(ext);
    return (await worker.evaluate(() => performance.getEntriesByName('caption-check:settled').length)) > 0 ? worker : undefined;
  });

async function launchShared(): Promise<Shared> {
  const ext = await launchWithExtension(undefined, { profileRoot: inject('browserProfileRoot') });
  // The install applies the toolbar choice once (the `caption-check:toolbar-applied` mark): read what it set.
  const worker = await settled(ext);
  await until('the install did not apply the toolbar choice', async () =>
    (await worker.evaluate(() => performance.getEntriesByName('caption-check:toolbar-applied').length)) > 0 ? true : undefined,
  );
  const installed = await worker.evaluate(async () => ({
    local: await chrome.storage.local.get(null),
    session: await chrome.storage.session.get(null),
    popup: await chrome.action.getPopup({}),
    openPanelOnActionClick: (await chrome.sidePanel.getPanelBehavior()).openPanelOnActionClick ?? false,
  }));
  return { ext, installed };
}

/**
 * Closes every tab and window but a new blank tab; returns that tab. The blank tab opens in a window the browser
 * already has (a new window costs the browser about 0.7 CPU-seconds, a tab 0.07): closing every other tab closes
 * every other window, so one window is left either way.
 */
async function closeAllPages(ext: LoadedExtension, cdp: CDPSession): Promise<Page> {
  const targets = async () =>
    ((await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] }).targetInfos.filter((t) => t.type === 'page');
  const opened = ext.context.waitForEvent('page');
  const { targetId: blankId } = (await cdp.send('Target.createTarget', { url: 'about:blank', newWindow: false })) as { targetId: string };
  const blank = await opened;
  // Pages Playwright reports, then what it does not (the toolbar popup, a side panel).
  await Promise.all(ext.context.pages().filter((p) => p !== blank).map((p) => p.close()));
  // Closed until none is left but the blank tab: a page the previous file's last action opens late (a tab the
  // extension creates) appears after the first sweep, and is closed by the next one.
  let left: string[] = [];
  await until('pages of the previous file stayed open', async () => {
    const others = (await targets()).filter((t) => t.targetId !== blankId);
    left = others.map((t) => t.url);
    if (!others.length) return true;
    for (const target of others) await cdp.send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined);
    return undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message}: ${left.join(', ')}`);
  });
  return blank;
}

interface WorkerVersion {
  scriptURL: string;
  versionId: string;
  runningStatus: string;
}

/**
 * Stops the product's worker, runs `whileStopped` from one of the extension's pages, then starts a new
 * instance and waits for its start-up to finish. The DevTools ServiceWorker domain of an extension page
 * sees the extension's worker (see worker-control.ts).
 */
async function restartWorker(ext: LoadedExtension, whileStopped: (host: Page) => Promise<void>): Promise<Worker> {
  const host = await ext.context.newPage();
  await host.goto(`chrome-extension://${ext.extensionId}/manifest.json`);
  const session = await ext.context.newCDPSession(host);
  const script = `chrome-extension://${ext.extensionId}/background.js`;
  let version: WorkerVersion | undefined;
  session.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
    for (const v of event.versions) if (v.scriptURL === script) version = v;
  });
  await session.send('ServiceWorker.enable');
  const status = (wanted: string) => until(`the service worker did not become ${wanted}`, async () => (version?.runningStatus === wanted ? true : undefined));
  // A test may have left it stopped (or stopping): wait for DevTools to report it running or stopped.
  const steady = await until('DevTools reported no steady service worker', async () =>
    version?.runningStatus === 'running' || version?.runningStatus === 'stopped' ? version.runningStatus : undefined,
  );
  if (steady === 'running') {
    await session.send('ServiceWorker.stopWorker', { versionId: version!.versionId });
    await status('stopped');
  }
  await whileStopped(host);
  // Clearing storage may already have woken it (storage.onChanged): start it unless it runs.
  if (version!.runningStatus === 'stopped') await session.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${ext.extensionId}/` });
  await status('running');
  const worker = await settled(ext);
  await session.detach().catch(() => undefined);
  await host.close();
  return worker;
}

/** Puts the extension's state back to what the install left (see the top of this file). */
async function resetToInstalled(ext: LoadedExtension, installed: InstallState): Promise<{ blank: Page; worker: Worker }> {
  const browser = ext.context.browser();
  if (!browser) throw new Error('no browser handle');
  const cdp = await browser.newBrowserCDPSession();
  const blank = await closeAllPages(ext, cdp);
  await cdp.detach();
  await ext.context.clearCookies();
  const worker = await restartWorker(ext, async (host) => {
    await host.evaluate(async (state) => {
      // Session first: a worker woken by the storage.local change must find no check to sweep.
      await chrome.storage.session.clear();
      if (Object.keys(state.session).length) await chrome.storage.session.set(state.session);
      const session = await chrome.declarativeNetRequest.getSessionRules();
      await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: session.map((r) => r.id) });
      const dynamic = await chrome.declarativeNetRequest.getDynamicRules();
      await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: dynamic.map((r) => r.id) });
      const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
      const { origins = [] } = await chrome.permissions.getAll();
      const granted = origins.filter((o) => !required.has(o));
      if (granted.length) await chrome.permissions.remove({ origins: granted });
      await chrome.alarms?.clearAll();
      await chrome.action.setBadgeText({ text: '' });
      await chrome.storage.local.clear();
      if (Object.keys(state.local).length) await chrome.storage.local.set(state.local);
      await chrome.action.setPopup({ popup: state.popup });
      await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: state.openPanelOnActionClick });
    }, installed);
  });
  return { blank, worker };
}

/**
 * The worker's shared browser, reset to its state right after the install; the first call launches it.
 * `close()` only closes the file's pages: the browser stays for the next file.
 */
export async function sharedExtension(): Promise<LoadedExtension> {
  if (shared && !(await shared.then((s) => s.ext.context.browser()?.isConnected()).catch(() => false))) shared = undefined;
  shared ??= launchShared();
  const { ext, installed } = await shared.catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  const { blank, worker } = await resetToInstalled(ext, installed);
  const isHelper = (w: Worker) => w.url().endsWith('/helper.js');
  const helper = ext.context.serviceWorkers().find(isHelper) ?? (await ext.context.waitForEvent('serviceworker', { predicate: isHelper }));
  return {
    ...ext,
    worker,
    helper,
    close: async () => {
      await Promise.all(ext.context.pages().filter((p) => p !== blank).map((p) => p.close()));
    },
  };
}
