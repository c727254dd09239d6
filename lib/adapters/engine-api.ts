// The service worker is split in two so that it starts fast: background.js only registers the
// listeners (browser APIs, no zod, no openai SDK), and the engine (engine.js: menus, checks, the
// message router, the model client) is loaded the first time an event needs it. A service worker
// cannot `import()`; it can `importScripts()` later only a script it imported while installing, so
// the install handler imports the engine once and the browser keeps it with the worker's scripts.
// Firefox runs the background as an event page: its manifest lists engine.js before background.js.
import type { Browser } from 'wxt/browser';
import type { MessageResponse } from '../messages';
import { markStep } from '../step-marks';

/** What the listeners hand their events to. */
export interface Engine {
  registerMenus(): Promise<void>;
  handleMenuClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void;
  handleCommand(command: string, tab: Browser.tabs.Tab | undefined): void;
  handleMessage(raw: unknown, sender: Browser.runtime.MessageSender): Promise<MessageResponse> | undefined;
  /** Marks checks left running by an earlier worker instance as interrupted (runs once per instance). */
  sweepAtStart(): Promise<unknown>;
}

/** Where engine.js puts the engine. */
export const ENGINE_GLOBAL = 'captionCheckEngine';

/** The engine's script, as the build emits it (entrypoints/engine.ts). */
const ENGINE_SCRIPT = '/engine.js';

interface EngineScope {
  importScripts?: (...urls: string[]) => void;
  [ENGINE_GLOBAL]?: Engine;
}

/** The engine, loaded on first use (synchronously: an event handler gets it in the same task). */
export function engine(): Engine {
  const scope = globalThis as unknown as EngineScope;
  if (!scope[ENGINE_GLOBAL] && typeof scope.importScripts === 'function') {
    // Marks for scripts/bench.ts: what the first event pays for loading the engine.
    performance.mark('caption-check:engine-load');
    markStep('engine-load');
    scope.importScripts(ENGINE_SCRIPT);
    performance.mark('caption-check:engine-ready');
    markStep('engine-ready');
  }
  const loaded = scope[ENGINE_GLOBAL];
  if (!loaded) throw new Error(`Caption Check: ${ENGINE_SCRIPT} did not load.`);
  return loaded;
}

/** Whether the engine is loaded already (an event now pays nothing for it). */
export function engineLoaded(): boolean {
  return (globalThis as unknown as EngineScope)[ENGINE_GLOBAL] !== undefined;
}

/** Where background.js leaves its start-up read's finding: whether a stopped instance left checks stored as running. */
const LEFT_RUNNING_SLOT = Symbol.for('caption-check:left-running');

/**
 * Background: notes what its start-up read found (start-up.ts, checksLeftRunning) before any event loads the
 * engine, so the engine's sweep reads storage again only when there is something to end.
 */
export function noteLeftRunning(found: Promise<boolean>): void {
  (globalThis as unknown as Record<symbol, unknown>)[LEFT_RUNNING_SLOT] = found;
}

/** The engine: background.js's start-up finding, or undefined where none was noted (Firefox's event page loads the engine first). */
export function leftRunningAtStart(): Promise<boolean> | undefined {
  return (globalThis as unknown as Record<symbol, Promise<boolean> | undefined>)[LEFT_RUNNING_SLOT];
}

/**
 * In a service worker, imports the engine while the worker installs (first run, or an update), which
 * is what allows the lazy `importScripts` in engine() on every later start. Elsewhere a no-op.
 */
export function keepEngineForLater(): void {
  if (typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'undefined') return;
  globalThis.addEventListener('install', () => void engine());
}
