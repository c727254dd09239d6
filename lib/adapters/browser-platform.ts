// The Platform of lib/features over the real browser: each member hands on to the adapter that
// speaks `browser.*` for it. The worker builds it once; tests build a fake instead.
import { browser } from 'wxt/browser';
import type { Platform } from '../features/ports';
import { t } from './i18n';
import { startAcquire } from './acquire';
import { clearBadge, showBadge } from './badge';
import { calibrationFor } from './calibration-store';
import { callPage, closeChooserIn, gatherFromFrame } from './page-calls';
import { recordHistory } from './history-store';
import { withFailureCause } from './endpoint-failure';
import { afterSweep, WORKER_INSTANCE } from './resume';
import { loadPageCheck, savePageCheck } from './page-check-store';
import { showResultsView } from './toolbar';
import { loadJob, loadSessionImage, loadSettingsForCheck, saveJob, saveSessionImage } from './storage';
import { tabTasks } from './tab-tasks';
import { makeThumbnail } from './thumbnail';
import { endWaiting, showWaiting } from './waiting-store';
import { endpointSplitter, endpointVerifier, pickVerifier } from './model';

const translate = t;

/** The first-run guidance: the popup (the menu click was the user's gesture), else Options with the guidance on top. */
async function showFirstRunGuidance(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    // No popup can open here (no focused window, or the browser does not allow it).
    await browser.tabs.create({ url: browser.runtime.getURL('/options.html?firstRun=1') }).catch(() => {});
  }
}

/** The worker's platform. */
export const browserPlatform: Platform = {
  tasks: tabTasks,
  callPage,
  gatherCaption: gatherFromFrame,
  closeChooser: closeChooserIn,
  startImageRead: startAcquire,
  makeThumbnail: (dataUrl) => makeThumbnail(dataUrl),
  // With what a check reads before its request, in one storage call (lib/adapters/storage.ts).
  loadSettings: loadSettingsForCheck,
  loadJob,
  saveJob,
  loadTabImage: loadSessionImage,
  saveTabImage: saveSessionImage,
  loadPageCheck,
  savePageCheck,
  recordHistory: (job, limit) => recordHistory(job, limit),
  calibrationFor: (model, readWith) => calibrationFor(model, readWith),
  afterSweep,
  workerInstance: WORKER_INSTANCE,
  chooseModel: pickVerifier,
  endpointModel: endpointVerifier,
  modelSplitter: endpointSplitter,
  withFailureCause,
  showWaiting: (waiting) => showWaiting(waiting, t('waitingTitle')),
  endWaiting,
  showBadge,
  clearBadge,
  showResultsView,
  extensionBase: () => browser.runtime.getURL('/'),
  showFirstRunGuidance,
  translate,
  now: () => Date.now(),
  newId: () => crypto.randomUUID(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
