// What a release uploads to each store, and the credentials `wxt submit` reads for it. Credentials come
// only from environment variables (names in .env.submit.example); none is ever printed or written.

export interface Store {
  /** How the release names the store. */
  name: string;
  /** Environment variables `wxt submit` needs for this store (publish-browser-extension's names). */
  credentials: readonly string[];
}

export const STORES = {
  chrome: { name: 'Chrome Web Store', credentials: ['CHROME_EXTENSION_ID', 'CHROME_CLIENT_ID', 'CHROME_CLIENT_SECRET', 'CHROME_REFRESH_TOKEN'] },
  firefox: { name: 'addons.mozilla.org', credentials: ['FIREFOX_EXTENSION_ID', 'FIREFOX_JWT_ISSUER', 'FIREFOX_JWT_SECRET'] },
} as const satisfies Record<string, Store>;
export type StoreId = keyof typeof STORES;

/** The packages a release makes (paths), as `wxt zip` names them. */
export interface Packages {
  chrome: string;
  firefox: string;
  sources: string;
}

export interface Upload {
  store: StoreId;
  /** The files this store receives. */
  files: string[];
  /** Credential variables that are not set (empty: the store can be submitted to). */
  missing: string[];
  /** The `wxt submit` arguments for this store (paths and flags only, never a credential). */
  args: string[];
}

/** Each store's upload: Chrome gets its package; addons.mozilla.org the Firefox package and the sources it is built from. */
export function uploads(packages: Packages, env: Readonly<Record<string, string | undefined>>): Upload[] {
  const missing = (store: StoreId): string[] => STORES[store].credentials.filter((name) => !env[name]);
  return [
    { store: 'chrome', files: [packages.chrome], missing: missing('chrome'), args: ['--chrome-zip', packages.chrome] },
    {
      store: 'firefox',
      files: [packages.firefox, packages.sources],
      missing: missing('firefox'),
      args: ['--firefox-zip', packages.firefox, '--firefox-sources-zip', packages.sources, '--firefox-channel', 'listed'],
    },
  ];
}

/** The `wxt submit` command line for the stores given (`--dry-run` checks the credentials and uploads nothing). */
export function submitArgs(chosen: readonly Upload[], dryRun: boolean): string[] {
  return ['wxt', 'submit', ...(dryRun ? ['--dry-run'] : []), ...chosen.flatMap((upload) => upload.args)];
}
