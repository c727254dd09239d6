import { CheckError } from '../errors';
import { MAX_CAPTION_CHARS } from '../jobs';
import { startCheck } from './check-runner';
import { callPage } from './gather';
import { tabTasks } from './tab-tasks';

/** A tab and frame the user invoked the picker in (menu, keyboard command or popup: activeTab is granted). */
export interface PickTarget {
  tabId: number;
  frameId: number;
}

/**
 * Lets the user click an image the context menu cannot reach, then checks it. With `caption`
 * (text selected before picking) that is the caption; otherwise the caption chooser asks.
 * Esc in the picker ends it quietly.
 */
export async function pickAndCheck(target: PickTarget, caption?: string): Promise<void> {
  // A task while the picker waits for the user's click: the worker must not idle out meanwhile.
  await tabTasks.run('pick', target.tabId, () => pickThenCheck(target, caption));
}

async function pickThenCheck(target: PickTarget, caption: string | undefined): Promise<void> {
  try {
    const picked = await callPage(target, 'pick');
    if (!picked || 'cancelled' in picked) return;
    await startCheck(
      { tabId: target.tabId, frameId: target.frameId, srcUrl: picked.srcUrl, pageUrl: picked.pageUrl },
      undefined,
      caption ? { caption } : {},
    );
  } catch (error) {
    // Pages we may not script (browser pages, the web store): nothing to show the error in but the console.
    if (!(error instanceof CheckError)) throw error;
    console.warn(error.message);
  }
}

/** "Check this text against an image…": the selection, read in its own frame, then the picker. */
export async function checkSelectionAgainstImage(target: PickTarget): Promise<void> {
  const caption = await callPage(target, 'readSelection', MAX_CAPTION_CHARS).catch(() => '');
  await pickAndCheck(target, caption || undefined);
}
