// The engine behind the service worker's listeners (see engine-api.ts): everything a check needs.
import { handleCommand, handleMenuClick } from '../features/menu-click';
import { browserPlatform } from './browser-platform';
import { registerMenus } from './menus';
import { sweepAtStart } from './resume';
import { handleMessage } from './router';
import type { Engine } from './engine-api';

/** Builds the engine; loading it starts this worker instance's sweep of checks a stopped instance left running. */
export function createEngine(): Engine {
  void sweepAtStart();
  return {
    registerMenus,
    handleMenuClick: (info, tab) => handleMenuClick(browserPlatform, info, tab),
    handleCommand: (command, tab) => handleCommand(browserPlatform, command, tab),
    handleMessage,
    sweepAtStart,
  };
}
