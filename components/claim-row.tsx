import { isUnsure, type ClaimResult, type ClaimState } from '@/lib/job-record';
import type { MessageKey, Translate } from '@/lib/i18n';
import { errorTypeWord } from '@/lib/labels';

/** Icon and word per state: a verdict is never told by colour alone. */
export const STATE_TEXT: Record<ClaimState, { icon: string; word: MessageKey }> = {
  true: { icon: '✓', word: 'verdictSupported' },
  false: { icon: '✗', word: 'verdictNotSupported' },
  unknown: { icon: '~', word: 'verdictCannotTell' },
  pending: { icon: '…', word: 'verdictPending' },
  error: { icon: '?', word: 'verdictNone' },
};

/** A verdict whose score is below its calibration threshold. */
export const UNSURE_TEXT: { icon: string; word: MessageKey } = { icon: '⚠', word: 'verdictUnsure' };

/** The claim's confidence in whole percent (the label token's probability), where the endpoint gave logprobs. */
export function confidenceOf(claim: Pick<ClaimResult, 'confidence' | 'verdict'>): number | null {
  return percentOf(claim.verdict ? claim.confidence : null);
}

/** Where there was no label-token probability: the share of sampled answers that agree, in whole percent. */
export function agreementOf(claim: Pick<ClaimResult, 'confidence' | 'score' | 'verdict'>): number | null {
  return confidenceOf(claim) === null && claim.verdict ? percentOf(claim.score) : null;
}

function percentOf(value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) return null;
  return Math.round(value * 100);
}

export interface ClaimRowProps {
  claim: ClaimResult;
  state: ClaimState;
  index: number;
  t: Translate;
  /** The side panel: the claim under the pointer (or focus) stands out on the page; null when it leaves. */
  onPoint?: (index: number | null) => void;
  /** The side panel: the claim's text is a button that scrolls the page to the image. */
  onLocate?: (index: number) => void;
}

/** One claim with its verdict as icon + word, error-type chips, confidence and the model's reasoning. */
export function ClaimRow({ claim, state, index, t, onPoint, onLocate }: ClaimRowProps) {
  const types = claim.verdict?.error_type ?? [];
  const unsure = isUnsure(claim);
  // Below its calibration threshold a verdict is not asserted: the leaning stays one click away.
  const { icon, word } = unsure ? UNSURE_TEXT : STATE_TEXT[state];
  // "Can't tell from the image" is no verdict to be sure of: it carries no confidence figure.
  const confidence = state === 'unknown' ? null : confidenceOf(claim);
  const agreement = state === 'unknown' ? null : agreementOf(claim);
  return (
    <li
      className={`claim claim--${unsure ? 'unsure' : state}`}
      data-testid="claim"
      data-label={state}
      data-error-types={types.join(',')}
      {...(claim.decided !== undefined ? { 'data-decided': String(claim.decided) } : {})}
      {...(onPoint
        ? {
            onMouseEnter: () => onPoint(index),
            onMouseLeave: () => onPoint(null),
            onFocus: () => onPoint(index),
            onBlur: () => onPoint(null),
          }
        : {})}
    >
      <div className="claim__head">
        <span className="claim__verdict">
          <span aria-hidden="true" className="claim__icon">
            {icon}
          </span>{' '}
          <span className="claim__word">{t(word)}</span>
        </span>
        {onLocate ? (
          <button type="button" className="claim__text claim__locate" title={t('claimShowOnPage')} onClick={() => onLocate(index)}>
            <ClaimText claim={claim} index={index} t={t} />
          </button>
        ) : (
          <span className="claim__text">
            <ClaimText claim={claim} index={index} t={t} />
          </span>
        )}
      </div>
      {(types.length > 0 || confidence !== null || agreement !== null) && (
        <div className="claim__extra">
          {types.length > 0 && (
            <ul className="chips" aria-label={t('errorTypesLabel')}>
              {types.map((type) => (
                <li key={type} className={`chip chip--${type.toLowerCase()}`}>
                  {errorTypeWord(type, t)}
                </li>
              ))}
            </ul>
          )}
          {confidence !== null && <span className="claim__confidence">{t('confidence', confidence)}</span>}
          {agreement !== null && <span className="claim__confidence claim__agreement">{t('agreement', agreement)}</span>}
        </div>
      )}
      {claim.verdict?.reasoning && (
        // The reasoning of a claim the image does not support is the evidence a reader wants first: open.
        <details className="claim__reasoning" open={state === 'false' && !unsure}>
          <summary>{t('reasoning')}</summary>
          {unsure && <p className="claim__leaning">{t('verdictLeaning', t(STATE_TEXT[state].word))}</p>}
          <p dir="auto">{claim.verdict.reasoning}</p>
        </details>
      )}
    </li>
  );
}

function ClaimText({ claim, index, t }: Pick<ClaimRowProps, 'claim' | 'index' | 't'>) {
  return (
    <>
      <span className="visually-hidden">{t('claimNumber', index + 1)} </span>
      {/* The claim keeps the caption's direction: an English claim reads left to right in an Arabic UI. */}
      <bdi dir="auto" className="claim__words">{claim.text}</bdi>
      {claim.hedged && <span className="claim__hedged"> {t('claimHedged')}</span>}
      {claim.edited && <span className="claim__edited"> ({t('claimEdited')})</span>}
    </>
  );
}
