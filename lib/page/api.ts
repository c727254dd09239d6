import { gatherCaption, type PageCaption } from './gather-caption';

/**
 * What the page script offers the service worker, installed once per frame in the extension's
 * isolated world (never the page's own). The worker calls it with scripting.executeScript `func`s.
 */
export interface PageApi {
  gather(srcUrl: string, maxChars: number): PageCaption;
}

/** Name of the global the page script installs itself under, in the isolated world. */
export const PAGE_API_GLOBAL = 'captionCheckPage';

/** Builds the page API from the lib/page helpers. */
export function createPageApi(): PageApi {
  return { gather: gatherCaption };
}
