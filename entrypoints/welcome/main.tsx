import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { WelcomePage, type WelcomeHost } from '@/components/welcome-page';
import { readBuiltinStatus } from '@/lib/adapters/builtin-host';
import { applyPageLanguage, messagesReady, t } from '@/lib/adapters/i18n';
import { loadJob, watchJob } from '@/lib/adapters/storage';
import { send } from '@/lib/adapters/worker-client';
import '@/components/theme.css';

const host: WelcomeHost = {
  send,
  t,
  currentTabId: async () => (await browser.tabs.getCurrent())?.id ?? null,
  builtinStatus: readBuiltinStatus,
  loadJob,
  watchJob,
  assetUrl: (path) => browser.runtime.getURL(path),
  openOptions: () => void browser.tabs.create({ url: browser.runtime.getURL('/options.html') }),
};

// Rendered once the page speaks the browser's language (at once, unless the browser lost the messages).
void messagesReady.then(() => {
  applyPageLanguage();
  // The tab's title in the UI's language (the HTML's own title is English).
  document.title = t('welcomeTitle');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <WelcomePage host={host} />
    </StrictMode>,
  );
});
