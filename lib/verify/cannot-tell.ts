// A model asked for true or false sometimes answers "true" (or "false" with no error found) while its reasoning
// says the claim cannot be judged from the picture ("Sample 2." → "cannot be assessed"). That is no verdict on
// the claim, so it is shown as "Can't tell from the image" and counted neither as supported nor as an error.
import type { Verdict } from './schema';

const NEGATION = String.raw`(?:cannot|can ?not|can't|could not|couldn't|is not possible to|isn't possible to|not possible to|impossible to|unable to|no way to|not able to)`;
// What a judge does with a claim: never "seen" or "found" alone, since "the dog cannot be seen" says it is absent.
const JUDGE = String.raw`(?:determine|determined|verify|verified|assess|assessed|confirm|confirmed|judge|judged|evaluate|evaluated|ascertain|ascertained|establish|established|know|known|tell|told|infer|inferred|deduce|deduced|conclude|concluded|say|said|read|made out|make out|discern|discerned)`;
const ADVERB = '(?:really|reliably|definitively|definitely|fully|clearly|accurately|actually)';

const CANNOT_TELL = [
  // "cannot be determined", "it is not possible to tell", "there is no way to know", "unable to verify"
  new RegExp(String.raw`(?<!\bnot )\b${NEGATION}\s+(?:${ADVERB}\s+)?(?:be\s+)?(?:${ADVERB}\s+)?${JUDGE}\b`, 'iu'),
  // "cannot be seen from the image whether …", "impossible to see who …": seeing that asks a question.
  new RegExp(String.raw`\b${NEGATION}\s+(?:be\s+)?(?:see|seen)\b[^.;]{0,40}\b(?:whether|if|who|what|which|how|why)\b`, 'iu'),
  // "not enough information to determine", "insufficient detail to confirm"
  new RegExp(String.raw`\b(?:not enough|insufficient|no)\s+(?:visual\s+)?(?:information|detail|details|evidence|context)\b[^.;]{0,40}\bto\s+${JUDGE}\b`, 'iu'),
  // "unverifiable", "not determinable from the image"
  /\b(?:unverifiable|undeterminable|indeterminable|not (?:verifiable|determinable|assessable))\b/iu,
  // "it is unclear whether", "unknown who took it"
  /\b(?:unclear|uncertain|unknown|not clear)\s+(?:from the image\s+)?(?:whether|if|who|what|which|how|why)\b/iu,
];

/** Does `reasoning` say the claim cannot be judged from the image ("cannot be determined", "no way to know")? */
export function saysCannotTell(reasoning: string): boolean {
  return CANNOT_TELL.some((pattern) => pattern.test(reasoning));
}

/** A verdict that is no judgement: the reasoning says it cannot be told, and no error was found in the claim. */
export function isCannotTell(verdict: Pick<Verdict, 'reasoning' | 'error_type'>): boolean {
  return verdict.error_type.length === 0 && saysCannotTell(verdict.reasoning);
}
