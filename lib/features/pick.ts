// Pick an image: for images right-click cannot reach (CSS backgrounds, overlays, canvas), the user
// clicks one in the page; with text selected first, that text is the caption.
import { CheckError } from '../errors';
import { MAX_CAPTION_CHARS } from '../check-lifecycle';
import { selectedCaption } from '../page/credit';
import { checkImage } from './check-image';
import type { FrameTarget, Platform } from './ports';

/**
 * Lets the user click an image the context menu cannot reach, then checks it. With `caption`
 * (text selected before picking) that is the caption, shown with its `credit`; otherwise the caption chooser asks.
 * Esc in the picker ends it quietly.
 */
export async function pickAndCheck(platform: Platform, target: FrameTarget, caption?: string, credit?: string): Promise<void> {
  // A task while the picker waits for the user's click: the worker must not idle out meanwhile.
  await platform.tasks.run('pick', target.tabId, async () => {
    try {
      const picked = await platform.callPage(target, 'pick');
      if (!picked || 'cancelled' in picked) return;
      await checkImage(platform, { ...target, srcUrl: picked.srcUrl, pageUrl: picked.pageUrl }, caption ? { caption, ...(credit ? { credit } : {}) } : {});
    } catch (error) {
      // Pages we may not script (browser pages, the web store): nothing to show the error in but the console.
      if (!(error instanceof CheckError)) throw error;
      console.warn(error.message);
    }
  });
}

/** "Check this text against an image…": the selection, read in its own frame, then the picker. */
export async function checkSelection(platform: Platform, target: FrameTarget): Promise<void> {
  const selection = await platform.callPage(target, 'readSelection', MAX_CAPTION_CHARS).catch(() => '');
  // Its credit is set apart as the caption chooser does: shown with the result, never checked.
  const { text, credit } = selectedCaption(selection, MAX_CAPTION_CHARS);
  await pickAndCheck(platform, target, text || undefined, credit);
}
