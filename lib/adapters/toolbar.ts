// What the toolbar button opens: the popup, or the side panel that stays open beside the page (Chrome's
// side_panel, Firefox's sidebar_action). Light: the worker calls it at start-up events, before the engine.
import { browser } from 'wxt/browser';
import { startUpSettings } from './storage-area';

type ToolbarChoice = 'auto' | 'panel' | 'popup';

interface SidePanelApi {
  setPanelBehavior(behavior: { openPanelOnActionClick: boolean }): Promise<void>;
  open?(options: { tabId: number }): Promise<void>;
}
interface SidebarActionApi {
  open(): Promise<void>;
}

/** Chrome's side panel API (116+ for setPanelBehavior), when this browser has it. */
function chromeSidePanel(): SidePanelApi | null {
  const api = (globalThis as { chrome?: { sidePanel?: Partial<SidePanelApi> } }).chrome?.sidePanel;
  return typeof api?.setPanelBehavior === 'function' ? (api as SidePanelApi) : null;
}

/** Firefox's sidebar API, when this browser has it. */
function firefoxSidebar(): SidebarActionApi | null {
  const api = (browser as unknown as { sidebarAction?: Partial<SidebarActionApi> }).sidebarAction;
  return typeof api?.open === 'function' ? (api as SidebarActionApi) : null;
}

/** Whether the toolbar button opens the panel for this choice in this browser. */
export function toolbarOpensPanel(choice: ToolbarChoice): boolean {
  return choice !== 'popup' && Boolean(chromeSidePanel() ?? firefoxSidebar());
}

let applying: Promise<void> = Promise.resolve();

/**
 * Applies the saved choice; calls run one after another, each reading the settings when its turn
 * comes, so an install-time apply cannot land after (and undo) a later change of the setting.
 */
export function applySavedToolbarChoice(): Promise<void> {
  applying = applying
    .then(async () => {
      await applyToolbarChoice(await savedToolbarChoice());
      // Tests wait for an apply that began after their change of the setting (test/browser/extension.ts).
      performance.mark('caption-check:toolbar-applied', { detail: { at: Date.now() } });
    })
    .catch(() => undefined);
  return applying;
}

/** Points the toolbar button at the popup or the side panel. */
async function applyToolbarChoice(choice: ToolbarChoice): Promise<void> {
  const panel = toolbarOpensPanel(choice);
  // With a popup set, a click opens it and nothing else sees the click: the panel needs it unset.
  await browser.action.setPopup({ popup: panel ? '' : 'popup.html' });
  await chromeSidePanel()?.setPanelBehavior({ openPanelOnActionClick: panel });
}

/** The stored toolbar choice, read without parsing the rest of the settings. */
async function savedToolbarChoice(): Promise<ToolbarChoice> {
  return (await startUpSettings()).toolbarOpens;
}

/**
 * Firefox opens its sidebar only from the click's own handler (a user action), so the click comes
 * here when no popup is set; Chrome's panel opens by itself (setPanelBehavior).
 */
export function openSidebarOnToolbarClick(): void {
  const sidebar = firefoxSidebar();
  if (sidebar) browser.action.onClicked.addListener(() => void sidebar.open());
}

/**
 * Shows the results view for a tab from a menu click: the side panel where the browser has one, else the
 * popup. Call it synchronously from the click's handler: both browsers open these only for a user action.
 * Quietly does nothing where neither can open (the user then opens the toolbar button).
 */
export function showResultsView(tabId: number): void {
  try {
    const opened = chromeSidePanel()?.open?.({ tabId }) ?? firefoxSidebar()?.open() ?? openPopup();
    void opened?.catch(() => undefined);
  } catch {
    // Not opened (no user action behind the call): the list still waits in the popup.
  }
}

function openPopup(): Promise<void> | undefined {
  const action = browser.action as unknown as { openPopup?: () => Promise<void> };
  return typeof action.openPopup === 'function' ? action.openPopup() : undefined;
}
