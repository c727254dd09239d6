// The engine behind the service worker's listeners (see engine-api.ts): everything a check needs.
import { handleMenuClick, registerMenus } from './menus';
import { pickAndCheck } from './pick';
import { sweepAtStart } from './resume';
import { handleMessage } from './router';
import type { Engine } from './engine-api';

/** Builds the engine; loading it starts this worker instance's sweep of checks a stopped instance left running. */
export function createEngine(): Engine {
  void sweepAtStart();
  return {
    registerMenus,
    handleMenuClick,
    // The keyboard command (pages that block the context menu); like a menu click it grants activeTab.
    handleCommand: (command, tab) => {
      if (command === 'pick-image' && tab?.id !== undefined) void pickAndCheck({ tabId: tab.id, frameId: 0 });
    },
    handleMessage,
    sweepAtStart,
  };
}
