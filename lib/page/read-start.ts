// What the read script (entrypoints/read.ts) does as it arrives in a frame: installs its API, answers the
// selected caption the worker's first call asked for, and wakes that call, which waits for the API instead of
// being sent again (lib/adapters/page-calls.ts). One injection of the file and one call then carry a check's
// image read and its selected caption, where four went before.
import type { PageCaption } from './selected-caption';
import type { ReadApi } from './read-api';
import { clearSlot, readSlot, writeSlot } from './isolated-slot';
import { READ_API_SLOT, READ_WAITING_SLOT } from './slot-names';

/**
 * What the worker's first call of a check leaves for the read script (READ_WAITING_SLOT): the arguments of the
 * selected caption to read at once (gatherSelection's), and the calls waiting for the API, woken once it is there.
 */
export interface ReadWaiting {
  selection: [srcUrl: string, maxChars: number] | null;
  wake: (() => void)[];
}

/**
 * The read script's answer (executeScript's result for the file): that it started (so it woke any call waiting for
 * it), and the selected caption when one was asked for. A script that failed before this answers nothing.
 */
export interface ReadScriptAnswer {
  started: true;
  selection?: PageCaption | null;
}

/** Installs `api` (the first one stays), reads the selection asked for, then wakes the waiting calls. */
export function startReadScript(api: ReadApi): ReadScriptAnswer {
  if (!readSlot(READ_API_SLOT)) writeSlot(READ_API_SLOT, api);
  const installed = readSlot(READ_API_SLOT) as ReadApi;
  const waiting = readSlot(READ_WAITING_SLOT) as Partial<ReadWaiting> | undefined;
  clearSlot(READ_WAITING_SLOT);
  try {
    // Read before the image call wakes: the worker splits the caption while the page decodes the image.
    return Array.isArray(waiting?.selection) ? { started: true, selection: installed.gatherSelection(...waiting.selection) } : { started: true };
  } finally {
    for (const wake of Array.isArray(waiting?.wake) ? waiting.wake : []) if (typeof wake === 'function') wake();
  }
}
