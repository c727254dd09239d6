import { modelWord } from '@/lib/labels';
import { useState } from 'react';
import { answersOf, historyResult } from '@/lib/check/account';
import { searchHistory, type HistoryEntry } from '@/lib/history';
import { plural, type Translate } from '@/lib/i18n';
import { hostNameOf } from '@/lib/url-names';

export interface HistoryViewProps {
  entries: readonly HistoryEntry[];
  t: Translate;
  /** Locale-aware date text for a timestamp (passed in so tests can fix it). */
  formatTime: (ms: number) => string;
  onOpen: (entry: HistoryEntry) => void;
  onDelete: (entry: HistoryEntry) => void;
  onClear: () => void;
  onExport: (format: 'json' | 'csv') => void;
  /** One evidence report of the ticked entries, newest first as listed. */
  onSaveReport?: (entries: HistoryEntry[]) => void;
}

/** Past checks on this device: search, open, delete one, clear all, export. */
export function HistoryView({ entries, t, formatTime, onOpen, onDelete, onClear, onExport, onSaveReport }: HistoryViewProps) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  // Entries deleted (here or in another window) leave the selection with them.
  const selected = entries.filter((e) => ticked.has(e.id));
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState(false);
  const shown = searchHistory(entries, query);
  return (
    <section className="history" aria-label={t('historyTitle')}>
      <div className="history__bar">
        <label className="history__search">
          <span className="visually-hidden">{t('historySearch')}</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('historySearch')} />
        </label>
      </div>
      <div className="actions" role="toolbar" aria-label={t('actionsLabel')}>
        <button type="button" onClick={() => onExport('json')} disabled={entries.length === 0}>
          {t('historyExportJson')}
        </button>
        <button type="button" onClick={() => onExport('csv')} disabled={entries.length === 0}>
          {t('historyExportCsv')}
        </button>
        {onSaveReport && (
          <button type="button" onClick={() => onSaveReport(selected)} disabled={selected.length === 0}>
            {t('historySaveReport', selected.length)}
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(false);
                onClear();
              }}
            >
              {t('historyClearConfirm')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} disabled={entries.length === 0}>
            {t('historyClear')}
          </button>
        )}
      </div>
      <p className="meta" role="status">
        {entries.length === 0 ? t('historyEmpty') : plural(t, 'historyCount', entries.length, shown.length, entries.length)}
      </p>
      <ul className="history__list">
        {shown.map((entry) => {
          const { job } = entry;
          const result = historyResult(job, t);
          // "Check both": the row holds both answers, each under the page's name for it, not the first one alone.
          const answers = answersOf(job, t);
          const pair = answers.length > 1;
          return (
            <li key={entry.id} className="history__item" data-testid="history-entry" data-entry-id={entry.id}>
              {onSaveReport && (
                <input
                  type="checkbox"
                  className="history__tick"
                  checked={ticked.has(entry.id)}
                  aria-label={t('historySelect', job.caption.slice(0, 80))}
                  onChange={(event) => {
                    const next = new Set(ticked);
                    if (event.target.checked) next.add(entry.id);
                    else next.delete(entry.id);
                    setTicked(next);
                  }}
                />
              )}
              {job.thumbnail ? <img className="thumb thumb--small" src={job.thumbnail} alt="" /> : <span className="thumb thumb--small" aria-hidden="true" />}
              <div className="history__body">
                {/* The button takes the caption's direction, so a long English caption in an Arabic list is cut at its end. */}
                <button
                  type="button"
                  dir="auto"
                  className={`link history__open${pair ? ' history__open--pair' : ''}`}
                  onClick={() => onOpen(entry)}
                  aria-label={t('historyOpen', pair ? answers.map((a) => `${a.label}: ${a.caption}`).join(' · ') : job.caption)}
                >
                  {pair
                    ? answers.map((a) => (
                        <span key={a.label} className="history__answer" data-testid="history-answer">
                          <bdi>{a.label}</bdi>: <bdi>{a.caption}</bdi>
                        </span>
                      ))
                    : job.caption}
                </button>
                <p className={`history__result is-${result.standing}`} data-standing={result.standing}>
                  <span aria-hidden="true">{result.sign} </span>
                  {result.text}
                </p>
                <p className="meta">
                  {/* Each part keeps its own direction: an Arabic date, a model name and an English page title do not run together. */}
                  <bdi>{formatTime(entry.savedAt)}</bdi> · <bdi>{modelWord(job.model, t)}</bdi> ·{' '}
                  {job.comparison?.status === 'done' && (
                    <>
                      <bdi>{t('historyCompared', job.comparison.model)}</bdi> ·{' '}
                    </>
                  )}
                  <bdi title={job.pageUrl}>{job.pageTitle || hostNameOf(job.pageUrl)}</bdi>
                </p>
              </div>
              <button type="button" className="icon-button" onClick={() => onDelete(entry)} aria-label={t('historyDelete', job.caption.slice(0, 80))}>
                ✕
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
