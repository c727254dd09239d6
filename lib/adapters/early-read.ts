// A check clicked while the worker slept (Chrome stops it after 30 s without events) waits for the engine to
// load (engine-api.ts: ~600 kB compiled and run, in the worker's one thread) before its image read goes to the
// page. From here, the light background script, the page starts reading the image's bytes at the click
// instead, while the engine loads; the check's read takes them (lib/page/read-image.ts, PREFETCH_SLOT).
import { browser } from 'wxt/browser';
import { MENU_IDS } from '../features/menu-ids';
import { PREFETCH_SLOT, SLOT_PREFIX } from '../page/slot-names';
import { markStep, STEP_MARKS_SLOT } from '../step-marks';

/** How long bytes read early wait in the page for the check's read before they are let go. */
const KEPT_MS = 60_000;

/** The URLs the page can read itself (others: the worker's fetch or a screenshot, acquire.ts). */
const PAGE_READABLE = /^(https?|data|blob):/;

/** What a menu click says that the early read needs. */
interface Click {
  menuItemId: string | number;
  srcUrl?: string;
  frameId?: number;
}

/** Starts reading the clicked image's bytes in its frame, for a "Check this image" click; anything else is left alone. */
export function startEarlyRead(info: Click, tabId: number | undefined): void {
  if (info.menuItemId !== MENU_IDS.checkImage || tabId === undefined || !info.srcUrl || !PAGE_READABLE.test(info.srcUrl)) return;
  markStep('early-read');
  browser.scripting
    .executeScript({
      target: { tabId, frameIds: [info.frameId ?? 0] },
      injectImmediately: true,
      // Runs in the page's isolated world, self-contained (as page-calls.ts's calls): the same early read the
      // check's own first call starts when it finds no page script there.
      func: (url: string, slotName: string, marksName: string, keptMs: number) => {
        const slots = globalThis as unknown as Record<symbol, unknown>;
        const slot = Symbol.for(slotName);
        const marks = (slots[Symbol.for(marksName)] ??= []) as [string, number][];
        marks.push(['page:early-read', performance.timeOrigin + performance.now()]);
        if ((slots[slot] as { url?: unknown } | undefined)?.url === url) return;
        const read = fetch(url, { cache: 'force-cache' }).then((response): Promise<{ status: number; bytes: ArrayBuffer | null }> | { status: number; bytes: null } =>
          response.ok ? response.arrayBuffer().then((bytes) => ({ status: response.status, bytes })) : { status: response.status, bytes: null },
        );
        read.catch(() => undefined);
        const early = { url, read };
        slots[slot] = early;
        // Not taken (the check failed before its read): the bytes are not kept.
        setTimeout(() => {
          if (slots[slot] === early) delete slots[slot];
        }, keptMs);
      },
      args: [info.srcUrl, SLOT_PREFIX + PREFETCH_SLOT, STEP_MARKS_SLOT.description!, KEPT_MS],
    })
    // A frame we may not script: the check's own read finds the other paths.
    .catch(() => undefined);
}
