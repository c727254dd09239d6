import type { Translate } from '@/lib/i18n';

export interface FirstRunProps {
  onOpenOptions: () => void;
  t: Translate;
}

/** Shown until an endpoint is configured: what the extension needs, in three lines, and the way to Options. */
export function FirstRun({ onOpenOptions, t }: FirstRunProps) {
  return (
    <section className="first-run" data-testid="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t('firstRunTitle')}</h2>
      <ol>
        <li>{t('firstRunStep1')}</li>
        <li>{t('firstRunStep2')}</li>
        <li>{t('firstRunStep3')}</li>
      </ol>
      <button type="button" className="primary" onClick={onOpenOptions}>
        {t('fixOpenOptions')}
      </button>
    </section>
  );
}
