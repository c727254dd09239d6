import { gatherCaption, readSelection, type GatherCancelled, type PageCaption } from './gather-caption';
import { pickImage, type PickResult } from './picker';

/**
 * What the page script offers the service worker, installed once per frame in the extension's
 * isolated world (never the page's own). The worker calls it with scripting.executeScript `func`s.
 */
export interface PageApi {
  /** The selection, else the caption the user confirms in the in-page chooser (a Promise the worker awaits). */
  gather(srcUrl: string, maxChars: number): Promise<PageCaption | GatherCancelled>;
  /** Lets the user click an image the context menu cannot reach; stores it for the image finder. */
  pick(): Promise<PickResult>;
  /** The text selected in this frame (for "Check this text against an image…"). */
  readSelection(maxChars: number): string;
}

/** Name of the global the page script installs itself under, in the isolated world. */
export const PAGE_API_GLOBAL = 'captionCheckPage';

/** Builds the page API from the lib/page helpers. */
export function createPageApi(): PageApi {
  return { gather: gatherCaption, pick: pickImage, readSelection };
}
