// The popup and side panel view: the Check / History tabs and what each shows. All state and actions
// come from the controller (use-check.ts); this file only lays them out.
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CheckView } from './check-view';
import { FirstRun } from './first-run';
import { HistoryView } from './history-view';
import { announce, Announcer, useMoveFocus } from './move-focus';
import { PageCheckView } from './page-check';
import { PreviousCheck, WaitingView } from './waiting-view';
import { useCheck, type CheckController, type PopupHost, type View } from './use-check';
import { formatDateTime } from '@/lib/i18n';
import type { CheckJob } from '@/lib/job-record';

// Dates in the UI's language (lib/i18n.ts formatDateTime).
const formatTime = (ms: number) => formatDateTime(ms);

/** Save report and Copy citation, for a check with claims (`live`: the tab's own check, not one from history). */
function ReportActions({ c, shown, live }: { c: CheckController; shown: CheckJob; live: boolean }) {
  if (shown.claims.length === 0) return null;
  return (
    <>
      {/* Nothing is filed as evidence while verdicts are still coming in. */}
      <button type="button" disabled={shown.status === 'running'} onClick={() => void c.saveReport(shown, live)}>
        {c.t('saveReport')}
      </button>
      <button type="button" disabled={shown.status === 'running'} onClick={() => void c.copyCitation(shown)}>
        {c.t('copyCitation')}
      </button>
    </>
  );
}

const VIEWS: readonly View[] = ['check', 'history'];

/** Where each key moves from tab `at` (the WAI-ARIA tabs pattern: arrows wrap around, Home and End go to the ends). */
function tabKeyTarget(key: string, at: number): number | null {
  const targets: Record<string, number> = { ArrowRight: (at + 1) % VIEWS.length, ArrowLeft: (at - 1 + VIEWS.length) % VIEWS.length, Home: 0, End: VIEWS.length - 1 };
  return targets[key] ?? null;
}

/** The page's banner: its name, the Check / History tabs (one tab stop; arrows, Home and End select) and Options. */
function Tabs({ c }: { c: CheckController }) {
  const { t, view } = c;
  return (
    <header className="tabs">
      <h1 className="visually-hidden">{t('appName')}</h1>
      <div className="tabs__list" role="tablist" aria-label={t('viewsLabel')}>
        {VIEWS.map((name, at) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={view === name}
            aria-controls={`panel-${name}`}
            tabIndex={view === name ? 0 : -1}
            onClick={() => c.showView(name)}
            onKeyDown={(event) => {
              const to = tabKeyTarget(event.key, at);
              if (to === null) return;
              event.preventDefault();
              const next = VIEWS[to]!;
              c.showView(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {name === 'check' ? t('tabCheck') : t('tabHistory', c.history.length)}
          </button>
        ))}
      </div>
      <button type="button" className="link tabs__options" onClick={c.openOptions}>
        {t('options')}
      </button>
    </header>
  );
}

/** The tab's own check, with every action it offers. */
function TabCheck({ c, job }: { c: CheckController; job: CheckJob }) {
  const { t, tabId } = c;
  return (
    <CheckView
      job={job}
      t={t}
      endpointOrigin={c.endpointOrigin}
      models={c.models}
      notice={c.noticeFor(c.jobScope(job)) ?? c.noticeFor('tab')}
      onCancel={() => tabId !== null && void c.act({ type: 'cancelCheck', tabId })}
      onRerun={() => tabId !== null && void c.act({ type: 'rerunCheck', tabId })}
      onSplitWithModel={() => tabId !== null && void c.act({ type: 'rerunCheck', tabId, split: 'model' })}
      onFix={(action) => void c.onFix(action)}
      onCopy={(format) => void c.copy(job, format)}
      extraActions={<ReportActions c={c} shown={job} live />}
      onRecheck={(claims) => tabId !== null && void c.act({ type: 'recheckClaims', tabId, claims })}
      onCompare={(model) => tabId !== null && void c.act({ type: 'compareModel', tabId, model })}
      loadSentImage={c.loadSentImage}
      {...(c.inPanel && tabId !== null
        ? { onClaimPoint: (claim: number | null) => c.focusClaim(claim, false), onClaimLocate: (claim: number) => c.focusClaim(claim, true) }
        : {})}
    />
  );
}

/** '← Back to history': focused when a check opens (the row pressed is gone); back puts focus on that check's row. */
function BackButton({ c }: { c: CheckController }) {
  const ref = useRef<HTMLButtonElement>(null);
  const opened = c.opened!;
  useMoveFocus(ref, opened.id, () => opened.job.caption);
  const back = () => {
    flushSync(() => c.openEntry(null));
    const row = document.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(opened.id)}"] .history__open`);
    (row ?? document.querySelector<HTMLElement>('.history input[type="search"]'))?.focus();
    announce(c.t('historyBack'));
  };
  return (
    <button ref={ref} type="button" className="link back" onClick={back}>
      <span className="flip-rtl" aria-hidden="true">←</span> {c.t('historyBack')}
    </button>
  );
}

/** '← Back to the page check' over an opened row: focused when the row opens; back puts focus on that row's button in the table. */
function TableBackButton({ c, row }: { c: CheckController; row: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useMoveFocus(ref, row, () => c.job?.caption ?? '');
  const back = () => {
    flushSync(() => c.backToTable());
    document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(row)}"] .page-check__open`)?.focus();
    announce(c.t('pageCheckBack'));
  };
  return (
    <button ref={ref} type="button" className="link back" onClick={back}>
      ← {c.t('pageCheckBack')}
    </button>
  );
}

/** What the open tab shows: a history entry, the history, the page check, the tab's check, or first-run guidance. */
function Body({ c, cancelledOver, onCancelWaiting }: { c: CheckController; cancelledOver: string | null | undefined; onCancelWaiting(over: string | null): void }) {
  const { t, view, opened, pageCheck, job, tabId, setup } = c;
  if (view === 'history' && opened)
    return (
      <>
        <BackButton c={c} />
        <CheckView
          job={opened.job}
          t={t}
          readOnly
          endpointOrigin={null}
          models={[]}
          notice={c.noticeFor(c.jobScope(opened.job))}
          onCancel={() => {}}
          onRerun={() => {}}
          onFix={() => {}}
          onCopy={(format) => void c.copy(opened.job, format)}
          extraActions={<ReportActions c={c} shown={opened.job} live={false} />}
          onRecheck={() => {}}
          onCompare={() => {}}
        />
      </>
    );
  if (view === 'history')
    return (
      <HistoryView
        entries={c.history}
        t={t}
        formatTime={formatTime}
        onOpen={c.openEntry}
        onDelete={c.deleteEntry}
        onClear={c.clearHistory}
        onExport={c.exportHistory}
        onSaveReport={c.saveHistoryReport}
      />
    );
  if (pageCheck && tabId !== null && c.openedRow && job)
    return (
      <>
        <TableBackButton c={c} row={c.openedRow} />
        <TabCheck c={c} job={job} />
      </>
    );
  if (pageCheck && tabId !== null)
    return (
      <PageCheckView
        check={pageCheck}
        t={t}
        onRun={(ids) => void c.act({ type: 'runPageCheck', tabId, ids })}
        onOpen={(item) => void c.openRow(pageCheck, item.id)}
        onShowOnPage={(id) => void c.showOnPage(pageCheck, id)}
        onClose={() => c.closePageCheck(pageCheck)}
        {...(pageCheck.kind === 'alt'
          ? { onExportCsv: () => c.exportAuditCsv(pageCheck), onSaveReport: () => void c.saveAuditReport(pageCheck) }
          : {})}
      />
    );
  if (c.waiting && tabId !== null)
    return (
      <WaitingView
        waiting={c.waiting}
        t={t}
        onCancel={() => {
          onCancelWaiting(job && job.status !== 'running' ? job.id : null);
          void c.act({ type: 'cancelCheck', tabId });
        }}
        previous={job && job.status !== 'running' ? { pageUrl: job.pageUrl, imageUrl: job.imageUrl, view: <TabCheck c={c} job={job} /> } : null}
      />
    );
  // The check that waited was cancelled: the result shown is still the previous image's, and says so.
  if (job && cancelledOver === job.id)
    return (
      <>
        <p className="meta" data-testid="check-cancelled">
          {t('errCancelled')}
        </p>
        <PreviousCheck previous={{ pageUrl: job.pageUrl, imageUrl: job.imageUrl, view: <TabCheck c={c} job={job} /> }} t={t} />
      </>
    );
  if (job) {
    if (job.error?.kind === 'not-configured' && !setup?.configured) return <FirstRun onOpenOptions={c.openOptions} t={t} />;
    return <TabCheck c={c} job={job} />;
  }
  if (setup && !setup.configured) return <FirstRun onOpenOptions={c.openOptions} t={t} />;
  return (
    <section className="empty">
      <h2>{t('appName')}</h2>
      <p>{t('emptyHowTo')}</p>
      <p>{t('emptySelection')}</p>
    </section>
  );
}

/** A notice with no check view to hold it: the page check's own (under its table), else the tab's when no check shows. */
function StandaloneNotice({ c }: { c: CheckController }) {
  const text = c.pageCheck && !c.openedRow ? c.noticeFor('page') : !c.pageCheck && !c.job ? c.noticeFor('tab') : null;
  return text ? (
    <p className="meta" role="status">
      {text}
    </p>
  ) : null;
}

/** The popup (and the side panel, which loads the same page) over the browser as `host` gives it. */
export function Popup({ host, initialView }: { host: PopupHost; initialView: View }) {
  const c = useCheck(host, initialView);
  const { t, view, tabId, pageCheck, job } = c;
  const onCheckTab = tabId !== null && view === 'check';
  // A waiting check cancelled here: the tab's last result stays labelled as the previous image's, and focus
  // goes from the Cancel button (now gone) to Pick an image, the way to start again.
  const [cancelled, setCancelled] = useState<{ over: string | null; count: number } | null>(null);
  const pickButton = useRef<HTMLButtonElement>(null);
  const cancelledOver = cancelled && !c.waiting ? cancelled.over : undefined;
  useMoveFocus(pickButton, cancelled && !c.waiting ? `cancelled:${cancelled.count}` : 'none', () => t('errCancelled'));
  return (
    <>
      <Tabs c={c} />
      <main>
        <Announcer />
        {/* Both panels exist (each tab controls one); only the shown one has content. */}
        <div role="tabpanel" id="panel-check" aria-labelledby="tab-check" hidden={view !== 'check'}>
          {view === 'check' && <Body c={c} cancelledOver={cancelledOver} onCancelWaiting={(over) => setCancelled((was) => ({ over, count: (was?.count ?? 0) + 1 }))} />}
          {view === 'check' && <StandaloneNotice c={c} />}
          {onCheckTab && !pageCheck && (
            <button type="button" className="page-check-button" onClick={() => void c.listPage({ type: 'checkPage', tabId })}>
              {t('pageCheckButton')}
            </button>
          )}
          {onCheckTab && !pageCheck && (
            <button type="button" className="alt-audit-button" onClick={() => void c.listPage({ type: 'auditAltText', tabId })}>
              {t('altAuditButton')}
            </button>
          )}
          {onCheckTab && (
            <button type="button" className="pick-image" ref={pickButton} onClick={c.pickImage}>
              {t('pickImage')}
            </button>
          )}
        </div>
        <div role="tabpanel" id="panel-history" aria-labelledby="tab-history" hidden={view !== 'history'}>
          {view === 'history' && <Body c={c} cancelledOver={undefined} onCancelWaiting={() => {}} />}
        </div>
      </main>
    </>
  );
}
