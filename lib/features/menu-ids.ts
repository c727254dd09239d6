// The context menu's item ids, apart from the capabilities behind them: the light background script
// (entrypoints/background.ts) reads them without loading the engine.

/** Menu item ids: stable, tests and docs outside this repo name them. */
export const MENU_IDS = { checkImage: 'check-image', pickImage: 'pick-image', checkSelection: 'check-selection', checkAltText: 'check-alt-text' } as const;
