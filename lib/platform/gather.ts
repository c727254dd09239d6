import { browser } from 'wxt/browser';
import { CheckError } from '../errors';
import { MAX_CAPTION_CHARS, type GatheredCaption } from '../jobs';
import { gatherCaption, type PageCaption } from '../page/gather-caption';

/** Where the user invoked the extension: the tab, the frame, and the image the menu was opened on. */
export interface CheckTarget {
  tabId: number;
  frameId: number;
  srcUrl: string;
  pageUrl: string;
}

/** Reads the caption inside the image's own frame (activeTab lets us inject there, and only there). */
export async function gatherFromFrame(target: CheckTarget): Promise<GatheredCaption> {
  let results;
  try {
    results = await browser.scripting.executeScript({
      target: { tabId: target.tabId, frameIds: [target.frameId] },
      func: gatherCaption,
      args: [target.srcUrl, MAX_CAPTION_CHARS],
    });
  } catch (cause) {
    throw new CheckError(
      'page',
      'Caption Check cannot read this page (browser pages and the web store are off limits). Try the image on another page.',
      null,
      { cause },
    );
  }
  const found = results[0]?.result as PageCaption | undefined;
  if (!found) throw new CheckError('page', 'The page did not answer. Reload it and try again.');
  return { caption: found.caption, pageUrl: found.pageUrl, imageUrl: found.imageUrl };
}
