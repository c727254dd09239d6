import type { CheckErrorInfo, CheckErrorKind } from '@/lib/errors';
import type { MessageKey, Translate } from '@/lib/i18n';

/** What the user can do about an error, each a button in the popup. */
export type FixAction = 'options' | 'pickModel' | 'grant' | 'retry';

/** The fixes offered for each kind of failure, most useful first. */
export const FIXES: Record<CheckErrorKind, FixAction[]> = {
  'not-configured': ['options'],
  auth: ['options'],
  'model-not-found': ['pickModel'],
  'endpoint-not-found': ['options'],
  'no-image-input': ['pickModel'],
  // Nothing answers at the address, or not securely: the Base URL (or the server) is what to fix.
  unreachable: ['options', 'retry'],
  'host-not-found': ['options', 'retry'],
  tls: ['options', 'retry'],
  // The server answers, but not to this extension: the grant is the fix.
  blocked: ['grant', 'retry'],
  'origin-refused': ['grant', 'retry'],
  network: ['retry', 'options'],
  'rate-limited': ['retry'],
  timeout: ['retry', 'options'],
  'bad-output': ['retry', 'pickModel'],
  refused: ['retry', 'pickModel'],
  aborted: ['retry'],
  server: ['retry'],
  'bad-request': ['retry', 'options'],
  image: ['retry'],
  caption: [],
  page: [],
  interrupted: ['retry'],
  storage: ['retry'],
};

const LABEL: Record<FixAction, MessageKey> = {
  options: 'fixOpenOptions',
  pickModel: 'fixPickModel',
  grant: 'fixGrant',
  retry: 'fixRetry',
};

export interface ErrorHelpProps {
  error: CheckErrorInfo;
  /** The endpoint's origin, for "Allow access to …"; without it that fix is not offered. */
  endpointOrigin: string | null;
  onFix: (action: FixAction) => void;
  t: Translate;
}

/** What happened, and a button for each fix that applies. */
export function ErrorHelp({ error, endpointOrigin, onFix, t }: ErrorHelpProps) {
  const fixes = FIXES[error.kind].filter((fix) => fix !== 'grant' || endpointOrigin);
  const wait = error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : 0;
  return (
    <div className="error-help" data-testid="error-help" data-kind={error.kind}>
      {error.kind === 'caption' && <p className="hint">{t('hintCaption')}</p>}
      {error.kind === 'page' && <p className="hint">{t('hintPage')}</p>}
      {wait > 0 && <p className="hint">{t('hintWait', wait)}</p>}
      {fixes.length > 0 && (
        <div className="actions">
          {fixes.map((fix) => (
            <button key={fix} type="button" onClick={() => onFix(fix)}>
              {fix === 'grant' && endpointOrigin ? t('fixGrantOrigin', endpointOrigin) : t(LABEL[fix])}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
