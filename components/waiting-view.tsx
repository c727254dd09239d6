// What the popup and side panel show while the tab's check waits for its caption in the page's dialog:
// that it waits, for which image, a way to cancel, and the tab's last result set apart as the previous one.
import type { ReactNode } from 'react';
import type { Translate } from '@/lib/i18n';
import { fileNameOf, hostNameOf } from '@/lib/url-names';
import type { WaitingCheck } from '@/lib/waiting-check';

export interface WaitingViewProps {
  waiting: WaitingCheck;
  t: Translate;
  onCancel(): void;
  /** The tab's last result, when there is one: shown under the waiting check, labelled as the previous one. */
  previous?: { pageUrl: string; imageUrl: string; view: ReactNode } | null;
}

/** The waiting check, then the previous result set apart. */
export function WaitingView({ waiting, t, onCancel, previous }: WaitingViewProps) {
  return (
    <>
      <section className="waiting" data-testid="waiting-check" aria-labelledby="waiting-heading">
        <div className="result-head">
          {waiting.thumbnail && <img className="thumb" src={waiting.thumbnail} alt={t('waitingImage')} />}
          <div className="result-head__text" role="status">
            <h2 id="waiting-heading" className="status">
              {t('waitingHeading')}
            </h2>
            {waiting.imageUrl && <p className="meta">{t('waitingFrom', fileNameOf(waiting.imageUrl), hostNameOf(waiting.pageUrl))}</p>}
          </div>
        </div>
        <p>{t('waitingHint')}</p>
        <div className="actions">
          <button type="button" onClick={onCancel}>
            {t('cancelCheck')}
          </button>
        </div>
      </section>
      {previous && <PreviousCheck previous={previous} t={t} />}
    </>
  );
}

/** The tab's last result, set apart and labelled as another image's (while a check waits, and after it was cancelled). */
export function PreviousCheck({ previous, t }: { previous: NonNullable<WaitingViewProps['previous']>; t: Translate }) {
  return (
    <section className="previous" data-testid="previous-check" aria-labelledby="previous-heading">
      <h2 id="previous-heading" className="previous__label">
        {t('previousCheck', fileNameOf(previous.imageUrl), hostNameOf(previous.pageUrl))}
      </h2>
      {previous.view}
    </section>
  );
}
