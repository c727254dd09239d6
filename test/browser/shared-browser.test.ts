// The suites share one browser (shared-browser.ts): what one file leaves behind must not reach the next.
// Here a file's worth of leftovers is made by hand, then the next file's reset must have undone each.
import { describe, expect, it } from 'vitest';
import { currentWorker, type LoadedExtension } from './extension';
import { sharedExtension } from './shared-browser';
import { controlWorker } from './worker-control';

declare global {
  // Set in the worker instance the next file must not inherit.
  var __captionCheckLeftover: boolean | undefined;
}

/** Everything the reset restores, as the extension sees it. */
async function state(ext: LoadedExtension) {
  const worker = await currentWorker(ext);
  return {
    pages: ext.context.pages().map((p) => p.url()),
    ...(await worker.evaluate(async () => ({
      local: await chrome.storage.local.get(null),
      session: await chrome.storage.session.get(null),
      sessionRules: (await chrome.declarativeNetRequest.getSessionRules()).map((r) => r.id),
      popup: await chrome.action.getPopup({}),
      panelOnClick: (await chrome.sidePanel.getPanelBehavior()).openPanelOnActionClick,
      badge: await chrome.action.getBadgeText({}),
      tabsPerWindow: (await chrome.windows.getAll({ populate: true })).map((w) => w.tabs?.length ?? 0),
      leftover: globalThis.__captionCheckLeftover ?? false,
    }))),
  };
}

describe('the shared browser', () => {
  it('gives the next file the extension as the install left it, whatever the previous file did', async () => {
    const first = await sharedExtension();
    const fresh = await state(first);
    expect(fresh.pages).toEqual(['about:blank']);
    expect(fresh.tabsPerWindow).toEqual([1]);
    expect(fresh.leftover).toBe(false);

    // A file's leftovers: tabs and an extension page, a second window, settings, a stored check, a session rule, a badge,
    // the toolbar pointed at the popup, a patched worker, and the worker stopped.
    await (await first.context.newPage()).goto(`chrome-extension://${first.extensionId}/options.html`);
    await first.context.newPage();
    const worker = await currentWorker(first);
    await worker.evaluate(async () => {
      await chrome.windows.create({ url: 'about:blank' });
      await chrome.storage.local.set({ settings: { baseUrl: 'http://127.0.0.1:9/v1', toolbarOpens: 'popup' }, verdictCache: { x: 1 } });
      await chrome.storage.session.set({ 'check:7': { status: 'running' } });
      await chrome.declarativeNetRequest.updateSessionRules({
        addRules: [{ id: 4401, priority: 1, action: { type: 'block' }, condition: { requestDomains: ['example.test'] } }],
      });
      await chrome.action.setBadgeText({ text: 'left' });
      await chrome.action.setPopup({ popup: 'popup.html' });
      await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: false });
      globalThis.__captionCheckLeftover = true;
    });
    const dirty = await state(first);
    expect(dirty).not.toEqual(fresh);
    const control = await controlWorker(first);
    await control.stop();
    await control.close();

    const next = await sharedExtension();
    expect(next.context).toBe(first.context);
    expect(await state(next)).toEqual(fresh);
    await next.close();
  });
});
