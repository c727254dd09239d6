import { useState } from 'react';
import type { Calibration } from '@/lib/calibrate/calibration';
import type { Translate } from '@/lib/i18n';
import { requestsPerCheck } from '@/lib/settings';

export interface CalibrationSettingsProps {
  calibrations: Record<string, Calibration>;
  /** Stores the file's text; resolves to what is wrong with it, or null once imported. */
  onImport(text: string): Promise<string | null>;
  onRemove(model: string): void;
  /** The samples a check asks for with a calibration made with agreement scores (samplesFor in lib/settings.ts). */
  agreementSamples: number;
  t: Translate;
}

const percent = (x: number) => Number((x * 100).toFixed(1));

/** Options → Calibration: one imported calibration.json per model, with its target, date and sizes. */
export function CalibrationSettings({ calibrations, onImport, onRemove, agreementSamples, t }: CalibrationSettingsProps) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const entries = Object.entries(calibrations);
  return (
    <section className="calibration" aria-labelledby="calibration-title" data-testid="calibration-settings">
      <h2 id="calibration-title">{t('calibrationTitle')}</h2>
      <p>{t('calibrationIntro')}</p>
      <label className="calibration__import">
        {t('calibrationImport')}
        <input
          type="file"
          accept="application/json,.json"
          data-testid="calibration-file"
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            const error = await onImport(await file.text());
            setMessage(error ? { text: error, error: true } : { text: t('calibrationImported', file.name), error: false });
          }}
        />
      </label>
      {message && (
        <p className={message.error ? 'error' : 'saved'} role={message.error ? 'alert' : 'status'} data-testid="calibration-message">
          {message.text}
        </p>
      )}
      {entries.length === 0 ? (
        <p data-testid="calibration-none">{t('calibrationNone')}</p>
      ) : (
        <ul className="calibration__list">
          {entries.map(([model, c]) => (
            <li key={model} data-testid="calibration-row" data-model={model}>
              {t(
                'calibrationRow',
                model,
                percent(c.alpha),
                c.delta,
                c.n_supported,
                c.n_not_supported,
                c.created.slice(0, 10),
                t(c.score_kind === 'agreement' ? 'scoreKindAgreement' : 'scoreKindLogprob'),
              )}{' '}
              {/* Agreement scores are paid for on every check of this model, whatever the endpoint gives. */}
              {c.score_kind === 'agreement' && (
                <span data-testid="calibration-cost">{t('calibrationNeedsSamples', agreementSamples, requestsPerCheck(agreementSamples))} </span>
              )}
              <button type="button" onClick={() => onRemove(model)}>
                {t('calibrationRemove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
