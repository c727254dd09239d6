import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import { hardening } from './build/hardening';

// UI text: locales/<lang>/messages.json, outside public/ so lib/i18n.ts may import the English file
// (Vite refuses imports from public/); copied to _locales/ in the build by the hook below.
const LOCALES_DIR = resolve(import.meta.dirname, 'locales');

// Manifest facts that belong to no single entrypoint. The page script is injected on demand
// (an unlisted script), so nothing here grants host access at install.
export default defineConfig({
  // Separate output folders let several builds (e.g. parallel test runs) coexist.
  outDir: process.env.CAPTION_CHECK_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // No eval and no dynamic innerHTML in the packages (addons-linter: 0 warnings). Plain ASCII output: a script
  // with one character past it is decoded into two-byte text, which a woken worker paid for engine.js at every wake.
  vite: () => ({ plugins: [hardening()], build: { rolldownOptions: { output: { charset: 'ascii' } } } }),
  // MV3 for Firefox too (WXT defaults Firefox to MV2): one manifest shape, checked by addons-linter.
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    // The store-facing name and description in the browser's language (locales/<lang>/messages.json).
    name: '__MSG_appName__',
    default_locale: 'en',
    description: '__MSG_appDescription__',
    permissions: ['contextMenus', 'activeTab', 'scripting', 'storage', 'declarativeNetRequestWithHostAccess'],
    // Endpoint origins (a local Ollama, a gateway without CORS) are asked for when the user saves them.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    // Test builds only (test/browser/local-endpoint.test.ts): the state after the user granted an endpoint's
    // origin, since a headless browser cannot click the permission prompt. Never set for a release build.
    ...(process.env.CAPTION_CHECK_TEST_GRANTED_ORIGINS ? { host_permissions: process.env.CAPTION_CHECK_TEST_GRANTED_ORIGINS.split(',') } : {}),
    action: { default_title: '__MSG_appName__' },
    // For pages that block the context menu; a command grants activeTab like a menu click.
    commands: {
      'pick-image': { suggested_key: { default: 'Alt+Shift+K' }, description: '__MSG_commandPickImage__' },
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'caption-check@caption-check.dev', strict_min_version: '140.0', data_collection_permissions: { required: ['websiteContent'] } }, gecko_android: { strict_min_version: '142.0' } } }
      : {}),
  }),
  // The sources zip addons.mozilla.org reviews (made by `wxt zip -b firefox`): what the package is built
  // from, with store/firefox-sources.md saying how (scripts/check-sources.ts rebuilds it byte for byte).
  // Tests, benchmarks, docs and store pictures are not needed for the build and stay out.
  zip: {
    excludeSources: ['test/**', 'scripts/**', 'docs/**', 'store/**', 'test-results/**', '**/*.log', '.env*'],
    includeSources: ['store/firefox-sources.md'],
  },
  hooks: {
    // Every locale's messages into the build as _locales/<lang>/messages.json.
    'build:publicAssets': (_wxt, files) => {
      for (const lang of readdirSync(LOCALES_DIR))
        files.push({ absoluteSrc: resolve(LOCALES_DIR, lang, 'messages.json'), relativeDest: `_locales/${lang}/messages.json` });
    },
    // Firefox runs the background as an event page (no service worker, no importScripts): the engine
    // that Chrome's worker loads on first use (lib/adapters/engine-api.ts) is listed before it instead.
    'build:manifestGenerated': (wxt, manifest) => {
      const background = manifest.background as { scripts?: string[] } | undefined;
      if (wxt.config.browser === 'firefox' && background?.scripts) background.scripts = ['engine.js', ...background.scripts];
    },
  },
  webExt: {
    binaries: { chrome: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    // Chromium refuses to start as root without --no-sandbox (as on these Debian machines).
    chromiumArgs: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});
