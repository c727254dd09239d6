import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { CheckView, type CopyFormat } from '@/components/check-view';
import type { FixAction } from '@/components/error-help';
import { FirstRun } from '@/components/first-run';
import { HistoryView } from '@/components/history-view';
import { PageCheckView } from '@/components/page-check';
import type { CheckJob } from '@/lib/check';
import { auditReportHtml, auditToCsv } from '@/lib/alt-audit';
import { historyToCsv, historyToJson, jobToJson, jobToMarkdown } from '@/lib/export';
import type { HistoryEntry } from '@/lib/history';
import { createTranslate } from '@/lib/i18n';
import { messageResponseSchema, modelListSchema, setupSchema, type Message, type MessageResponse, type Setup } from '@/lib/messages';
import { clearHistory, deleteHistoryEntry, loadHistory, watchHistory } from '@/lib/platform/history-store';
import { loadJob, loadSessionImage, watchJob } from '@/lib/platform/storage';
import { citationText, reportFileName, reportHtml, reportsHtml } from '@/lib/report';
import { PROMPT_VERSION } from '@/lib/verify/prompt';
import { pageCheckSchema, type PageCheck } from '@/lib/page-check-state';
import { loadPageCheck, removePageCheck, watchPageCheck } from '@/lib/platform/page-check-store';
import '@/components/theme.css';

const t = createTranslate((key, subs) => (browser.i18n.getMessage as (k: string, s: string[]) => string)(key, subs));

/** The side panel runs this same page; it follows the active tab of its window instead of one tab. */
const IN_PANEL = location.pathname.endsWith('/sidepanel.html');

/** The tab whose check is shown: `?tabId=N`, else the active tab of this window. */
async function resolveTabId(): Promise<number | null> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/**
 * In the side panel: calls `onTab` whenever another tab of the panel's window becomes active. (A panel
 * page opened in a tab of its own, as the tests do, ignores its own tab.)
 */
function followActiveTab(onTab: (tabId: number) => void): () => void {
  let windowId: number | undefined;
  let ownTabId: number | undefined;
  const ready = Promise.all([
    browser.windows.getCurrent().then((w) => (windowId = w.id)),
    browser.tabs.getCurrent().then((tab) => (ownTabId = tab?.id)),
  ]);
  const listener = ({ tabId, windowId: from }: { tabId: number; windowId: number }) =>
    void ready.then(() => {
      if (from === windowId && tabId !== ownTabId) onTab(tabId);
    });
  browser.tabs.onActivated.addListener(listener);
  return () => browser.tabs.onActivated.removeListener(listener);
}

/** Sends a message to the worker; the answer is validated like every other boundary. */
async function send(message: Message): Promise<MessageResponse> {
  try {
    const parsed = messageResponseSchema.safeParse(await browser.runtime.sendMessage(message));
    return parsed.success ? parsed.data : { ok: false, error: t('workerNoAnswer') };
  } catch {
    return { ok: false, error: t('workerNoAnswer') };
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without focus or the clipboard permission, a selected textarea and the copy command still work here.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const formatTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type View = 'check' | 'history';

function Popup() {
  const [tabId, setTabId] = useState<number | null>(null);
  const [job, setJob] = useState<CheckJob | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const [view, setView] = useState<View>(new URLSearchParams(location.search).get('view') === 'history' ? 'history' : 'check');
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [opened, setOpened] = useState<HistoryEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pageCheck, setPageCheck] = useState<PageCheck | null>(null);

  useEffect(() => {
    void resolveTabId().then((id) => id !== null && setTabId(id));
    const unfollow = IN_PANEL ? followActiveTab(setTabId) : () => {};
    void send({ type: 'getSetup' }).then((answer) => {
      const parsed = setupSchema.safeParse(answer.data);
      if (parsed.success) setSetup(parsed.data);
    });
    void loadHistory().then(setHistory);
    const unwatchHistory = watchHistory(setHistory);
    return () => {
      unfollow();
      unwatchHistory();
    };
  }, []);

  // The shown tab's check and page check, live; the panel switches them when the active tab changes.
  useEffect(() => {
    if (tabId === null) return;
    let current = true;
    setJob(null);
    setPageCheck(null);
    setModels([]);
    const unwatch = watchJob(tabId, setJob);
    // A page check in progress (or its summary) is shown again when the popup reopens.
    const unwatchPageCheck = watchPageCheck(tabId, setPageCheck);
    void Promise.all([loadPageCheck(tabId), loadJob(tabId)]).then(([page, check]) => {
      if (!current) return;
      setPageCheck(page);
      setJob(check);
    });
    return () => {
      current = false;
      unwatch();
      unwatchPageCheck();
    };
  }, [tabId]);

  useEffect(() => {
    if (!setup?.configured || job?.status !== 'done' || models.length) return;
    void send({ type: 'listModels' }).then((answer) => {
      const parsed = modelListSchema.safeParse(answer.data);
      if (parsed.success) setModels(parsed.data);
    });
  }, [setup, job?.status, models.length]);

  const say = (text: string) => {
    setNotice(text);
    setTimeout(() => setNotice((current) => (current === text ? null : current)), 4000);
  };
  const act = async (message: Message) => {
    const answer = await send(message);
    if (!answer.ok && answer.error) say(answer.error);
  };
  // Our own tab rather than runtime.openOptionsPage(): the same in Chrome and Firefox, from a popup or a popup opened as a tab.
  const openOptions = () => void browser.tabs.create({ url: browser.runtime.getURL('/options.html') });
  const endpointOrigin = setup?.baseUrl ? originOf(setup.baseUrl) : null;

  const onFix = async (action: FixAction) => {
    if (action === 'options' || action === 'pickModel') return openOptions();
    if (tabId === null) return;
    if (action === 'grant' && endpointOrigin) {
      const granted = await browser.permissions.request({ origins: [`${endpointOrigin}/*`] }).catch(() => false);
      if (!granted) return say(t('grantDenied'));
    }
    await act({ type: 'rerunCheck', tabId });
  };
  /** Saves the evidence report: the image as sent while the tab's check still holds it, else the thumbnail. */
  const onSaveReport = async (shown: CheckJob, live: boolean) => {
    const sent = live && tabId !== null ? await loadSessionImage(tabId).catch(() => null) : null;
    const pageTitle = live && tabId !== null ? ((await browser.tabs.get(tabId).catch(() => null))?.title ?? null) : null;
    const savedAt = Date.now();
    const html = reportHtml(shown, {
      imageDataUrl: sent ?? shown.thumbnail ?? null,
      imageKind: sent ? 'sent' : 'thumbnail',
      pageTitle,
      endpointHost: shown.endpointHost ?? null,
      promptVersion: PROMPT_VERSION,
      extensionVersion: browser.runtime.getManifest().version,
      savedAt,
    });
    download(reportFileName(savedAt), 'text/html', html);
    say(t('reportSaved'));
  };
  /** Lists the page's captioned images or alt texts; the list replaces the check view. */
  const listPage = async (message: Extract<Message, { type: 'checkPage' | 'auditAltText' }>) => {
    const answer = await send(message);
    if (!answer.ok) return say(answer.error ?? t('workerNoAnswer'));
    const parsed = pageCheckSchema.safeParse(answer.data);
    if (parsed.success) setPageCheck(parsed.data);
  };
  /** The alt-text audit as an HTML report beside the CSV. */
  const onSaveAuditReport = async (check: PageCheck) => {
    const pageTitle = (await browser.tabs.get(check.tabId).catch(() => null))?.title ?? null;
    const savedAt = Date.now();
    const html = auditReportHtml(check, { savedAt, pageTitle, model: setup?.model ?? '', extensionVersion: browser.runtime.getManifest().version });
    download(`caption-check-alt-audit-${new Date(savedAt).toISOString().slice(0, 10)}.html`, 'text/html', html);
    say(t('reportSaved'));
  };
  const onCopyCitation = async (shown: CheckJob) => {
    const ok = await copyText(citationText(shown, { endpointHost: shown.endpointHost ?? null, savedAt: Date.now() }));
    say(ok ? t('citationCopied') : t('copyFailed'));
  };
  const reportActions = (shown: CheckJob, live: boolean) =>
    shown.claims.length > 0 && (
      <>
        <button type="button" onClick={() => void onSaveReport(shown, live)}>
          {t('saveReport')}
        </button>
        <button type="button" onClick={() => void onCopyCitation(shown)}>
          {t('copyCitation')}
        </button>
      </>
    );
  const onCopy = async (shown: CheckJob, format: CopyFormat) => {
    const ok = await copyText(format === 'markdown' ? jobToMarkdown(shown) : jobToJson(shown));
    say(ok ? t(format === 'markdown' ? 'copiedMarkdown' : 'copiedJson') : t('copyFailed'));
  };

  const tabs = (
    <div className="tabs" role="tablist" aria-label={t('viewsLabel')}>
      {(['check', 'history'] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`tab-${name}`}
          aria-selected={view === name}
          aria-controls={`panel-${name}`}
          tabIndex={view === name ? 0 : -1}
          onClick={() => {
            setView(name);
            setOpened(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const next = name === 'check' ? 'history' : 'check';
            setView(next);
            setOpened(null);
            document.getElementById(`tab-${next}`)?.focus();
          }}
        >
          {name === 'check' ? t('tabCheck') : t('tabHistory', history.length)}
        </button>
      ))}
      <button type="button" className="link tabs__options" onClick={openOptions}>
        {t('options')}
      </button>
    </div>
  );

  let body;
  if (view === 'history' && opened) {
    body = (
      <>
        <button type="button" className="link back" onClick={() => setOpened(null)}>
          ← {t('historyBack')}
        </button>
        <CheckView
          job={opened.job}
          t={t}
          readOnly
          endpointOrigin={null}
          models={[]}
          notice={notice}
          onCancel={() => {}}
          onRerun={() => {}}
          onFix={() => {}}
          onCopy={(format) => void onCopy(opened.job, format)}
          extraActions={reportActions(opened.job, false)}
          onRecheck={() => {}}
          onCompare={() => {}}
        />
      </>
    );
  } else if (view === 'history') {
    body = (
      <HistoryView
        entries={history}
        t={t}
        formatTime={formatTime}
        onOpen={setOpened}
        onDelete={(entry) => void deleteHistoryEntry(entry.id)}
        onClear={() => void clearHistory()}
        onExport={(format) =>
          format === 'json'
            ? download('caption-check-history.json', 'application/json', historyToJson(history))
            : download('caption-check-history.csv', 'text/csv', historyToCsv(history))
        }
        onSaveReport={(entries) => {
          // Past checks: each with its thumbnail (the image as sent is not kept in history).
          const savedAt = Date.now();
          const checks = entries.map(({ job }) => ({
            job,
            context: {
              imageDataUrl: job.thumbnail ?? null,
              imageKind: 'thumbnail' as const,
              pageTitle: null,
              endpointHost: job.endpointHost ?? null,
              promptVersion: PROMPT_VERSION,
              extensionVersion: browser.runtime.getManifest().version,
              savedAt,
            },
          }));
          download(reportFileName(savedAt), 'text/html', reportsHtml(checks));
        }}
      />
    );
  } else if (pageCheck && tabId !== null) {
    body = (
      <PageCheckView
        check={pageCheck}
        t={t}
        onRun={(ids) => void act({ type: 'runPageCheck', tabId, ids })}
        onOpen={(item) => {
          const entry = history.find((e) => e.id === item.jobId);
          if (!entry) return say(t('pageCheckNoEntry'));
          setView('history');
          setOpened(entry);
        }}
        onClose={() => {
          // A running check is cancelled first; a run a restarted worker lost is simply forgotten.
          if (pageCheck.status === 'running') void act({ type: 'cancelPageCheck', tabId });
          setPageCheck(null);
          void removePageCheck(tabId);
        }}
        {...(pageCheck.kind === 'alt'
          ? {
              onExportCsv: () => download('caption-check-alt-audit.csv', 'text/csv', auditToCsv(pageCheck)),
              onSaveReport: () => void onSaveAuditReport(pageCheck),
            }
          : {})}
      />
    );
  } else if (job) {
    body =
      job.error?.kind === 'not-configured' && !setup?.configured ? (
        <FirstRun onOpenOptions={openOptions} t={t} />
      ) : (
        <CheckView
          job={job}
          t={t}
          endpointOrigin={endpointOrigin}
          models={models}
          notice={notice}
          onCancel={() => tabId !== null && void act({ type: 'cancelCheck', tabId })}
          onRerun={() => tabId !== null && void act({ type: 'rerunCheck', tabId })}
          onFix={(action) => void onFix(action)}
          onCopy={(format) => void onCopy(job, format)}
          extraActions={reportActions(job, true)}
          onRecheck={(claims) => tabId !== null && void act({ type: 'recheckClaims', tabId, claims })}
          onCompare={(model) => tabId !== null && void act({ type: 'compareModel', tabId, model })}
          {...(IN_PANEL && tabId !== null
            ? {
                onClaimPoint: (claim: number | null) => void send({ type: 'focusClaim', tabId, claim, scroll: false }),
                onClaimLocate: (claim: number) => void send({ type: 'focusClaim', tabId, claim, scroll: true }),
              }
            : {})}
        />
      );
  } else if (setup && !setup.configured) {
    body = <FirstRun onOpenOptions={openOptions} t={t} />;
  } else {
    body = (
      <section className="empty">
        <h1>{t('appName')}</h1>
        <p>{t('emptyHowTo')}</p>
        <p>{t('emptySelection')}</p>
      </section>
    );
  }

  return (
    <>
      {tabs}
      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        {body}
      </div>
      {notice && view === 'check' && (pageCheck || !job) && (
        <p className="meta" role="status">
          {notice}
        </p>
      )}
      {tabId !== null && view === 'check' && !pageCheck && (
        <button
          type="button"
          className="page-check-button"
          onClick={() => void listPage({ type: 'checkPage', tabId })}
        >
          {t('pageCheckButton')}
        </button>
      )}
      {tabId !== null && view === 'check' && !pageCheck && (
        <button type="button" className="alt-audit-button" onClick={() => void listPage({ type: 'auditAltText', tabId })}>
          {t('altAuditButton')}
        </button>
      )}
      {tabId !== null && view === 'check' && (
        <button
          type="button"
          className="pick-image"
          onClick={() => {
            // The popup closes so the user can point at the image on the page; the panel stays.
            void send({ type: 'pickImage', tabId }).then(() => !IN_PANEL && window.close());
          }}
        >
          {t('pickImage')}
        </button>
      )}
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Popup />
  </StrictMode>,
);
