import { claimState, type CheckJob, type ClaimResult } from '@/lib/check';

const STATE_TEXT = {
  true: { icon: '✓', word: 'Supported' },
  false: { icon: '✗', word: 'Not supported' },
  pending: { icon: '…', word: 'Checking' },
  error: { icon: '?', word: 'No verdict' },
} as const;

export interface ClaimRowProps {
  claim: ClaimResult;
  job: Pick<CheckJob, 'status'>;
}

/** One claim with its verdict as icon + word, error-type chips and the model's reasoning. */
export function ClaimRow({ claim, job }: ClaimRowProps) {
  const state = claimState(claim, job);
  const types = claim.verdict?.error_type ?? [];
  const { icon, word } = STATE_TEXT[state];
  return (
    <li className={`claim claim--${state}`} data-testid="claim" data-label={state} data-error-types={types.join(',')}>
      <div className="claim__head">
        <span className="claim__verdict" aria-label={word} title={word}>
          <span aria-hidden="true">{icon}</span> <span className="claim__word">{word}</span>
        </span>
        <span className="claim__text">{claim.text}</span>
      </div>
      {types.length > 0 && (
        <ul className="chips" aria-label="Error types">
          {types.map((type) => (
            <li key={type} className={`chip chip--${type.toLowerCase()}`}>
              {type}
            </li>
          ))}
        </ul>
      )}
      {claim.verdict?.reasoning && (
        <details className="claim__reasoning">
          <summary>Reasoning</summary>
          <p>{claim.verdict.reasoning}</p>
        </details>
      )}
    </li>
  );
}
