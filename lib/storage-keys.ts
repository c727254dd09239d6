// Every key Caption Check keeps in browser storage, by name. Zod-free on purpose: the light
// background script reads some of these before the engine (and zod) load. Each key's schema is in
// lib/storage-schema.ts; the items over them are in lib/adapters/storage.ts (storage-area.ts: the light raw reads).

/** The extension's own keys, `area:noun` (WXT's storage item names). */
export const STORAGE_KEYS = {
  /** The user's settings (lib/settings.ts), versioned. */
  settings: 'local:settings',
  /** The API key when the user keeps it for this browser session only. */
  sessionApiKey: 'session:apiKey',
  /** Output mode that worked last, per endpoint and model. */
  outputModes: 'local:outputModes',
  /** Endpoints that rejected the logprobs request. */
  noLogprobs: 'local:noLogprobs',
  /** Finished checks, newest first. */
  history: 'local:history',
  /** Imported calibrations, by model. */
  calibrations: 'local:calibrations',
  /** Recent verdicts, by image, claims and model. */
  verdictCache: 'local:verdictCache',
} as const;
export type StorageKeyName = keyof typeof STORAGE_KEYS;

/** What session storage keeps per tab (gone with the tab): its check, its image as sent, its page check, a check waiting for its caption. */
export const TAB_KEY_KINDS = ['check', 'image', 'pageCheck', 'waiting'] as const;
export type TabKeyKind = (typeof TAB_KEY_KINDS)[number];

/** The storage item name of one tab's data, e.g. `session:check:12`. */
export function tabKey<K extends TabKeyKind>(kind: K, tabId: number): `session:${K}:${number}` {
  return `session:${kind}:${tabId}`;
}

/** Session-storage keys (without the `session:` area prefix) of one tab's data. */
export function tabSessionKeys(tabId: number): string[] {
  return TAB_KEY_KINDS.map((kind) => `${kind}:${tabId}`);
}

/** Matches a session-storage key (without the area prefix) of these kinds of tab data; group 1 is the tab id. */
export function tabKeyPattern(kinds: readonly TabKeyKind[] = TAB_KEY_KINDS): RegExp {
  return new RegExp(`^(?:${kinds.join('|')}):(\\d+)$`);
}

/** A key's name inside its area, for the light start-up reads of lib/adapters/storage-area.ts ('local:settings' → 'settings'). */
export function areaKey(name: StorageKeyName): string {
  return STORAGE_KEYS[name].slice(STORAGE_KEYS[name].indexOf(':') + 1);
}

/**
 * One change of a stored value: `stored` as it came, `read()` through its key's schema (null when it does not parse),
 * parsed at the first read only. A view that holds a change parses it when it draws it, not as it arrives.
 */
export interface StoredChange<T> {
  stored: unknown;
  read(): T | null;
}
