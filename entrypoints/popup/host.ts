// The popup's PopupHost (components/use-check.ts) over the browser: tabs, storage, permissions,
// clipboard and downloads. Only wiring lives here; what to do with them is the controller's.
import { browser } from 'wxt/browser';
import type { PopupHost } from '@/components/use-check';
import { clearHistory, deleteHistoryEntry, liveHistory } from '@/lib/adapters/history-store';
import { t } from '@/lib/adapters/i18n';
import { loadPageCheck, removePageCheck, watchPageCheck } from '@/lib/adapters/page-check-store';
import { loadJob, loadSessionImage, watchJobChanges } from '@/lib/adapters/storage';
import { loadWaiting, watchWaiting } from '@/lib/adapters/waiting-store';
import { send } from '@/lib/adapters/worker-client';

/** The tab whose check is shown: `?tabId=N`, else the active tab of this window. */
async function resolveTabId(): Promise<number | null> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/**
 * In the side panel: calls `onTab` whenever another tab of the panel's window becomes active. (A panel
 * page opened in a tab of its own, as the tests do, ignores its own tab.)
 */
function followActiveTab(onTab: (tabId: number) => void): () => void {
  let windowId: number | undefined;
  let ownTabId: number | undefined;
  const ready = Promise.all([
    browser.windows.getCurrent().then((w) => (windowId = w.id)),
    browser.tabs.getCurrent().then((tab) => (ownTabId = tab?.id)),
  ]);
  const listener = ({ tabId, windowId: from }: { tabId: number; windowId: number }) =>
    void ready.then(() => {
      if (from === windowId && tabId !== ownTabId) onTab(tabId);
    });
  browser.tabs.onActivated.addListener(listener);
  return () => browser.tabs.onActivated.removeListener(listener);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without focus or the clipboard permission, a selected textarea and the copy command still work here.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The popup's host; `inPanel` when the side panel loaded this page. */
export function popupHost(inPanel: boolean): PopupHost {
  const history = liveHistory();
  return {
    send,
    t,
    inPanel,
    resolveTabId,
    followActiveTab,
    loadJob,
    watchJob: watchJobChanges,
    loadSessionImage,
    loadPageCheck,
    watchPageCheck,
    removePageCheck,
    loadWaiting,
    watchWaiting,
    loadHistory: history.load,
    watchHistory: history.watch,
    deleteHistoryEntry,
    clearHistory,
    tabTitle: async (tabId) => (await browser.tabs.get(tabId).catch(() => null))?.title ?? null,
    requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
    // Our own tab rather than runtime.openOptionsPage(): the same in Chrome and Firefox, from a popup or a popup opened as a tab.
    openOptions: () => void browser.tabs.create({ url: browser.runtime.getURL('/options.html') }),
    extensionVersion: browser.runtime.getManifest().version,
    copyText,
    download,
    close: () => window.close(),
  };
}
