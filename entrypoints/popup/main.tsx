import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Popup } from '@/components/popup';
import { applyPageLanguage, messagesReady } from '@/lib/adapters/i18n';
import { popupHost } from './host';
import '@/components/theme.css';

/** The side panel runs this same page; it follows the active tab of its window instead of one tab. */
const IN_PANEL = location.pathname.endsWith('/sidepanel.html');
const initialView = new URLSearchParams(location.search).get('view') === 'history' ? 'history' : 'check';

// Rendered once the page speaks the browser's language (at once, unless the browser lost the messages).
void messagesReady.then(() => {
  applyPageLanguage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Popup host={popupHost(IN_PANEL)} initialView={initialView} />
    </StrictMode>,
  );
});
