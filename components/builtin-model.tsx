import { useEffect, useState } from 'react';
import { formatPercent, type MessageKey, type Translate } from '@/lib/i18n';
import type { ProviderSetting } from '@/lib/settings';
import type { BuiltinStatus } from '@/lib/verify/builtin';

/** How the section reaches Chrome's built-in model; the Options page passes lib/adapters/builtin-host. */
export interface BuiltinModelHost {
  status(): Promise<BuiltinStatus>;
  /** Must start within the click that calls it: Chrome needs a user activation to download. */
  download(onProgress: (fraction: number) => void): Promise<BuiltinStatus>;
}

export interface BuiltinModelProps {
  host: BuiltinModelHost;
  provider: ProviderSetting;
  endpointConfigured: boolean;
  onProviderChange: (provider: ProviderSetting) => void;
  t: Translate;
}

const CHOICES: { value: ProviderSetting; label: MessageKey }[] = [
  { value: 'auto', label: 'providerAuto' },
  { value: 'builtin', label: 'providerBuiltin' },
  { value: 'endpoint', label: 'providerEndpoint' },
];

/** Options section: the on-device model's state, its one-time download with progress, and the default model. */
export function BuiltinModel({ host, provider, endpointConfigured, onProviderChange, t }: BuiltinModelProps) {
  const [status, setStatus] = useState<BuiltinStatus | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Shown checked at once; the saved setting follows (it arrives back through `provider`).
  const [chosen, setChosen] = useState<ProviderSetting>(provider);
  useEffect(() => setChosen(provider), [provider]);

  useEffect(() => {
    let live = true;
    void host.status().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, [host]);

  const download = () => {
    setError(null);
    setProgress(0);
    // Called straight from the click, before any await, so Chrome sees the user activation.
    host
      .download(setProgress)
      .then(setStatus)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setProgress(null));
  };

  const state = status?.state ?? null;
  const cannotRun = state === 'missing' || state === 'unavailable';
  const effective = chosen === 'auto' ? (endpointConfigured ? 'endpoint' : 'builtin') : chosen;
  return (
    <section className="builtin-model" aria-labelledby="builtin-model-title" data-testid="builtin-model">
      <h2 id="builtin-model-title">{t('builtinTitle')}</h2>
      <p data-testid="builtin-status" data-state={state ?? 'checking'} role="status">
        {status ? status.reason : t('builtinChecking')}
      </p>
      {(state === 'downloadable' || state === 'downloading') && progress === null && (
        <button type="button" onClick={download}>
          {state === 'downloading' ? t('builtinShowProgress') : t('builtinDownload')}
        </button>
      )}
      {progress !== null && (
        <p className="builtin-model__progress">
          <progress max={1} value={progress} aria-label={t('builtinProgressLabel')} data-testid="builtin-progress" />{' '}
          {formatPercent(progress, 0, t)}
        </p>
      )}
      {error && (
        <p className="form-status form-status--error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="builtin-model__default">
        <legend>{t('builtinDefault')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="provider"
              value={choice.value}
              checked={chosen === choice.value}
              disabled={choice.value === 'builtin' && cannotRun && chosen !== 'builtin'}
              onChange={() => {
                setChosen(choice.value);
                onProviderChange(choice.value);
              }}
            />{' '}
            {t(choice.label)}
          </label>
        ))}
      </fieldset>
      <p className="builtin-model__note">
        {effective === 'builtin' ? t('builtinPrivate') : ''}
        {t('builtinWeaker')}
      </p>
    </section>
  );
}
