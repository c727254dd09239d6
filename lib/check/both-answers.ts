// "Check both": two answers to one picture (an arena's Model A and Model B, two drafts) checked against the image
// read once. Their claims go to the model in one list, so the pair costs one request like a single check; the job
// keeps the first answer as its caption and the second beside it (`secondAnswer`), and this file maps between the
// one list the model answers and the two answers the views show (lib/check/account.ts tells them apart).
import type { CheckJob, ClaimResult, SecondAnswer } from '../job-record';
import type { SplitResult } from '../claims/split';
import type { Verdict } from '../verify/schema';

/** The second answer as the dialog gave it, with the page's names of both ("Check both"). */
export interface GatheredSecond {
  caption: string;
  /** The page's name of this answer ("Model B"). */
  label: string;
  credit?: string;
}

/** The second answer's record, its claims waiting for verdicts; its split's notes are said under its name. */
export function plannedSecond(
  planned: Pick<SplitResult, 'claims' | 'setAside'> & { caption: string; credit: string; notes: string[] },
  labels: [string, string],
): { secondAnswer: SecondAnswer; notes: string[] } {
  return {
    secondAnswer: {
      labels,
      caption: planned.caption,
      ...(planned.credit ? { credit: planned.credit } : {}),
      claims: planned.claims.map((c) => ({ ...c, verdict: null, confidence: null })),
      setAside: planned.setAside,
    },
    notes: planned.notes.map((note) => `${labels[1]}: ${note}`),
  };
}

/** The job with a verdict at `index` of the one list asked (the caption's claims, then the second answer's). */
export function withVerdictAt(job: CheckJob, index: number, verdict: Verdict): CheckJob {
  const first = job.claims.length;
  if (index < first) return { ...job, claims: job.claims.map((c, i) => (i === index ? { ...c, verdict } : c)) };
  const second = job.secondAnswer;
  if (!second) return job;
  return { ...job, secondAnswer: { ...second, claims: second.claims.map((c, i) => (i === index - first ? { ...c, verdict } : c)) } };
}

/** The job with the final list of claims (in the order asked) put back into its two answers. */
export function withFinalClaims(job: CheckJob, claims: ClaimResult[]): Pick<CheckJob, 'claims' | 'secondAnswer'> {
  const first = job.claims.length;
  return {
    claims: claims.slice(0, first),
    ...(job.secondAnswer ? { secondAnswer: { ...job.secondAnswer, claims: claims.slice(first) } } : {}),
  };
}
