import { useRef, useState, type FormEvent } from 'react';
import { formatNumber, plural, type Translate } from '@/lib/i18n';
import type { ConnectionReport } from '@/lib/messages';
import { PRESETS, presetById, presetFor } from '@/lib/presets';
import { keyMayGoTo, originOf } from '@/lib/key-origin';
import { MAX_IMAGE_EDGE, MAX_SAMPLES, requestsPerCheck, type Settings } from '@/lib/settings';

export interface SettingsFormProps {
  initial: Settings;
  t: Translate;
  /** Models the endpoint lists (GET /models); empty when it lists none. */
  models: readonly string[];
  /** Asks for the model list of the endpoint being typed. */
  onLoadModels: (baseUrl: string, apiKey: string) => void;
  /** Saves; resolves to an error message a person can act on, or null when saved. */
  onSave: (settings: Settings) => Promise<string | null>;
  /**
   * After a save, what still stops checks from working and what to do (nothing answers at the Base
   * URL), or null. The settings stay saved either way: what the user typed is never lost.
   */
  onSaved?: (settings: Settings) => Promise<string | null>;
  /** Saves, then runs one tiny real check; resolves to the report or an error message. */
  onTest: (settings: Settings) => Promise<ConnectionReport | string>;
}

type Status = { kind: 'idle' | 'saved' | 'warning' | 'error' | 'busy'; text: string };

const IMAGE_SIZES = [512, 768, 1024, 1536, MAX_IMAGE_EDGE];

function StepIcon({ ok }: { ok: boolean | null }) {
  return <span aria-hidden="true">{ok === null ? '–' : ok ? '✓' : '✗'}</span>;
}

/** The endpoint (preset, Base URL, API key, Model), the check settings, Save and Test connection. */
export function SettingsForm({ initial, t, models, onLoadModels, onSave, onSaved, onTest }: SettingsFormProps) {
  const [values, setValues] = useState<Settings>(initial);
  const [presetId, setPresetId] = useState(presetFor(initial.baseUrl).id);
  const [status, setStatusNow] = useState<Status>({ kind: 'idle', text: '' });
  // Each status change counts: a warning that arrives after a newer action does not overwrite it.
  const statusCount = useRef(0);
  // While the saved address is being asked whether anything answers there.
  const [checking, setChecking] = useState(false);
  const setStatus = (next: Status) => {
    statusCount.current++;
    setStatusNow(next);
  };
  const [report, setReport] = useState<ConnectionReport | null>(null);
  // The origin the key in the field was saved or typed for: it is sent nowhere else.
  const [keyOrigin, setKeyOrigin] = useState<string | null>(initial.apiKey ? originOf(initial.baseUrl) : null);
  const keyFor = (baseUrl: string) => (values.apiKey && keyMayGoTo(keyOrigin, baseUrl) ? values.apiKey : '');
  /** What to fix before the key may be saved with this Base URL, or null. */
  const keyMismatch = () => {
    const target = originOf(values.baseUrl);
    if (!values.apiKey || keyOrigin === null || target === null || keyOrigin === target) return null;
    return t('keyOtherOrigin', new URL(keyOrigin).host, new URL(target).host);
  };
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setValues((v) => ({ ...v, [key]: value }));
  // A key moved aside when the Base URL left its origin; it comes back if the address does.
  const [setAsideKey, setSetAsideKey] = useState<{ origin: string; key: string } | null>(null);

  /**
   * A new Base URL: the key field empties when the address leaves the key's origin, and refills on
   * return. Returns the key that may go to the new address ('' for none).
   */
  const changeBaseUrl = (baseUrl: string): string => {
    const target = originOf(baseUrl);
    let apiKey = values.apiKey;
    let origin = keyOrigin;
    if (target !== null && apiKey && origin !== null && origin !== target) {
      setSetAsideKey({ origin, key: apiKey });
      setStatus({ kind: 'idle', text: t('keyOtherOrigin', new URL(origin).host, new URL(target).host) });
      apiKey = '';
      origin = null;
    } else if (target !== null && !apiKey && setAsideKey?.origin === target) {
      apiKey = setAsideKey.key;
      origin = target;
      setSetAsideKey(null);
      setStatus({ kind: 'idle', text: '' });
    }
    setKeyOrigin(origin);
    setValues((v) => ({ ...v, baseUrl, apiKey }));
    return apiKey && keyMayGoTo(origin, baseUrl) ? apiKey : '';
  };

  const number = (key: 'maxImageEdge' | 'maxClaims' | 'concurrency' | 'historyLimit' | 'samplesPerClaim') => (event: { target: { value: string } }) =>
    set(key, Number(event.target.value));
  const preset = presetById(presetId) ?? PRESETS[0]!;

  const choosePreset = (id: string) => {
    const chosen = presetById(id);
    if (!chosen) return;
    setPresetId(chosen.id);
    if (chosen.baseUrl) onLoadModels(chosen.baseUrl, changeBaseUrl(chosen.baseUrl));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mismatch = keyMismatch();
    if (mismatch) return setStatus({ kind: 'error', text: mismatch });
    setStatus({ kind: 'busy', text: t('saving') });
    const error = await onSave(values);
    setStatus(error ? { kind: 'error', text: error } : { kind: 'saved', text: t('saved') });
    if (error || !onSaved) return;
    const shown = statusCount.current;
    setChecking(true);
    const warning = await onSaved(values).finally(() => setChecking(false));
    if (warning && statusCount.current === shown) setStatus({ kind: 'warning', text: t('savedWarning', warning) });
  };

  const test = async () => {
    setReport(null);
    const mismatch = keyMismatch();
    if (mismatch) return setStatus({ kind: 'error', text: mismatch });
    setStatus({ kind: 'busy', text: t('testRunning') });
    const result = await onTest(values);
    if (typeof result === 'string') {
      setStatus({ kind: 'error', text: result });
      return;
    }
    setReport(result);
    setStatus(result.ok ? { kind: 'saved', text: t('testPassed', formatNumber(result.elapsedMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, t)) } : { kind: 'error', text: result.error ?? t('testFailed') });
  };

  return (
    <form className="settings" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('endpointLegend')}</legend>
        <label>
          {t('preset')}
          <select value={presetId} onChange={(e) => choosePreset(e.target.value)}>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name ?? t('providerCustom')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('baseUrl')}
          <input
            type="url"
            value={values.baseUrl}
            onChange={(e) => {
              changeBaseUrl(e.target.value);
              setPresetId(presetFor(e.target.value).id);
            }}
            onBlur={() => values.baseUrl && onLoadModels(values.baseUrl, keyFor(values.baseUrl))}
            placeholder="https://api.openai.com/v1"
            autoComplete="off"
          />
        </label>
        <label>
          {t('apiKey')}
          <input
            type="password"
            value={values.apiKey}
            onChange={(e) => {
              set('apiKey', e.target.value);
              setKeyOrigin(e.target.value ? originOf(values.baseUrl) : null);
            }}
            onBlur={() => values.baseUrl && onLoadModels(values.baseUrl, keyFor(values.baseUrl))}
            placeholder={preset.needsKey ? 'sk-…' : t('apiKeyLocalPlaceholder')}
            autoComplete="off"
          />
        </label>
        <label className="check-label">
          <input type="checkbox" checked={values.keyStorage === 'session'} onChange={(e) => set('keyStorage', e.target.checked ? 'session' : 'local')} />
          {t('keySessionOnly')}
        </label>
        <label>
          {t('model')}
          <input
            type="text"
            list="endpoint-models"
            value={values.model}
            onChange={(e) => set('model', e.target.value)}
            placeholder={preset.exampleModel}
            autoComplete="off"
          />
        </label>
        <datalist id="endpoint-models">
          {models.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <p className="hint" data-testid="model-count">
          {models.length ? plural(t, 'modelsListed', models.length, models.length) : t('modelsNone')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('checkLegend')}</legend>
        <label>
          {t('imageSize')}
          <select value={values.maxImageEdge} onChange={number('maxImageEdge')}>
            {[...new Set([...IMAGE_SIZES, values.maxImageEdge])].sort((a, b) => a - b).map((size) => (
              <option key={size} value={size}>
                {t('imageSizeOption', size)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('splitMode')}
          <select value={values.splitMode} onChange={(e) => set('splitMode', e.target.value === 'model' ? 'model' : 'on-device')}>
            <option value="on-device">{t('splitOnDevice')}</option>
            <option value="model">{t('splitModel')}</option>
          </select>
        </label>
        <label>
          {t('maxClaims')}
          <input type="number" min={1} max={100} value={values.maxClaims} onChange={number('maxClaims')} />
        </label>
        <label>
          {t('concurrency')}
          <input type="number" min={1} max={8} value={values.concurrency} onChange={number('concurrency')} />
        </label>
        <label>
          {t('samplesPerClaim')}
          <input
            type="number"
            min={1}
            max={MAX_SAMPLES}
            value={values.samplesPerClaim}
            onChange={number('samplesPerClaim')}
            aria-describedby="samples-cost"
          />
        </label>
        {/* What the choice costs, said where it is made: sampling multiplies the requests of every check. */}
        <p className="hint" id="samples-cost" data-testid="samples-cost">
          {values.samplesPerClaim >= 2 ? t('samplesCost', requestsPerCheck(values.samplesPerClaim), values.samplesPerClaim) : t('samplesCostOff')}
        </p>
        <label>
          {t('historyLimit')}
          <input type="number" min={0} max={1000} value={values.historyLimit} onChange={number('historyLimit')} />
        </label>
        <label>
          {t('toolbarOpens')}
          <select
            value={values.toolbarOpens}
            onChange={(e) => set('toolbarOpens', e.target.value === 'panel' || e.target.value === 'popup' ? e.target.value : 'auto')}
          >
            <option value="auto">{t('toolbarOpensAuto')}</option>
            <option value="panel">{t('toolbarOpensPanel')}</option>
            <option value="popup">{t('toolbarOpensPopup')}</option>
          </select>
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary">
          {t('save')}
        </button>
        <button type="button" onClick={() => void test()} disabled={status.kind === 'busy'}>
          {t('testConnection')}
        </button>
      </div>
      <p className={`form-status form-status--${status.kind}`} role="status" aria-busy={checking} data-testid="settings-status">
        {status.text}
      </p>
      {report && (
        <ul className="test-report" data-testid="test-report" aria-label={t('testReport')}>
          {report.steps.map((step) => (
            <li key={step.id} data-step={step.id} data-ok={String(step.ok)} className={`step step--${step.ok === null ? 'skip' : step.ok ? 'ok' : 'bad'}`}>
              <StepIcon ok={step.ok} /> <strong>{t(`step_${step.id}` as const)}</strong> — {step.detail}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
