import { errorTypeWord } from '@/lib/labels';
import { useEffect, useRef, useState } from 'react';
import type { Translate } from '@/lib/i18n';
import { worstErrorType } from '@/lib/alt-audit';
import { pageCheckProgress, type PageCheck, type PageCheckItem } from '@/lib/page-check-state';
import { useMoveFocus } from './move-focus';

export interface PageCheckProps {
  check: PageCheck;
  t: Translate;
  /** Checks the pairs with these ids (the ticked ones). */
  onRun: (ids: string[]) => void;
  /** Opens a finished pair's check (its history entry). */
  onOpen: (item: PageCheckItem) => void;
  /** Leaves the list or summary; while it runs, cancels the run (pairs already checked keep their results). */
  onClose: () => void;
  /** Alt-text audit, once it has run: the table as CSV, and as an HTML report. */
  onExportCsv?: () => void;
  onSaveReport?: () => void;
}

/** The alt-text audit's images without a usable alt: listed for the reviewer, never sent to a model. */
function Findings({ check, t }: { check: PageCheck; t: Translate }) {
  if (check.kind !== 'alt' || check.findings.length === 0) return null;
  return (
    <section className="alt-findings" aria-label={t('altAuditFindings')}>
      <h2>{t('altAuditFindings')}</h2>
      <ul>
        {check.findings.map((finding) => (
          <li key={finding.id} data-testid="alt-finding" data-kind={finding.kind}>
            {finding.kind === 'missing-alt' ? t('altFindingMissing') : t('altFindingFileName', finding.alt ?? '')}
            <span className="meta"> · {excerpt(finding.imageUrl, 60)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const excerpt = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function sourceLabel(item: PageCheckItem, t: Translate): string {
  if (item.source === 'figcaption') return t('pageCheckSource_figcaption');
  return item.source === 'alt' ? t('pageCheckSource_alt') : t('pageCheckSource_demo');
}

/** The list of the page's image + caption pairs to tick, then each ticked pair's progress and result. */
export function PageCheckView({ check, t, onRun, onOpen, onClose, onExportCsv, onSaveReport }: PageCheckProps) {
  const alt = check.kind === 'alt';
  const title = alt ? t('altAuditTitle') : t('pageCheckTitle');
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(check.items.map((i) => i.id)));
  // A new listing (the button pressed again) starts with every pair ticked again.
  useEffect(() => setTicked(new Set(check.items.map((i) => i.id))), [check.startedAt, check.items.length]);
  const { ended, total } = pageCheckProgress(check);
  // The button pressed ('Check all…', 'Check N selected') is gone: focus goes to this view's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const found = check.items.length ? t(alt ? 'altAuditFound' : 'pageCheckFound', check.items.length) : t(alt ? 'altAuditNone' : 'pageCheckNone');
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
          <button type="button" className="primary" disabled={ticked.size === 0} onClick={() => onRun(check.items.filter((i) => ticked.has(i.id)).map((i) => i.id))}>
            {t('pageCheckRun', ticked.size)}
          </button>
          <button type="button" onClick={onClose}>
            {t('pageCheckClose')}
          </button>
        </div>
        <Findings check={check} t={t} />
      </section>
    );
  }

  return (
    <section className="page-check" data-testid="page-check" data-status={check.status} aria-label={title} data-kind={check.kind}>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p className="meta" role="status" data-testid="page-check-progress">
        {t('pageCheckProgress', ended, total)}
      </p>
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
          {check.items
            .filter((item) => item.selected)
            .map((item) => (
              <tr
                key={item.id}
                data-testid="page-check-item"
                data-state={item.state}
                data-unsupported={item.unsupported}
                data-supported={item.supported}
                data-set-aside={item.setAside}
              >
                <td>{item.thumbnail ? <img className="thumb thumb--small" src={item.thumbnail} alt="" /> : <span className="thumb thumb--small" aria-hidden="true" />}</td>
                <td>
                  {item.jobId && item.state === 'done' ? (
                    <button type="button" className="link" onClick={() => onOpen(item)} aria-label={t('pageCheckOpen', excerpt(item.caption))}>
                      <bdi dir="auto">{excerpt(item.caption)}</bdi>
                    </button>
                  ) : (
                    <bdi dir="auto">{excerpt(item.caption)}</bdi>
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
        {alt && check.status === 'done' && onExportCsv && (
          <button type="button" onClick={onExportCsv}>
            {t('historyExportCsv')}
          </button>
        )}
        {alt && check.status === 'done' && onSaveReport && (
          <button type="button" onClick={onSaveReport}>
            {t('altAuditSaveReport')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {check.status === 'running' ? t('cancelCheck') : t('pageCheckClose')}
        </button>
      </div>
      <Findings check={check} t={t} />
    </section>
  );
}
