// Turns the answers of an item's requests back into the result line the online batch writes, or
// says why the item has to be asked again.
import { toClaimLine, type CheckResult, type PlannedClaims } from '../check-item';
import type { PlannedRequest } from './request-line';
import type { Outcomes } from './answer-index';

export type Assembled = { ok: true; result: CheckResult } | { ok: false; reason: string };

/** The item's result from its requests' outcomes (by custom_id), named after `model` (else the answering one); not ok when any is missing, failed or left a claim without a verdict. */
export function assembleItem(planned: PlannedClaims, requests: readonly PlannedRequest[], outcomes: Pick<Outcomes, 'get'>, model: string | null): Assembled {
  let answeredBy: string | null = null;
  const verdicts = planned.claims.map(() => null as Parameters<typeof toClaimLine>[1]);
  // Scored by logprobs only when every request of the item brought them, as the online path does.
  const scores: (number | null)[] = planned.claims.map(() => null);
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  const notes: string[] = [];
  for (const request of requests) {
    const outcome = outcomes.get(request.customId);
    if (!outcome) return { ok: false, reason: 'no answer in the batch output' };
    if (!outcome.ok) return { ok: false, reason: outcome.reason };
    answeredBy ??= outcome.model;
    usage.prompt_tokens += outcome.usage.prompt_tokens;
    usage.completion_tokens += outcome.usage.completion_tokens;
    notes.push(...outcome.notes);
    // A verdict list of another length is never matched by position (a hostile claim could shift its
    // neighbours' verdicts): the item is asked again online, where each claim is re-asked alone.
    if (outcome.verdicts.length !== request.indices.length)
      return { ok: false, reason: `the model sent ${outcome.verdicts.length} verdicts for ${request.indices.length} claims` };
    request.indices.forEach((claimIndex, i) => {
      verdicts[claimIndex] = outcome.verdicts[i] ?? null;
      scores[claimIndex] = outcome.scores?.[i] ?? null;
    });
  }
  const missing = verdicts.filter((v) => !v).length;
  if (missing) return { ok: false, reason: `${missing} of ${verdicts.length} claim(s) got no verdict` };
  const scored = scores.every((s) => s !== null);
  return {
    ok: true,
    result: {
      claims: planned.claims.map((text, i) => toClaimLine(text, verdicts[i] ?? null, scored ? scores[i]! : null)),
      set_aside: planned.setAside,
      // The model asked for, as the online batch writes it; the one that answered when none was named.
      model: model || answeredBy || 'unknown',
      score_kind: scored ? 'logprob' : null,
      usage,
      notes: [...planned.notes, ...notes],
    },
  };
}
