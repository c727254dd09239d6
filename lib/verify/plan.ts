import { t } from '../i18n';
import { isInstructionLike } from './injection';

export interface RequestPlan {
  /** Claim indices per request, in claim order. */
  requests: number[][];
  /** Claims that read like instructions to the model; each has a request of its own. */
  flagged: number[];
}

/**
 * Groups claims into requests of up to `chunkSize`; a claim that reads like an instruction to the
 * model goes alone, so whatever it makes the model do touches no other claim's verdict.
 */
export function planRequests(claims: readonly string[], chunkSize: number, only?: readonly number[]): RequestPlan {
  const indices = only ?? claims.map((_, i) => i);
  const flagged = indices.filter((i) => isInstructionLike(claims[i]!));
  const plain = indices.filter((i) => !flagged.includes(i));
  const requests: number[][] = [];
  for (let i = 0; i < plain.length; i += chunkSize) requests.push(plain.slice(i, i + chunkSize));
  for (const i of flagged) requests.push([i]);
  return { requests, flagged };
}

/** The note shown with the result for claims that were set apart (indices from 0, shown from 1). */
export function flaggedNote(flagged: readonly number[]): string {
  return t(flagged.length === 1 ? 'noteFlaggedOne' : 'noteFlaggedMany', flagged.map((i) => i + 1).join(', '));
}
