import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { claimSpanSchema, setAsideSchema } from './claims/span';
import { checkErrorInfoSchema } from './errors';
import { isCannotTell } from './verify/cannot-tell';
import { errorTypeSchema, scoreKindSchema, verdictSchema } from './verify/schema';

/** A claim as the UI shows it: its span in the caption and, once it arrives, its verdict. */
export const claimResultSchema = lazySchema(() => claimSpanSchema.extend({
  verdict: verdictSchema.nullable(),
  /** Probability of the verdict's label token, where the endpoint sent logprobs; null otherwise. */
  confidence: z.number().min(0).max(1).nullable().optional(),
  /** How sure the model is of its verdict, in [0, 1] (its kind is the job's `scoreKind`), where measured. */
  score: z.number().min(0).max(1).nullable().optional(),
  /** With a calibration: whether the score reaches its verdict kind's threshold; absent without one. */
  decided: z.boolean().optional(),
  /** The user's own text (Edit claims), not a claim split from the caption: shown as "edited by you". */
  edited: z.boolean().optional(),
}));
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** The calibration a run was judged by (alpha and thresholds), so its decided verdicts stay explainable. */
export const jobCalibrationSchema = lazySchema(() => z.object({
  alpha: z.number(),
  delta: z.number(),
  thresholds: z.object({ supported: z.number().nullable(), not_supported: z.number().nullable() }),
  /** The kind of score it was made for; absent in checks from before agreement scores (they were logprob). */
  scoreKind: scoreKindSchema.optional(),
}));
export type JobCalibration = z.infer<typeof jobCalibrationSchema>;

/** A second model's verdicts on the same claims and image, kept beside the job to compare. */
export const comparisonRunSchema = lazySchema(() => z.object({
  model: z.string(),
  /** Null when the comparison used the configured endpoint. */
  baseUrl: z.string().nullable(),
  status: z.enum(['running', 'done', 'error']),
  /** One per claim of the job, in claim order; null until (or unless) that verdict arrives. */
  verdicts: z.array(verdictSchema.nullable()),
  /** Per claim, that model's score of its verdict (kind: `scoreKind`); absent in older comparisons. */
  scores: z.array(z.number().min(0).max(1).nullable()).optional(),
  scoreKind: scoreKindSchema.nullable().optional(),
  /** With that model's calibration: per claim whether its verdict is decided (null without a verdict). */
  decided: z.array(z.boolean().nullable()).optional(),
  calibration: jobCalibrationSchema.optional(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).nullable(),
  /** Requests that run sent; absent in older comparisons. */
  requests: z.number().int().min(0).optional(),
  error: checkErrorInfoSchema.nullable(),
}));
export type ComparisonRun = z.infer<typeof comparisonRunSchema>;

/**
 * "Check both": a second answer to the same picture (an arena's other model, another draft), checked against the
 * image read once, its claims asked in the same model request as the job's own. The job's caption is the first.
 */
export const secondAnswerSchema = lazySchema(() => z.object({
  /** The page's names of the two answers, the job's own first ("Model A", "Model B"). */
  labels: z.tuple([z.string(), z.string()]),
  caption: z.string(),
  credit: z.string().optional(),
  claims: z.array(claimResultSchema),
  setAside: z.array(setAsideSchema),
}));
export type SecondAnswer = z.infer<typeof secondAnswerSchema>;

export const imagePathSchema = lazySchema(() => z.enum(['page', 'fetch', 'screenshot']));
export type ImagePath = z.infer<typeof imagePathSchema>;

/** One check's whole state, persisted as it changes so a restarted worker or reopened popup loses nothing. */
export const checkJobSchema = lazySchema(() => z.object({
  id: z.string(),
  tabId: z.number().int(),
  pageUrl: z.string(),
  /** The page's title when the check was made (absent in older checks and where the page gave none). */
  pageTitle: z.string().optional(),
  imageUrl: z.string(),
  status: z.enum(['running', 'done', 'error']),
  /** Where the check is while running, for the status line. */
  phase: z.enum(['gathering', 'image', 'verifying', 'finished']),
  caption: z.string(),
  /** The photographer / agency / licence line the page gave with the caption: shown as "Credit: …", never a claim. */
  credit: z.string().optional(),
  claims: z.array(claimResultSchema),
  setAside: z.array(setAsideSchema),
  notes: z.array(z.string()),
  model: z.string(),
  imagePath: imagePathSchema.nullable(),
  imageBytes: z.number().int().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).nullable(),
  /** Requests the model step sent (agreement samples and retries included; 0 from the cache); absent on-device and in older checks. */
  requests: z.number().int().min(0).optional(),
  error: checkErrorInfoSchema.nullable(),
  /** A small JPEG data URL (≤ 160 px) of the checked image, for the popup and history. */
  thumbnail: z.string().optional(),
  /** The frame the image was in, so in-page marks land there after a re-check. */
  frameId: z.number().int().optional(),
  /** A second caption of the same image checked with this one ("Check both"): the views show the two compared. */
  secondAnswer: secondAnswerSchema.optional(),
  /** The same claims checked by another model, for a side-by-side comparison. */
  comparison: comparisonRunSchema.optional(),
  /** Host of the endpoint that answered ('on-device' for the browser's model), for reports; absent in older checks. */
  endpointHost: z.string().optional(),
  /** The calibration of this model when the check ran, kept only where its score kind matched the check's. */
  calibration: jobCalibrationSchema.optional(),
  /** How the claims' scores were measured: `logprob`, `agreement` (among k samples), null when not at all. */
  scoreKind: scoreKindSchema.nullable().optional(),
  /** Every piece of the caption was set aside (nothing describes the image) and all of it was checked anyway. */
  checkedAnyway: z.boolean().optional(),
  /** The on-device split read the caption as another language (every sentence checked): the popup offers the model's split. */
  otherLanguage: z.boolean().optional(),
  /** The answer was reused from an earlier check (the verdict cache, no request): that check's time, null where not kept. */
  reusedFrom: z.number().nullable().optional(),
  /** Claims split from the caption that the user removed (Edit claims) before this run: said with its headline. */
  removedClaims: z.number().int().min(0).optional(),
  /** The check this one re-checked with edited claims (its id), so a page check's row follows it. */
  recheckOf: z.string().optional(),
  /** The worker instance running the check; a restarted worker marks others' running jobs interrupted. */
  owner: z.string().optional(),
}));
export type CheckJob = z.infer<typeof checkJobSchema>;

/** What the popup's test hooks and badge show for a claim; `unknown`: the model said it cannot tell from the image. */
export type ClaimState = 'true' | 'false' | 'unknown' | 'pending' | 'error';

/** What a claim's verdict says, the one reading every view and count uses: null without a verdict. */
export function verdictState(claim: Pick<ClaimResult, 'verdict'>): 'true' | 'false' | 'unknown' | null {
  if (!claim.verdict) return null;
  if (isCannotTell(claim.verdict)) return 'unknown';
  return claim.verdict.label ? 'true' : 'false';
}

/** A claim's display state: its verdict, else pending while the check runs, else error ("No verdict"). */
export function claimState(claim: ClaimResult, job: Pick<CheckJob, 'status'>): ClaimState {
  return verdictState(claim) ?? (job.status === 'running' ? 'pending' : 'error');
}

/** Every claim the check asked about: the caption's, then a second answer's ("Check both"). */
export function allClaims(job: Pick<CheckJob, 'claims' | 'secondAnswer'>): ClaimResult[] {
  return job.secondAnswer ? [...job.claims, ...job.secondAnswer.claims] : job.claims;
}

/** Claims the model found not supported. */
export function countFalse(job: Pick<CheckJob, 'claims'>): number {
  return job.claims.filter((c) => verdictState(c) === 'false').length;
}

/** Claims the model found supported ("can't tell" verdicts are not). */
export function countTrue(job: Pick<CheckJob, 'claims'>): number {
  return job.claims.filter((c) => verdictState(c) === 'true').length;
}

/** Claims whose verdict says they cannot be told from the image. */
export function countCannotTell(job: Pick<CheckJob, 'claims'>): number {
  return job.claims.filter((c) => verdictState(c) === 'unknown').length;
}

/** How many of the unsupported claims name each error type (a claim may name several). */
export function errorTypeCountsOf(job: Pick<CheckJob, 'claims'>): Partial<Record<z.infer<typeof errorTypeSchema>, number>> {
  const counts: Partial<Record<z.infer<typeof errorTypeSchema>, number>> = {};
  for (const claim of job.claims) if (verdictState(claim) === 'false') for (const type of claim.verdict?.error_type ?? []) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The error types that occur among the unsupported claims, in the seed's order. */
export function errorTypesOf(job: Pick<CheckJob, 'claims'>): z.infer<typeof errorTypeSchema>[] {
  const found = new Set(job.claims.flatMap((c) => c.verdict?.error_type ?? []));
  return errorTypeSchema.options.filter((t) => found.has(t));
}

/** Indices of claims where both runs gave a verdict and the verdicts differ. */
export function disagreements(job: Pick<CheckJob, 'claims' | 'comparison'>): number[] {
  const other = job.comparison?.verdicts ?? [];
  return job.claims.flatMap((claim, i) => {
    const theirs = other[i];
    return claim.verdict && theirs && claim.verdict.label !== theirs.label ? [i] : [];
  });
}

/** Whether a claim's verdict falls short of its calibration: shown as "Unsure — look yourself". */
export function isUnsure(claim: ClaimResult): boolean {
  return claim.verdict !== null && claim.decided === false;
}

/**
 * How a claim is marked on the page: "unknown" when the model cannot tell from the image (said as in the popup),
 * "unsure" only for a verdict below its calibration threshold, else its verdict or "error".
 */
export function markLabelOf(claim: ClaimResult, job: Pick<CheckJob, 'status'>): 'true' | 'false' | 'unsure' | 'unknown' | 'error' {
  if (verdictState(claim) === 'unknown') return 'unknown';
  if (isUnsure(claim)) return 'unsure';
  const state = claimState(claim, job);
  return state === 'true' || state === 'false' ? state : 'error';
}

/** With a calibration: how many claims with a verdict were decided, and how many are unsure; null without one. */
export function decidedCount(job: Pick<CheckJob, 'claims' | 'calibration'>): { decided: number; unsure: number; alpha: number } | null {
  if (!job.calibration) return null;
  const judged = job.claims.filter((c) => c.verdict);
  const decided = judged.filter((c) => c.decided === true).length;
  return { decided, unsure: judged.length - decided, alpha: job.calibration.alpha };
}
