// A check clicked while the worker slept (Chrome stops it after 30 s without events) waits for the engine to
// load (engine-api.ts: ~600 kB compiled and run, in the worker's one thread) before its image read goes to the
// page. From here, the light background script, the page starts reading the image's bytes at the click
// instead, while the engine loads; the check's read takes them (lib/page/read-image.ts, PREFETCH_SLOT).
import { browser } from 'wxt/browser';
import { MENU_IDS } from '../features/menu-ids';
import { PAGE_READABLE, PREFETCH_KEPT_MS, startPrefetch } from '../page/prefetch';
import { PREFETCH_SLOT, READ_WAITING_SLOT, SLOT_PREFIX } from '../page/slot-names';
import { markStep, STEP_MARKS_SLOT } from '../step-marks';

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
      // The same read, and the same lifetime for bytes no check takes, as the check's own first call starts (page-calls.ts).
      func: startPrefetch,
      args: [info.srcUrl, SLOT_PREFIX + PREFETCH_SLOT, SLOT_PREFIX + READ_WAITING_SLOT, PREFETCH_KEPT_MS, [STEP_MARKS_SLOT.description!, 'page:early-read']],
    })
    // A frame we may not script: the check's own read finds the other paths.
    .catch(() => undefined);
}
