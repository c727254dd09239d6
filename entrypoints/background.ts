// First: marks when our code starts evaluating (scripts/bench.ts times start → ready).
import '@/lib/adapters/boot-mark';
import { browser } from 'wxt/browser';
import { markStep } from '@/lib/step-marks';
import { engine, engineLoaded, keepEngineForLater, noteLeftRunning } from '@/lib/adapters/engine-api';
import { startEarlyRead } from '@/lib/adapters/early-read';
import { restoreLocalRule } from '@/lib/adapters/local-rule';
import { checksLeftRunning, savedBaseUrl } from '@/lib/adapters/start-up';
import { applySavedToolbarChoice, openSidebarOnToolbarClick } from '@/lib/adapters/toolbar';
import { forgetTab } from '@/lib/adapters/tab-session';
import { onSettingsChanged } from '@/lib/adapters/storage-area';

// Wiring only, and light: every listener is registered synchronously at start so a woken worker gets
// its event, and each hands its event to the engine, which loads on first use (engine-api.ts).
export default defineBackground({
  main() {
    // Checks left running by a stopped worker instance: read once here, before any event loads the engine (whose
    // sweep then reads storage only when this found some).
    const left = checksLeftRunning();
    noteLeftRunning(left);
    keepEngineForLater();
    browser.runtime.onInstalled.addListener(() => void engine().registerMenus());
    // A first install opens the welcome page (its samples check in one click); updates do not.
    browser.runtime.onInstalled.addListener(({ reason }) => {
      if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') }).catch(() => undefined);
    });
    // The toolbar button's popup-or-panel choice: set at install and browser start, and when Options change it.
    const applyToolbar = () => void applySavedToolbarChoice();
    browser.runtime.onInstalled.addListener(applyToolbar);
    browser.runtime.onStartup.addListener(applyToolbar);
    onSettingsChanged(applyToolbar);
    openSidebarOnToolbarClick();
    browser.contextMenus.onClicked.addListener((info, tab) => {
      markStep('click');
      // A click that wakes the worker: the page reads the image while the engine loads.
      if (!engineLoaded()) startEarlyRead(info, tab?.id);
      engine().handleMenuClick(info, tab);
    });
    browser.commands.onCommand.addListener((command, tab) => engine().handleCommand(command, tab));
    browser.runtime.onMessage.addListener((message, sender) => engine().handleMessage(message, sender));
    // A closed tab's check and image would otherwise fill session storage; removing them needs no engine.
    browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId).catch(() => undefined));
    // Checks left running by a stopped worker instance are marked interrupted (partial verdicts kept).
    const sweep = left
      .then((found) => found && engine().sweepAtStart())
      .catch((error: unknown) => console.warn('Caption Check: could not look for interrupted checks', String(error)));
    // Session rules are gone after a browser restart: the local endpoint's Origin rule comes back here.
    const rule = restoreLocalRule(savedBaseUrl).catch(() => undefined);
    // Start-up work is over: tests wait for this mark before asserting what start-up did not do.
    void Promise.all([sweep, rule]).then(() => performance.mark('caption-check:settled'));
    // Start-to-ready is a speed budget (scripts/bench.ts reads this mark).
    performance.mark('caption-check:ready');
  },
});
