// What the service worker may download for a check, and with which cookies. The worker fetches with
// the extension's privileges (host permissions, no page origin), so it must not be a tool a page can
// point: the URL comes from the browser (the menu's srcUrl) or from the user's own pick, and cookies go
// only where the page itself could send them.

const FETCHABLE = /^(https?|data):/i;

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The URL the worker may download for an image the user chose at `chosen`: the URL the page reports
 * (what the element showed when the page tried to read it) only when it is that URL or on its origin;
 * else the chosen URL itself; '' when neither is one the worker can resolve (a page's blob:, a canvas).
 */
export function workerFetchUrl(reported: string, chosen: string): string {
  const chosenOrigin = originOf(chosen);
  if (reported && FETCHABLE.test(reported) && (reported === chosen || (chosenOrigin !== null && originOf(reported) === chosenOrigin))) return reported;
  return FETCHABLE.test(chosen) ? chosen : '';
}

/** Cookies for the worker's download: only for an image on the page's own origin (the page could fetch it with them itself). */
export function fetchCredentials(imageUrl: string, pageUrl: string): RequestCredentials {
  const image = originOf(imageUrl);
  return image !== null && image === originOf(pageUrl) ? 'include' : 'omit';
}
