import { defineConfig } from 'wxt';

// Manifest facts that belong to no single entrypoint. The page script is injected on demand
// (an unlisted script), so nothing here grants host access at install.
export default defineConfig({
  // Separate output folders let several builds (e.g. parallel test runs) coexist.
  outDir: process.env.CAPTION_CHECK_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // MV3 for Firefox too (WXT defaults Firefox to MV2): one manifest shape, checked by addons-linter.
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: 'Caption Check',
    // UI text lives in public/_locales/<lang>/messages.json (lib/i18n.ts); English first.
    default_locale: 'en',
    description:
      'Check an AI-written image description claim by claim against the image, with the vision model you choose.',
    permissions: ['contextMenus', 'activeTab', 'scripting', 'storage', 'declarativeNetRequestWithHostAccess'],
    // Endpoint origins (a local Ollama, a gateway without CORS) are asked for when the user saves them.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    // Test builds only (test/browser/local-endpoint.test.ts): the state after the user granted an endpoint's
    // origin, since a headless browser cannot click the permission prompt. Never set for a release build.
    ...(process.env.CAPTION_CHECK_TEST_GRANTED_ORIGINS ? { host_permissions: process.env.CAPTION_CHECK_TEST_GRANTED_ORIGINS.split(',') } : {}),
    action: { default_title: 'Caption Check' },
    // For pages that block the context menu; a command grants activeTab like a menu click.
    commands: {
      'pick-image': { suggested_key: { default: 'Alt+Shift+K' }, description: 'Pick an image on this page to check' },
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'caption-check@caption-check.dev', strict_min_version: '128.0', data_collection_permissions: { required: ['websiteContent'] } } } }
      : {}),
  }),
  hooks: {
    // Firefox runs the background as an event page (no service worker, no importScripts): the engine
    // that Chrome's worker loads on first use (lib/platform/engine-api.ts) is listed before it instead.
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
