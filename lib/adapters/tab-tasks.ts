// The worker's one task registry: Chrome stops an idle service worker after 30 s, and any extension
// API call resets that timer, so a cheap one every 20 s keeps the worker up while a task runs.
import { browser } from 'wxt/browser';
import { createTabTasks } from '../features/tab-tasks';

/** Every per-tab task of this worker instance (checks, re-checks, the picker, page checks). */
export const tabTasks = createTabTasks({ ping: () => void browser.runtime.getPlatformInfo(), every: 20_000 });
