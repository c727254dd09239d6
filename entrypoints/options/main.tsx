import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { BuiltinModel } from '@/components/builtin-model';
import { CalibrationSettings } from '@/components/calibration-settings';
import type { Calibration } from '@/lib/calibrate/calibration';
import { loadCalibrations, parseCalibrationFile, removeCalibration, saveCalibration } from '@/lib/adapters/calibration-store';
import { SettingsForm } from '@/components/settings-form';
import { isFailure, type ConnectionReport } from '@/lib/messages';
import { applyPageLanguage, messagesReady, t } from '@/lib/adapters/i18n';
import { send } from '@/lib/adapters/worker-client';
import { readBuiltinStatus, startBuiltinDownload } from '@/lib/adapters/builtin-host';
import { installLocalRule, isLocalEndpoint, localAccessReason, requestLocalAccess } from '@/lib/adapters/local-endpoint';
import { loadSettings, saveSettings } from '@/lib/adapters/storage';
import { diagnoseAddress } from '@/lib/verify/connection-failure';
import { configuredEndpoint, endpointSchema, MAX_SAMPLES, samplesFor, settingsSchema, type ProviderSetting, type Settings } from '@/lib/settings';
import '@/components/theme.css';

/** Validates the whole form (endpoint and check settings) and stores it; returns what to fix, or null. */
async function save(values: Settings): Promise<string | null> {
  const endpoint = endpointSchema.safeParse(values);
  if (!endpoint.success) return endpoint.error.issues.map((issue) => issue.message).join(' ');
  // The default model is chosen in its own section and saved at once; the form's copy may be older.
  const parsed = settingsSchema.safeParse({ ...values, ...endpoint.data, provider: (await loadSettings()).provider });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.'));
    // The one field whose range is not obvious from its label says what it accepts.
    const hint = fields.includes('samplesPerClaim') ? ` ${t('samplesPerClaimRange', MAX_SAMPLES)}` : '';
    return t('settingsInvalid', fields.join(', ')) + hint;
  }
  await saveSettings(parsed.data);
  return null;
}

/** Chrome's on-device model as the Options page reaches it (see lib/adapters/builtin-host.ts). */
const BUILTIN_HOST = { status: readBuiltinStatus, download: startBuiltinDownload };

/** Stores the default model alone, keeping everything else as saved. */
async function saveProvider(provider: ProviderSetting): Promise<Settings> {
  const next = { ...(await loadSettings()), provider };
  await saveSettings(next);
  return next;
}

function Options() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const [calibrations, setCalibrations] = useState<Record<string, Calibration>>({});
  // The first-run note stays until a model has answered Test connection; then it leaves, and the address
  // drops its request so a reload does not bring it back.
  const [firstRun, setFirstRun] = useState(() => new URLSearchParams(location.search).has('firstRun'));
  const modelAnswered = () => {
    setFirstRun(false);
    const url = new URL(location.href);
    url.searchParams.delete('firstRun');
    history.replaceState(null, '', url);
  };

  const loadModels = (baseUrl: string, apiKey?: string) => {
    void send({ type: 'listModels', baseUrl, ...(apiKey ? { apiKey } : {}) }).then((answer) => setModels(isFailure(answer) ? [] : answer.data));
  };

  useEffect(() => {
    void loadCalibrations().then(setCalibrations);
    void loadSettings().then((loaded) => {
      setSettings(loaded);
      if (loaded.baseUrl) loadModels(loaded.baseUrl);
    });
  }, []);
  if (!settings) return null;
  return (
    <main className="options">
      <h1>{t('optionsTitle')}</h1>
      {firstRun && (
        <p className="first-run-note" role="note">
          {t('firstRunOptions')}
        </p>
      )}
      <p>{t('optionsIntro')}</p>
      <SettingsForm
        initial={settings}
        t={t}
        models={models}
        onLoadModels={loadModels}
        onSave={async (values) => {
          // Asked first, still inside the click: browsers show the permission prompt only during a user gesture.
          // Not awaited: declined or not, the endpoint is saved and used.
          void requestLocalAccess(values.baseUrl);
          const error = await save(values);
          if (!error) {
            // The rule acts only once access is granted (declarativeNetRequestWithHostAccess), so it can go in now.
            await installLocalRule(values.baseUrl).catch(() => undefined);
            setSettings(await loadSettings());
          }
          return error;
        }}
        onSaved={async (values) => (values.baseUrl ? ((await diagnoseAddress(values.baseUrl, (...a) => fetch(...a)))?.message ?? null) : null)}
        onTest={async (values): Promise<ConnectionReport | string> => {
          const error = await save(values);
          if (error) return error;
          const answer = await send({ type: 'testConnection' });
          if (isFailure(answer)) return answer.error;
          if (answer.data.ok) modelAnswered();
          return answer.data;
        }}
      />
      <BuiltinModel
        t={t}
        host={BUILTIN_HOST}
        provider={settings.provider}
        endpointConfigured={configuredEndpoint(settings) !== null}
        onProviderChange={(provider) => void saveProvider(provider).then(setSettings)}
      />
      <CalibrationSettings
        calibrations={calibrations}
        agreementSamples={samplesFor(settings.samplesPerClaim, 'agreement')}
        t={t}
        onImport={async (text) => {
          const parsed = parseCalibrationFile(text);
          if (typeof parsed === 'string') return parsed;
          await saveCalibration(parsed);
          setCalibrations(await loadCalibrations());
          return null;
        }}
        onRemove={(model) => void removeCalibration(model).then(loadCalibrations).then(setCalibrations)}
      />
      {isLocalEndpoint(settings.baseUrl) && (
        <p className="local-access-note" data-testid="local-access-note">
          {localAccessReason()}
        </p>
      )}
    </main>
  );
}

// Rendered once the page speaks the browser's language (at once, unless the browser lost the messages).
void messagesReady.then(() => {
  applyPageLanguage();
  // The tab's title in the UI's language (the HTML's own title is English).
  document.title = t('optionsTitle');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Options />
    </StrictMode>,
  );
});
