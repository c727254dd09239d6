import type { CheckJob } from '@/lib/job-record';
import type { Translate } from '@/lib/i18n';
import { setAsideReasonWord } from '@/lib/labels';

export interface SetAsideListProps {
  job: CheckJob;
  t: Translate;
  /** False for a history entry or while a check runs: the list is shown without its buttons. */
  canCheck: boolean;
  /** Re-checks with these set-aside pieces included as claims (indices into `job.setAside`). */
  onCheck: (indices: number[]) => void;
}

/** The text set aside as not visible, each piece with its reason and a one-click "Check anyway". */
export function SetAsideList({ job, t, canCheck, onCheck }: SetAsideListProps) {
  if (job.setAside.length === 0) return null;
  return (
    <section className="set-aside" aria-labelledby="set-aside-title">
      <h2 id="set-aside-title">{t('notChecked')}</h2>
      <ul>
        {job.setAside.map((piece, i) => (
          <li key={piece.start} data-testid="set-aside">
            <span className="set-aside__text" dir="auto">{piece.text}</span> <span className="set-aside__reason">— {setAsideReasonWord(piece.reason, t)}</span>
            {canCheck && (
              <>
                {' '}
                <button type="button" className="link" data-testid="check-anyway" aria-label={t('checkAnywayLabel', piece.text)} onClick={() => onCheck([i])}>
                  {t('checkAnyway')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {canCheck && (
        <button type="button" data-testid="check-all-set-aside" onClick={() => onCheck(job.setAside.map((_, i) => i))}>
          {t('checkAllSetAside')}
        </button>
      )}
    </section>
  );
}
