// Stopping the product's service worker the way Chrome does when it is idle or killed, and watching
// it for unhandled rejections. Used by the durability, faults and privacy suites and the bench.
import type { CDPSession, Page, Worker } from 'playwright-core';
import { currentWorker, type LoadedExtension } from './extension';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: string;
}

/**
 * Controls the product's service worker through the DevTools `ServiceWorker` domain of one of our own
 * extension pages: only a session inside the extension's storage partition sees its worker
 * (stopAllWorkers from a web page's session leaves extension workers running).
 */
export interface WorkerControl {
  /** Stops the worker as Chrome does on idle; resolves once it is stopped. */
  stop(): Promise<void>;
  /** The worker's running status as DevTools last reported it. */
  readonly status: string;
  /** Starts the stopped worker the way the browser does for an event, but with no event to handle. */
  start(): Promise<void>;
  /** Resolves when the worker reports this running status (e.g. 'running' after a wake). */
  waitFor(status: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A tab inside the extension's origin that sends the worker nothing: the manifest, shown as text. (The
 * popup and Options message the worker when they mount; on a loaded machine that message can arrive
 * after a test stopped the worker and wake a new instance, which then loads the engine to answer it.)
 * The page still has the extension APIs, so tests read storage and send their own messages from it.
 */
export async function quietHostPage(ext: LoadedExtension): Promise<Page> {
  const host = await ext.context.newPage();
  await host.goto(`chrome-extension://${ext.extensionId}/manifest.json`);
  return host;
}

/** Opens a control session; `page` must be one of our extension pages (a quiet one is created when omitted). */
export async function controlWorker(ext: LoadedExtension, page?: Page): Promise<WorkerControl> {
  const host = page ?? (await quietHostPage(ext));
  const session: CDPSession = await ext.context.newCDPSession(host);
  let version: WorkerVersion | null = null;
  const waiters = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', (event: { versions: WorkerVersion[] }) => {
    for (const v of event.versions) if (v.scriptURL === `chrome-extension://${ext.extensionId}/background.js`) version = v;
    for (const wake of waiters) wake();
  });
  await session.send('ServiceWorker.enable');
  // 15 s: stopping or starting a worker is slow on a loaded machine; a worker that never gets there still fails.
  const waitFor = (status: string, timeoutMs = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (version?.runningStatus !== status) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the worker did not become ${status} (last: ${version?.runningStatus ?? 'unknown'})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  await waitFor('running');
  return {
    get status() {
      return version?.runningStatus ?? 'unknown';
    },
    waitFor,
    async stop() {
      if (!version) throw new Error('no worker version seen');
      await session.send('ServiceWorker.stopWorker', { versionId: version.versionId });
      await waitFor('stopped');
    },
    async start() {
      await session.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${ext.extensionId}/` });
      await waitFor('running');
    },
    async close() {
      await session.detach().catch(() => undefined);
      if (!page) await host.close();
    },
  };
}

declare global {
  // The worker's record of rejections nobody handled, filled by watchWorkerErrors.
  var __captionCheckUnhandled: string[] | undefined;
}

/**
 * Records every unhandled promise rejection and uncaught error of the current worker instance (a
 * restarted instance needs this again), plus console errors; `read()` returns all of them.
 */
export async function watchWorkerErrors(ext: LoadedExtension): Promise<{ read(): Promise<string[]>; rearm(): Promise<void> }> {
  const consoleErrors: string[] = [];
  const arm = async (worker: Worker) => {
    await worker.evaluate(() => {
      if (globalThis.__captionCheckUnhandled) return;
      const seen: string[] = [];
      globalThis.__captionCheckUnhandled = seen;
      self.addEventListener('unhandledrejection', (event) => {
        const reason: unknown = event.reason;
        seen.push(`unhandledrejection: ${reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)}`);
      });
      self.addEventListener('error', (event) => seen.push(`error: ${event.message}`));
    });
  };
  const worker = await currentWorker(ext);
  worker.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`console.error: ${message.text()}`);
  });
  await arm(worker);
  return {
    rearm: async () => arm(await currentWorker(ext)),
    read: async () => {
      const inWorker = await (await currentWorker(ext)).evaluate(() => [...(globalThis.__captionCheckUnhandled ?? [])]);
      return [...consoleErrors, ...inWorker];
    },
  };
}
