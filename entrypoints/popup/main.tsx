import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { CheckView } from '@/components/check-view';
import type { CheckJob } from '@/lib/check';
import type { Message } from '@/lib/messages';
import { loadJob, watchJob } from '@/lib/platform/storage';
import '@/components/theme.css';

/** The tab whose check is shown: `?tabId=N`, else the active tab of this window. */
async function resolveTabId(): Promise<number | null> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

function send(message: Message): void {
  void browser.runtime.sendMessage(message);
}

function Popup() {
  const [tabId, setTabId] = useState<number | null>(null);
  const [job, setJob] = useState<CheckJob | null>(null);

  useEffect(() => {
    let unwatch = () => {};
    void resolveTabId().then(async (id) => {
      if (id === null) return;
      setTabId(id);
      unwatch = watchJob(id, setJob);
      setJob(await loadJob(id));
    });
    return () => unwatch();
  }, []);

  return (
    <CheckView
      job={job}
      onCancel={() => tabId !== null && send({ type: 'cancelCheck', tabId })}
      onRerun={() => tabId !== null && send({ type: 'rerunCheck', tabId })}
      onOpenOptions={() => void browser.runtime.openOptionsPage()}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
