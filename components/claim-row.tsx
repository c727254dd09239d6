import { isUnsure, type ClaimResult, type ClaimState } from '@/lib/check';
import type { MessageKey, Translate } from '@/lib/i18n';

/** Icon and word per state: a verdict is never told by colour alone. */
export const STATE_TEXT: Record<ClaimState, { icon: string; word: MessageKey }> = {
  true: { icon: '✓', word: 'verdictSupported' },
  false: { icon: '✗', word: 'verdictNotSupported' },
  pending: { icon: '…', word: 'verdictPending' },
  error: { icon: '?', word: 'verdictNone' },
};

/** A verdict whose score is below its calibration threshold. */
export const UNSURE_TEXT: { icon: string; word: MessageKey } = { icon: '⚠', word: 'verdictUnsure' };

/** The claim's confidence in whole percent (the label token's probability), where the endpoint gave logprobs. */
export function confidenceOf(claim: Pick<ClaimResult, 'confidence' | 'verdict'>): number | null {
  const value = claim.confidence;
  if (!claim.verdict || typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) return null;
  return Math.round(value * 100);
}

export interface ClaimRowProps {
  claim: ClaimResult;
  state: ClaimState;
  index: number;
  t: Translate;
}

/** One claim with its verdict as icon + word, error-type chips, confidence and the model's reasoning. */
export function ClaimRow({ claim, state, index, t }: ClaimRowProps) {
  const types = claim.verdict?.error_type ?? [];
  const unsure = isUnsure(claim);
  // Below its calibration threshold a verdict is not asserted: the leaning stays one click away.
  const { icon, word } = unsure ? UNSURE_TEXT : STATE_TEXT[state];
  const confidence = confidenceOf(claim);
  return (
    <li
      className={`claim claim--${unsure ? 'unsure' : state}`}
      data-testid="claim"
      data-label={state}
      data-error-types={types.join(',')}
      {...(claim.decided !== undefined ? { 'data-decided': String(claim.decided) } : {})}
    >
      <div className="claim__head">
        <span className="claim__verdict">
          <span aria-hidden="true" className="claim__icon">
            {icon}
          </span>{' '}
          <span className="claim__word">{t(word)}</span>
        </span>
        <span className="claim__text">
          <span className="visually-hidden">{t('claimNumber', index + 1)} </span>
          {claim.text}
          {claim.hedged && <span className="claim__hedged"> {t('claimHedged')}</span>}
        </span>
      </div>
      {(types.length > 0 || confidence !== null) && (
        <div className="claim__extra">
          {types.length > 0 && (
            <ul className="chips" aria-label={t('errorTypesLabel')}>
              {types.map((type) => (
                <li key={type} className={`chip chip--${type.toLowerCase()}`}>
                  {type}
                </li>
              ))}
            </ul>
          )}
          {confidence !== null && <span className="claim__confidence">{t('confidence', confidence)}</span>}
        </div>
      )}
      {claim.verdict?.reasoning && (
        <details className="claim__reasoning">
          <summary>{t('reasoning')}</summary>
          {unsure && <p className="claim__leaning">{t('verdictLeaning', t(STATE_TEXT[state].word))}</p>}
          <p>{claim.verdict.reasoning}</p>
        </details>
      )}
    </li>
  );
}
