// Names shared by the page script and the service worker. Kept apart from the DOM modules so the
// worker imports a constant, not the page code around it.

/** Prefix of our slot names (Symbol.for keys, so the worker's injected function can find them too). */
export const SLOT_PREFIX = 'caption-check:';

/** Slot (lib/page/isolated-slot.ts) the page script installs itself under, in the isolated world. */
export const PAGE_API_SLOT = 'page';

/** Slot the image read's own script (entrypoints/read.ts, a few kB) installs its API under. */
export const READ_API_SLOT = 'read';

/**
 * Slot where the page starts reading the image's bytes before the read script arrives ({ url, read: Promise<{ status,
 * bytes }> }, lib/page/prefetch.ts), so the read begins at the click; readImage takes it.
 */
export const PREFETCH_SLOT = 'prefetch';

/**
 * Slot where the worker's first call of a check, sent with the read script, leaves what the script does as it
 * arrives ({ selection, wake }: lib/page/read-start.ts): read the selected caption, and wake the call.
 */
export const READ_WAITING_SLOT = 'read-waiting';
