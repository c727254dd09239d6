// The welcome page a first install opens: three sample pictures with AI-style captions to check in one
// click (or a right-click, as on any page), the two ways to connect a model, and the on-device model's
// state. The checks run in the worker like any other; this tab's job shows here as it streams in.
import { useEffect, useState } from 'react';
import { ClaimRow } from './claim-row';
import { claimState, type CheckJob } from '@/lib/job-record';
import { summaryLine } from '@/lib/export';
import type { Translate } from '@/lib/i18n';
import { isFailure, type Send, type Setup } from '@/lib/messages';
import type { BuiltinStatus } from '@/lib/verify/builtin';
import { sampleAt, WELCOME_SAMPLES, type WelcomeSample } from '@/lib/welcome';
import { loadAndWatch } from './live-value';
import { withParts } from './rich-text';

/** What the welcome page needs from the browser, passed in so the view stays browser-free. */
export interface WelcomeHost {
  send: Send;
  t: Translate;
  /** This page's own tab: its job is the one the samples' checks land in. */
  currentTabId(): Promise<number | null>;
  builtinStatus(): Promise<BuiltinStatus>;
  loadJob(tabId: number): Promise<CheckJob | null>;
  watchJob(tabId: number, onChange: (job: CheckJob | null) => void): () => void;
  /** The URL of a file packaged with the extension. */
  assetUrl(path: WelcomeSample['file'] | '/'): string;
  openOptions(): void;
}

/** The check of one sample, as it streams in: summary, each claim's verdict, then what the caption really got wrong. */
function Result({ job, sample, host }: { job: CheckJob; sample: WelcomeSample; host: WelcomeHost }) {
  const { t } = host;
  if (job.status === 'error') {
    const setUp = job.error?.kind === 'not-configured';
    return (
      <div className="welcome__result" data-testid="check-status" data-state="error" role="status">
        {/* The worker's sentence would repeat the on-device model's status, which this page states once, below. */}
        <p>{setUp ? t('welcomeNoModel') : job.error?.message}</p>
        {setUp && (
          <button type="button" className="primary" onClick={host.openOptions}>
            {t('welcomeConnectInOptions')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="welcome__result">
      <p className="summary" data-testid="check-status" data-state={job.status} role="status">
        {job.status === 'running' ? t('pageCheckChecking') : summaryLine(job, t)}
      </p>
      <ol className="claims">
        {job.claims.map((claim, i) => (
          <ClaimRow key={`${i}:${claim.text}`} claim={claim} state={claimState(claim, job)} index={i} t={host.t} />
        ))}
      </ol>
      {job.status === 'done' && (
        <p className="meta" data-testid="sample-truth">
          {t('welcomeTruth', t(sample.truth))}
        </p>
      )}
    </div>
  );
}

/** The welcome page over the browser as `host` gives it. */
export function WelcomePage({ host }: { host: WelcomeHost }) {
  const { send, t } = host;
  const [tabId, setTabId] = useState<number | null>(null);
  const [job, setJob] = useState<CheckJob | null>(null);
  // The tab holds one job, the latest check; each sample keeps its own last result, so checking the next
  // sample leaves the earlier ones' results in place.
  const [results, setResults] = useState<Partial<Record<WelcomeSample['id'], CheckJob>>>({});
  const [setup, setSetup] = useState<Setup | null>(null);
  const [builtin, setBuiltin] = useState<BuiltinStatus | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void host.currentTabId().then(setTabId);
    void send({ type: 'getSetup' }).then((answer) => !isFailure(answer) && setSetup(answer.data));
    void host.builtinStatus().then(setBuiltin);
  }, []);
  useEffect(() => {
    if (tabId === null) return;
    return loadAndWatch(() => host.loadJob(tabId), (onChange) => host.watchJob(tabId, onChange), setJob);
  }, [tabId]);

  const checked = job ? sampleAt(job.imageUrl, host.assetUrl('/')) : null;
  useEffect(() => {
    if (job && checked) setResults((kept) => ({ ...kept, [checked.id]: job }));
  }, [job]);
  const check = (sample: WelcomeSample) => {
    if (tabId === null) return;
    setNotice(null);
    void send({ type: 'checkSample', tabId, sampleId: sample.id }).then((answer) => isFailure(answer) && setNotice(answer.error));
  };

  return (
    <main className="welcome__page">
      <h1>{t('welcomeTitle')}</h1>
      <p className="welcome__lead">
        {withParts((menu) => t('welcomeLead', menu), [<strong key="menu">{t('menuCheckImage')}</strong>])}
      </p>

      <section aria-labelledby="try-title">
        <h2 id="try-title">{t('welcomeTryTitle')}</h2>
        <p className="meta">{t('welcomeTryText')}</p>
        <div className="welcome__samples">
          {WELCOME_SAMPLES.map((sample) => (
            <figure key={sample.id} className="welcome__sample" data-testid="welcome-sample" data-sample={sample.id}>
              <img src={host.assetUrl(sample.file)} width={320} height={210} alt="" />
              <figcaption lang="en" dir="ltr">{sample.caption}</figcaption>
              <button type="button" onClick={() => check(sample)} disabled={job?.status === 'running'}>
                {t('welcomeCheckSample')}
              </button>
              {results[sample.id] && <Result job={results[sample.id]!} sample={sample} host={host} />}
            </figure>
          ))}
        </div>
        {notice && <p role="alert">{notice}</p>}
      </section>

      <section aria-labelledby="connect-title" data-testid="welcome-connect">
        <h2 id="connect-title">
          {t('welcomeConnectTitle')} {setup?.configured && setup.model && <span className="meta">{t('welcomeConnected', setup.model)}</span>}
        </h2>
        <div className="welcome__ways">
          <div>
            <h3>{t('welcomeLocalTitle')}</h3>
            <ol>
              <li>
                {withParts((command) => t('welcomeLocalStep1', command), [<code key="command">ollama pull qwen2.5vl:7b</code>])}
              </li>
              <li>
                {withParts((name) => t('welcomeLocalStep2', name), [<strong key="name">Ollama</strong>])}
              </li>
            </ol>
            <p className="meta">{t('welcomeLocalPrivate')}</p>
          </div>
          <div>
            <h3>{t('welcomeKeyTitle')}</h3>
            <ol>
              <li>
                {withParts((a, b) => t('welcomeKeyStep1', a, b), [<strong key="a">OpenAI</strong>, <strong key="b">OpenRouter</strong>])}
              </li>
              <li>{t('welcomeKeyStep2')}</li>
            </ol>
            <p className="meta">{t('welcomeKeyPrivacy')}</p>
          </div>
        </div>
        <button type="button" className="primary" onClick={host.openOptions}>
          {t('welcomeOpenOptions')}
        </button>
      </section>

      <section aria-labelledby="builtin-title">
        <h2 id="builtin-title">{t('welcomeBuiltinTitle')}</h2>
        <p data-testid="welcome-builtin" data-state={builtin?.state ?? 'unknown'}>
          {builtin ? builtin.reason : t('welcomeBuiltinLooking')}
        </p>
      </section>
    </main>
  );
}
