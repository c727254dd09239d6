import { errorTypeWord } from '@/lib/labels';
import { useEffect, useRef, useState } from 'react';
import { plural, type Translate } from '@/lib/i18n';
import { worstErrorType } from '@/lib/alt-audit';
import { pageCheckProgress, type PageCheck, type PageCheckItem } from '@/lib/page-check-state';
import { auditTotalsLine, pageCheckSummary, worstFirst } from '@/lib/page-check-summary';
import { AltFindings, excerpt, ShowOnPage } from './alt-findings';
import { useMoveFocus } from './move-focus';

export interface PageCheckProps {
  check: PageCheck;
  t: Translate;
  /** Checks the pairs with these ids (the ticked ones). */
  onRun: (ids: string[]) => void;
  /** Opens a finished pair's check as the tab's check (Re-run, Edit claims, Compare, Save report). */
  onOpen: (item: PageCheckItem) => void;
  /** Scrolls the page to a row's or finding's picture and outlines it. */
  onShowOnPage?: (id: string) => void;
  /** Leaves the list or summary; while it runs, cancels the run (pairs already checked keep their results). */
  onClose: () => void;
  /** Alt-text audit, with or without a model run: the alt texts and findings as CSV, and as an HTML report. */
  onExportCsv?: () => void;
  onSaveReport?: () => void;
}

/** Export CSV and Save audit report: offered as soon as the audit lists anything, before or after a model run. */
function AuditExports({ check, t, onExportCsv, onSaveReport }: Pick<PageCheckProps, 'check' | 't' | 'onExportCsv' | 'onSaveReport'>) {
  if (check.kind !== 'alt' || check.status === 'running' || check.items.length + check.findings.length === 0) return null;
  return (
    <>
      {onExportCsv && (
        <button type="button" onClick={onExportCsv}>
          {t('historyExportCsv')}
        </button>
      )}
      {onSaveReport && (
        <button type="button" onClick={onSaveReport}>
          {t('altAuditSaveReport')}
        </button>
      )}
    </>
  );
}

/** The audit's page totals: images, described, missing alt, placeholder, not supported. */
function AuditTotals({ check, t }: { check: PageCheck; t: Translate }) {
  if (check.kind !== 'alt' || check.items.length + check.findings.length === 0) return null;
  return (
    <p className="meta" data-testid="audit-totals">
      {auditTotalsLine(check, t)}
    </p>
  );
}

function sourceLabel(item: PageCheckItem, t: Translate): string {
  if (item.source === 'figcaption') return t('pageCheckSource_figcaption');
  // A chat's answer and a table row's cell are named as the caption dialog names them.
  if (item.source === 'answer') return t('sourceAnswer');
  if (item.source === 'cell') return t('sourceCell');
  return item.source === 'alt' ? t('pageCheckSource_alt') : t('pageCheckSource_demo');
}

/** The list of the page's image + caption pairs to tick, then each ticked pair's progress and result. */
export function PageCheckView({ check, t, onRun, onOpen, onShowOnPage, onClose, onExportCsv, onSaveReport }: PageCheckProps) {
  const alt = check.kind === 'alt';
  const title = alt ? t('altAuditTitle') : t('pageCheckTitle');
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(check.items.map((i) => i.id)));
  // A new listing (the button pressed again) starts with every pair ticked again.
  useEffect(() => setTicked(new Set(check.items.map((i) => i.id))), [check.startedAt, check.items.length]);
  const { ended, total } = pageCheckProgress(check);
  // The button pressed ('Check all…', 'Check N selected') is gone: focus goes to this view's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const found = check.items.length
    ? plural(t, alt ? 'altAuditFound' : 'pageCheckFound', check.items.length, check.items.length)
    : alt && check.findings.length
      ? plural(t, 'altAuditOnlyFindings', check.findings.length, check.findings.length)
      : t(alt ? 'altAuditNone' : 'pageCheckNone');
  const summary = pageCheckSummary(check, t);
  useMoveFocus(heading, `${check.startedAt}:${check.status === 'choosing'}`, () => `${title}. ${check.status === 'choosing' ? (check.listError ?? found) : t('pageCheckProgress', ended, total)}`);

  if (check.status === 'choosing') {
    return (
      <section className="page-check" data-testid="page-check" data-status="choosing" aria-label={title} data-kind={check.kind}>
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {check.listError ? (
          <p className="notice" role="alert" data-testid="page-check-error">
            {check.listError}
          </p>
        ) : (
          <p className="meta">{found}</p>
        )}
        <AuditTotals check={check} t={t} />
        <ul className="page-check__list">
          {check.items.map((item) => (
            <li key={item.id} data-testid="page-check-item" data-state={item.state} data-unsupported={item.unsupported}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(item.id)}
                  aria-label={t('pageCheckTick', excerpt(item.caption, 60))}
                  onChange={(event) => {
                    const next = new Set(ticked);
                    if (event.target.checked) next.add(item.id);
                    else next.delete(item.id);
                    setTicked(next);
                  }}
                />
                <bdi className="page-check__caption" dir="auto">{excerpt(item.caption)}</bdi>
              </label>
              {!alt && <span className="meta">{sourceLabel(item, t)}</span>}
            </li>
          ))}
        </ul>
        <div className="actions">
          {/* Nothing to send (only findings, or nothing at all): no greyed "Check 0 selected". */}
          {check.items.length > 0 && (
            <button type="button" className="primary" disabled={ticked.size === 0} onClick={() => onRun(check.items.filter((i) => ticked.has(i.id)).map((i) => i.id))}>
              {t('pageCheckRun', ticked.size)}
            </button>
          )}
          <AuditExports check={check} t={t} onExportCsv={onExportCsv} onSaveReport={onSaveReport} />
          <button type="button" onClick={onClose}>
            {t(alt ? 'altAuditClose' : 'pageCheckClose')}
          </button>
        </div>
        <AltFindings check={check} t={t} {...(onShowOnPage ? { onShowOnPage } : {})} />
      </section>
    );
  }

  return (
    <section className="page-check" data-testid="page-check" data-status={check.status} aria-label={title} data-kind={check.kind}>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {summary && (
        <p className={`page-check__summary${check.items.some((i) => i.selected && i.unsupported > 0) ? ' is-bad' : ''}`} data-testid="page-check-summary">
          {summary}
        </p>
      )}
      <p className="meta" role="status" data-testid="page-check-progress">
        {t('pageCheckProgress', ended, total)}
      </p>
      <AuditTotals check={check} t={t} />
      <table className="page-check__table">
        <thead>
          <tr>
            <th scope="col">{t('pageCheckColImage')}</th>
            <th scope="col">{alt ? t('altAuditColAlt') : t('pageCheckColCaption')}</th>
            <th scope="col">{alt ? t('altAuditColSupported') : t('pageCheckColClaims')}</th>
            <th scope="col">{t('pageCheckColUnsupported')}</th>
            {alt && <th scope="col">{t('altAuditColSetAside')}</th>}
            <th scope="col">{alt ? t('altAuditColWorst') : t('pageCheckColErrors')}</th>
          </tr>
        </thead>
        <tbody>
          {worstFirst(check.items).map((item) => (
              <tr
                key={item.id}
                data-item-id={item.id}
                data-testid="page-check-item"
                data-state={item.state}
                data-unsupported={item.unsupported}
                data-supported={item.supported}
                data-set-aside={item.setAside}
              >
                <td>{item.thumbnail ? <img className="thumb thumb--small" src={item.thumbnail} alt="" /> : <span className="thumb thumb--small" aria-hidden="true" />}</td>
                <td>
                  {item.jobId && item.state === 'done' ? (
                    <button type="button" className="link page-check__open" onClick={() => onOpen(item)} aria-label={t('pageCheckOpen', excerpt(item.caption))}>
                      <bdi dir="auto">{excerpt(item.caption)}</bdi>
                    </button>
                  ) : (
                    <bdi dir="auto">{excerpt(item.caption)}</bdi>
                  )}
                  {onShowOnPage && (
                    <div>
                      <ShowOnPage label={item.caption} t={t} onShow={() => onShowOnPage(item.id)} />
                    </div>
                  )}
                </td>
                {/* data-label: a narrow window shows each row as a card, its cells named (theme.css). */}
                <td data-label={alt ? t('altAuditColSupported') : t('pageCheckColClaims')}>{item.state === 'done' ? (alt ? item.supported : item.claims) : ''}</td>
                <td data-label={t('pageCheckColUnsupported')} className={item.unsupported > 0 ? 'is-bad' : undefined}>
                  {item.state === 'done' ? item.unsupported : ''}
                </td>
                {alt && <td data-label={t('altAuditColSetAside')}>{item.state === 'done' ? item.setAside : ''}</td>}
                <td data-label={alt ? t('altAuditColWorst') : t('pageCheckColErrors')}>
                  {item.state === 'error'
                    ? item.error
                    : item.state === 'done'
                      ? alt
                        ? errorTypeWord(worstErrorType(item), t)
                        : item.errorTypes.map((type) => errorTypeWord(type, t)).join(', ')
                      : item.state === 'running'
                        ? t('pageCheckChecking')
                        : t('pageCheckWaiting')}
                </td>
              </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <AuditExports check={check} t={t} onExportCsv={onExportCsv} onSaveReport={onSaveReport} />
        <button type="button" onClick={onClose}>
          {check.status === 'running' ? t('cancelCheck') : t(check.kind === 'alt' ? 'altAuditClose' : 'pageCheckClose')}
        </button>
      </div>
      <AltFindings check={check} t={t} {...(onShowOnPage ? { onShowOnPage } : {})} />
    </section>
  );
}
