// The popup's (and side panel's) controller: which tab is shown, its check and page check live from
// storage, history, and every action the view offers. It reaches the browser only through `PopupHost`,
// so it stays a plain React hook; entrypoints/popup/ builds the host from the adapters.
import { useEffect, useRef, useState } from 'react';
import { auditReportHtml, auditToCsv } from '@/lib/alt-audit';
import type { CheckJob } from '@/lib/job-record';
import { historyToCsv, historyToJson, jobToJson, jobToMarkdown } from '@/lib/export';
import type { HistoryEntry } from '@/lib/history';
import type { Translate } from '@/lib/i18n';
import { isFailure, type MessageOf, type Send, type Setup } from '@/lib/messages';
import type { PageCheck } from '@/lib/page-check-state';
import type { StoredChange } from '@/lib/storage-keys';
import { citationText, reportFileName, reportHtml, reportsHtml, type ReportContext } from '@/lib/report';
import { PROMPT_VERSION } from '@/lib/verify/prompt';
import type { WaitingCheck } from '@/lib/waiting-check';
import type { CopyFormat } from './check-view';
import type { FixAction } from './error-help';
import { holding, loadAndWatch, mayDrawLater } from './live-value';

/** Everything the popup needs from the browser, passed in so the controller never touches `browser.*`. */
export interface PopupHost {
  send: Send;
  t: Translate;
  /** The side panel follows the active tab of its window; the popup shows one tab. */
  inPanel: boolean;
  /** The tab to show first (`?tabId=N`, else the active tab). */
  resolveTabId(): Promise<number | null>;
  /** Calls back when another tab becomes active (panel only); returns the unsubscribe function. */
  followActiveTab(onTab: (tabId: number) => void): () => void;
  loadJob(tabId: number): Promise<CheckJob | null>;
  /** Each change of the tab's check, read through its schema when `read()` (a held change is read when drawn). */
  watchJob(tabId: number, onChange: (change: StoredChange<CheckJob>) => void): () => void;
  loadSessionImage(tabId: number): Promise<string | null>;
  loadPageCheck(tabId: number): Promise<PageCheck | null>;
  watchPageCheck(tabId: number, onChange: (check: PageCheck | null) => void): () => void;
  loadWaiting(tabId: number): Promise<WaitingCheck | null>;
  watchWaiting(tabId: number, onChange: (waiting: WaitingCheck | null) => void): () => void;
  removePageCheck(tabId: number): Promise<void>;
  loadHistory(): Promise<HistoryEntry[]>;
  watchHistory(onChange: (entries: HistoryEntry[]) => void): () => void;
  deleteHistoryEntry(id: string): Promise<void>;
  clearHistory(): Promise<void>;
  /** The tab's title, or null when it is gone. */
  tabTitle(tabId: number): Promise<string | null>;
  /** Asks for access to an endpoint origin (inside the click); false when declined. */
  requestOrigin(origin: string): Promise<boolean>;
  openOptions(): void;
  extensionVersion: string;
  copyText(text: string): Promise<boolean>;
  download(name: string, type: string, text: string): void;
  /** Closes the popup window (the panel stays). */
  close(): void;
}

export type View = 'check' | 'history';

/** How long a check that has not heard from the model yet may wait to be drawn (see useCheck). */
export const STARTING_CHECK_HOLD_MS = 300;

/**
 * The view a notice belongs to, so it shows only there: the page check or audit ('page'), one check
 * (`job:<id>`, the tab's or one opened from history), or the tab's check view when nothing else caused it ('tab').
 */
export type NoticeScope = 'page' | 'tab' | `job:${string}`;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The popup's state and actions over `host`. */
export function useCheck(host: PopupHost, initialView: View) {
  const { send, t } = host;
  const [tabId, setTabId] = useState<number | null>(null);
  const [job, setJob] = useState<CheckJob | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const [view, setView] = useState<View>(initialView);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [opened, setOpened] = useState<HistoryEntry | null>(null);
  const [notice, setNotice] = useState<{ text: string; scope: NoticeScope } | null>(null);
  /**
   * The page-check row opened as the tab's check (Back returns to the table); null: the table shows.
   * `shown` turns true once the tab's check is that row's (a re-run's newer check then stays shown too).
   */
  const [row, setOpenedRow] = useState<{ id: string; jobId: string; shown: boolean } | null>(null);
  const openedRow = row?.shown ? row.id : null;
  const [pageCheck, setPageCheck] = useState<PageCheck | null>(null);
  const [waiting, setWaiting] = useState<WaitingCheck | null>(null);
  /** True from an action of this view that starts a check until that check has ended. */
  const askedHere = useRef(false);

  useEffect(() => {
    void host.resolveTabId().then((id) => id !== null && setTabId(id));
    const unfollow = host.inPanel ? host.followActiveTab(setTabId) : () => {};
    void send({ type: 'getSetup' }).then((answer) => !isFailure(answer) && setSetup(answer.data));
    const unwatchHistory = loadAndWatch(() => host.loadHistory(), (onChange) => host.watchHistory(onChange), setHistory);
    return () => {
      unfollow();
      unwatchHistory();
    };
  }, []);

  // The shown tab's check and page check, live; the panel switches them when the active tab changes.
  useEffect(() => {
    if (tabId === null) return;
    setJob(null);
    setPageCheck(null);
    setWaiting(null);
    setModels([]);
    setOpenedRow(null);
    // A check that has not heard from the model yet is drawn a moment later, with what follows if it comes by then
    // (the request leaving, the first verdict): on a machine with one free core the view's drawing would otherwise
    // run between the click and the request. A waiting record's removal waits with it: the check follows it at once.
    // A check this view asked for (Re-run, Split with the model, Check anyway) is the answer to a click here: drawn at
    // once, so the view never shows the check before it as the current one.
    const changes = holding(STARTING_CHECK_HOLD_MS);
    const onJob = (change: StoredChange<CheckJob>) => {
      if (mayDrawLater(change.stored, askedHere.current)) return changes.hold('job', () => setJob(change.read()));
      const next = change.read();
      if (next?.status !== 'running') askedHere.current = false;
      changes.now('job', () => setJob(next));
    };
    const onWaiting = (next: WaitingCheck | null) => (next === null ? changes.hold : changes.now)('waiting', () => setWaiting(next));
    const unwatch = loadAndWatch(() => host.loadJob(tabId), (onChange) => host.watchJob(tabId, onChange), setJob, onJob);
    // A page check in progress (or its summary) is shown again when the popup reopens.
    const unwatchPageCheck = loadAndWatch(() => host.loadPageCheck(tabId), (onChange) => host.watchPageCheck(tabId, onChange), setPageCheck);
    // A check waiting for its caption on the page is shown first, the last result below it as the previous one.
    const unwatchWaiting = loadAndWatch(() => host.loadWaiting(tabId), (onChange) => host.watchWaiting(tabId, onChange), setWaiting, onWaiting);
    return () => {
      changes.stop();
      unwatch();
      unwatchPageCheck();
      unwatchWaiting();
    };
  }, [tabId]);

  // The opened row shows once the tab's check is that row's, never the check the tab held before.
  useEffect(() => {
    if (row && !row.shown && job?.id === row.jobId) setOpenedRow({ ...row, shown: true });
  }, [job?.id, row]);

  useEffect(() => {
    if (!setup?.configured || job?.status !== 'done' || models.length) return;
    void send({ type: 'listModels' }).then((answer) => !isFailure(answer) && setModels(answer.data));
  }, [setup, job?.status, models.length]);

  const say = (text: string, scope: NoticeScope = 'tab') => {
    const said = { text, scope };
    setNotice(said);
    setTimeout(() => setNotice((current) => (current === said ? null : current)), 4000);
  };
  const jobScope = (shown: Pick<CheckJob, 'id'> | null): NoticeScope => (shown ? `job:${shown.id}` : 'tab');
  /** Sends a request whose failure is worth a notice (the worker's sentence), shown in the view that sent it. */
  const act = async (message: MessageOf<'cancelCheck' | 'rerunCheck' | 'recheckClaims' | 'compareModel' | 'runPageCheck' | 'cancelPageCheck'>) => {
    if (message.type === 'rerunCheck' || message.type === 'recheckClaims' || message.type === 'compareModel') askedHere.current = true;
    const answer = await send(message);
    if (!isFailure(answer)) return;
    askedHere.current = false;
    say(answer.error, message.type === 'runPageCheck' || message.type === 'cancelPageCheck' ? 'page' : jobScope(job));
  };
  const endpointOrigin = setup?.baseUrl ? originOf(setup.baseUrl) : null;
  const reportContext = (shown: CheckJob, image: string | null, kind: 'sent' | 'thumbnail', pageTitle: string | null, savedAt: number): ReportContext => ({
    imageDataUrl: image,
    imageKind: kind,
    pageTitle,
    endpointHost: shown.endpointHost ?? null,
    promptVersion: PROMPT_VERSION,
    extensionVersion: host.extensionVersion,
    savedAt,
  });

  return {
    t,
    tabId,
    job,
    setup,
    models,
    view,
    history,
    opened,
    /** The page-check row whose check is shown in full, once the tab's check is that row's. */
    openedRow,
    /** The notice of one view (null when the last notice belongs to another). */
    noticeFor: (scope: NoticeScope) => (notice?.scope === scope ? notice.text : null),
    jobScope,
    pageCheck,
    waiting,
    endpointOrigin,
    inPanel: host.inPanel,
    say,
    act,
    openOptions: host.openOptions,
    /** Switches between the check and history views, closing an opened history entry. */
    showView(next: View) {
      setView(next);
      setOpened(null);
    },
    openEntry: setOpened,
    /** Opens a page-check row as the tab's check, with every action of one; Back returns to the table. */
    async openRow(check: PageCheck, id: string) {
      const jobId = check.items.find((i) => i.id === id)?.jobId;
      if (!jobId) return;
      const answer = await send({ type: 'openPageCheckRow', tabId: check.tabId, id });
      if (isFailure(answer)) return say(answer.error, 'page');
      setOpenedRow({ id, jobId, shown: job?.id === jobId });
    },
    /** Leaves the opened row for the page check's table. */
    backToTable: () => setOpenedRow(null),
    /** Scrolls the page to a row's or finding's picture and outlines it (with every checked one marked). */
    async showOnPage(check: PageCheck, id: string) {
      const answer = await send({ type: 'showOnPage', tabId: check.tabId, id });
      if (isFailure(answer)) say(answer.error, 'page');
      else if (!answer.ok) say(t('showOnPageGone'), 'page');
    },
    async onFix(action: FixAction) {
      if (action === 'options' || action === 'pickModel') return host.openOptions();
      if (tabId === null) return;
      if (action === 'grant' && endpointOrigin) {
        const granted = await host.requestOrigin(endpointOrigin).catch(() => false);
        if (!granted) return say(t('grantDenied'), jobScope(job));
      }
      await act({ type: 'rerunCheck', tabId });
    },
    /** Saves the evidence report: the image as sent while the tab's check still holds it, else the thumbnail. */
    async saveReport(shown: CheckJob, live: boolean) {
      const sent = live && tabId !== null ? await host.loadSessionImage(tabId).catch(() => null) : null;
      const pageTitle = live && tabId !== null ? await host.tabTitle(tabId).catch(() => null) : null;
      const savedAt = Date.now();
      const html = reportHtml(shown, reportContext(shown, sent ?? shown.thumbnail ?? null, sent ? 'sent' : 'thumbnail', pageTitle, savedAt));
      host.download(reportFileName(savedAt), 'text/html', html);
      say(t('reportSaved'), jobScope(shown));
    },
    /** Past checks in one report: each with its thumbnail (the image as sent is not kept in history). */
    saveHistoryReport(entries: HistoryEntry[]) {
      const savedAt = Date.now();
      const checks = entries.map(({ job: past }) => ({ job: past, context: reportContext(past, past.thumbnail ?? null, 'thumbnail', null, savedAt) }));
      host.download(reportFileName(savedAt), 'text/html', reportsHtml(checks));
    },
    exportHistory(format: 'json' | 'csv') {
      if (format === 'json') host.download('caption-check-history.json', 'application/json', historyToJson(history));
      else host.download('caption-check-history.csv', 'text/csv', historyToCsv(history));
    },
    deleteEntry: (entry: HistoryEntry) => void host.deleteHistoryEntry(entry.id),
    clearHistory: () => void host.clearHistory(),
    /** Lists the page's captioned images or alt texts; the list replaces the check view. */
    async listPage(message: MessageOf<'checkPage' | 'auditAltText'>) {
      const answer = await send(message);
      if (isFailure(answer)) return say(answer.error);
      setNotice((current) => (current?.scope === 'page' ? null : current));
      setOpenedRow(null);
      setPageCheck(answer.data);
    },
    /** Closes the page check: a running one is cancelled first; a run a restarted worker lost is simply forgotten. */
    closePageCheck(check: PageCheck) {
      if (check.status === 'running') void act({ type: 'cancelPageCheck', tabId: check.tabId });
      setPageCheck(null);
      setOpenedRow(null);
      // What the page check said belongs to it: gone with it, never shown on the check that follows.
      setNotice((current) => (current?.scope === 'page' ? null : current));
      void host.removePageCheck(check.tabId);
    },
    exportAuditCsv: (check: PageCheck) => host.download('caption-check-alt-audit.csv', 'text/csv', auditToCsv(check)),
    /** The alt-text audit as an HTML report beside the CSV: each checked alt text's claims come from history. */
    async saveAuditReport(check: PageCheck) {
      const pageTitle = await host.tabTitle(check.tabId).catch(() => null);
      const entries = await host.loadHistory().catch(() => history);
      const jobs = new Map(entries.map((entry) => [entry.id, entry.job]));
      const savedAt = Date.now();
      const html = auditReportHtml(check, { savedAt, pageTitle, model: setup?.model ?? '', extensionVersion: host.extensionVersion, jobs });
      host.download(`caption-check-alt-audit-${new Date(savedAt).toISOString().slice(0, 10)}.html`, 'text/html', html);
      say(t('reportSaved'), 'page');
    },
    async copyCitation(shown: CheckJob) {
      const ok = await host.copyText(citationText(shown, { endpointHost: shown.endpointHost ?? null, savedAt: Date.now() }));
      say(ok ? t('citationCopied') : t('copyFailed'), jobScope(shown));
    },
    async copy(shown: CheckJob, format: CopyFormat) {
      const ok = await host.copyText(format === 'markdown' ? jobToMarkdown(shown) : jobToJson(shown));
      say(ok ? t(format === 'markdown' ? 'copiedMarkdown' : 'copiedJson') : t('copyFailed'), jobScope(shown));
    },
    /** The tab's image as it was sent to the model (kept while the tab is open). */
    loadSentImage: () => (tabId !== null ? host.loadSessionImage(tabId) : Promise.resolve(null)),
    focusClaim: (claim: number | null, scroll: boolean) => tabId !== null && void send({ type: 'focusClaim', tabId, claim, scroll }),
    /** The popup closes so the user can point at the image on the page; the panel stays. */
    pickImage() {
      if (tabId === null) return;
      void send({ type: 'pickImage', tabId }).then(() => !host.inPanel && host.close());
    },
  };
}

/** What useCheck returns: the state and actions the popup view renders. */
export type CheckController = ReturnType<typeof useCheck>;
