// The early read of a check's image: the page starts reading the bytes into the prefetch slot (slot-names.ts,
// PREFETCH_SLOT) before the read script arrives, and the check's readImage takes them (read-image.ts). Started from
// two places: background.js at a click that wakes the worker, before the engine loads (adapters/early-read.ts), and
// the engine's first call of a check (adapters/page-calls.ts). Both pass `startPrefetch` to scripting.executeScript,
// so it is self-contained: it runs in the page's isolated world and reaches nothing of this module. No imports: the
// light background script carries it.

/** The URLs the page can read itself (others: the worker's fetch or a screenshot, adapters/acquire.ts). */
export const PAGE_READABLE = /^(https?|data|blob):/;

/**
 * How long bytes no check has taken stay in the page once no check waits for them: long enough for the engine to
 * load on a slow machine (a click that woke the worker) and the check's read to arrive, short enough that a page
 * does not hold megabytes of a photo nobody checks (a check that failed before its read) until it unloads.
 */
export const PREFETCH_KEPT_MS = 60_000;

/** What the prefetch slot holds: the read of `url`, its bytes (null with the status of a refused response). */
export interface Prefetched {
  url: string;
  read: Promise<{ status: number; bytes: ArrayBuffer | null }>;
}

/**
 * Starts reading `url` into the slot `slotName` (a Symbol.for key), unless a read of it is there already. Bytes not
 * taken are let go `keptMs` after the read starts; while a check's call waits in the page for the read script
 * (`waitingSlot`, lib/page/read-start.ts: it takes them once the script arrives, however late), they are kept, and
 * let go within `keptMs` once it has stopped waiting. `mark`: a step mark to note (lib/step-marks.ts), or null.
 */
export function startPrefetch(url: string, slotName: string, waitingSlot: string, keptMs: number, mark: [slot: string, name: string] | null): void {
  const slots = globalThis as unknown as Record<symbol, unknown>;
  const note = (suffix: string) => {
    if (mark) ((slots[Symbol.for(mark[0])] ??= []) as [string, number][]).push([mark[1] + suffix, performance.timeOrigin + performance.now()]);
  };
  note('');
  const slot = Symbol.for(slotName);
  if ((slots[slot] as { url?: unknown } | undefined)?.url === url) return;
  // `:response` and `:bytes` mark when the response's head and then its whole body are in: under load the body of a
  // camera photo takes far longer than the head (docs/speed.md, the first check after the worker slept).
  const read = fetch(url, { cache: 'force-cache' }).then((response): Promise<{ status: number; bytes: ArrayBuffer | null }> | { status: number; bytes: null } => {
    note(':response');
    return response.ok ? response.arrayBuffer().then((bytes) => ({ status: response.status, bytes })) : { status: response.status, bytes: null };
  });
  read.then(({ bytes }) => bytes && note(':bytes'), () => undefined);
  const started = { url, read };
  slots[slot] = started;
  const letGo = () => {
    if (slots[slot] !== started) return; // taken, or replaced by a read of another image
    const waiting = slots[Symbol.for(waitingSlot)] as { wake?: unknown } | undefined;
    if (Array.isArray(waiting?.wake) && waiting.wake.length > 0) setTimeout(letGo, keptMs);
    else delete slots[slot];
  };
  setTimeout(letGo, keptMs);
}
