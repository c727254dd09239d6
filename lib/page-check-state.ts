import { t } from './i18n';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { countFalse, countTrue, errorTypeCountsOf, errorTypesOf, type CheckJob } from './job-record';
import { errorTypeSchema } from './verify/schema';

/** Where a pair's caption was found on the page (lib/page/captioned-images.ts). */
export const captionedSourceSchema = lazySchema(() => z.enum(['figcaption', 'caption', 'demo-output', 'answer', 'cell', 'alt']));

/** One image + caption pair as the page lists it; checked again here, since it comes from a page's world. */
export const captionedImageSchema = lazySchema(() => z.object({
  id: z.string().max(40),
  imageUrl: z.string().min(1).max(100_000),
  caption: z.string().min(1).max(20_000),
  truncated: z.boolean(),
  source: captionedSourceSchema,
  /** Who made the picture, as the page credits it; optional for lists stored before credits were kept. */
  credit: z.string().max(1000).optional(),
}));
export type CaptionedPair = z.infer<typeof captionedImageSchema>;

/** An image whose alt text fails people before any model is asked (lib/page/alt-texts.ts). */
export const altFindingSchema = lazySchema(() => z.object({
  id: z.string().max(40),
  imageUrl: z.string().min(1).max(100_000),
  kind: z.enum(['missing-alt', 'file-name-alt', 'placeholder-alt']),
  alt: z.string().max(20_000).nullable(),
  /** placeholder-alt only: a generic word ("Image"), a numbered one ("Image 1"), or one alt on many pictures. */
  reason: z.enum(['generic', 'numbered', 'repeated']).optional(),
}));
export type AltFinding = z.infer<typeof altFindingSchema>;

/**
 * The audit's counts over every picture on the page: the lists stop at 50 entries each, a page may hold
 * more (81 pictures, 60 of them without alt), and its totals must still say so.
 */
export const altCountsSchema = lazySchema(() => z.object({
  images: z.number().int().nonnegative(),
  described: z.number().int().nonnegative(),
  missingAlt: z.number().int().nonnegative(),
  placeholder: z.number().int().nonnegative(),
}));
export type AltCounts = z.infer<typeof altCountsSchema>;

/** A pair in a page check: whether the user kept it ticked, and where its check is. */
export const pageCheckItemSchema = lazySchema(() => captionedImageSchema.extend({
  selected: z.boolean(),
  state: z.enum(['pending', 'running', 'done', 'error']),
  /** The finished check's id: its history entry, which the popup opens. */
  jobId: z.string().nullable(),
  thumbnail: z.string().nullable(),
  claims: z.number().int().min(0),
  /** Claims the model found supported (the rest of `claims`: not supported or no verdict). */
  supported: z.number().int().min(0).default(0),
  unsupported: z.number().int().min(0),
  /** Pieces of the caption set aside as not about the image (mood, advice, …). */
  setAside: z.number().int().min(0).default(0),
  errorTypes: z.array(errorTypeSchema),
  /** How many unsupported claims have each error type (a claim may have several); {} for rows stored before it was kept. */
  errorTypeCounts: z.partialRecord(errorTypeSchema, z.number().int().min(0)).default({}),
  /** What went wrong, in words a person can act on. */
  error: z.string().nullable(),
}));
export type PageCheckItem = z.infer<typeof pageCheckItemSchema>;

/** "Check all captioned images on this page": the list the user ticks, then each pair's progress. */
export const pageCheckSchema = lazySchema(() => z.object({
  tabId: z.number().int(),
  /** captions: "Check all captioned images on this page"; alt: "Check alt text on this page" (the alt is the caption). */
  kind: z.enum(['captions', 'alt']).default('captions'),
  /** Alt-text audit only: images without alt or with a file name as alt (no model call). */
  findings: z.array(altFindingSchema).default([]),
  /** Alt-text audit only: counts over every picture, listed or not (absent in checks stored before they were kept). */
  counts: altCountsSchema.optional(),
  pageUrl: z.string(),
  /** choosing: the list is shown, nothing sent; running/done: the ticked pairs are being / were checked. */
  status: z.enum(['choosing', 'running', 'done']),
  items: z.array(pageCheckItemSchema),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** The worker instance running it; a restarted worker marks a run it does not own as interrupted. */
  owner: z.string().optional(),
  /** Why the page could not be listed (the menu path, where no button waits for the answer); the list is then empty. */
  listError: z.string().nullable().default(null),
}));
export type PageCheck = z.infer<typeof pageCheckSchema>;

/** A listing that failed: empty, with the reason shown where the list would be. */
export function failedListing(tabId: number, pageUrl: string, kind: PageCheck['kind'], message: string, now: number): PageCheck {
  return { ...newPageCheck(tabId, pageUrl, [], now, { kind, findings: [] }), listError: message };
}

/** A fresh page check over the pairs the page listed, every pair ticked. */
export function newPageCheck(
  tabId: number,
  pageUrl: string,
  pairs: readonly CaptionedPair[],
  now: number,
  audit: { kind: PageCheck['kind']; findings: readonly AltFinding[]; counts?: AltCounts } = { kind: 'captions', findings: [] },
): PageCheck {
  return {
    tabId,
    kind: audit.kind,
    findings: [...audit.findings],
    ...(audit.counts ? { counts: audit.counts } : {}),
    pageUrl,
    status: 'choosing',
    listError: null,
    startedAt: now,
    finishedAt: null,
    items: pairs.map((pair) => ({
      ...pair,
      selected: true,
      state: 'pending',
      jobId: null,
      thumbnail: null,
      claims: 0,
      supported: 0,
      unsupported: 0,
      setAside: 0,
      errorTypes: [],
      errorTypeCounts: {},
      error: null,
    })),
  };
}

/** The row of a pair once its check has ended (or while it runs): counts from the job. */
export function itemFromJob(item: PageCheckItem, job: CheckJob): PageCheckItem {
  const ended = job.status !== 'running';
  return {
    ...item,
    state: job.status === 'running' ? 'running' : job.status,
    jobId: ended ? job.id : item.jobId,
    thumbnail: job.thumbnail ?? item.thumbnail,
    claims: job.claims.length,
    supported: countTrue(job),
    unsupported: countFalse(job),
    setAside: job.setAside.length,
    errorTypes: errorTypesOf(job),
    errorTypeCounts: errorTypeCountsOf(job),
    error: job.status === 'error' ? (job.error?.message ?? t('errCheckFailed')) : null,
  };
}

/** How far the run is: pairs ended (done or error) of the ticked ones. */
export function pageCheckProgress(check: Pick<PageCheck, 'items'>): { ended: number; total: number } {
  const ticked = check.items.filter((i) => i.selected);
  return { ended: ticked.filter((i) => i.state === 'done' || i.state === 'error').length, total: ticked.length };
}

/** A run whose worker was stopped: it ends, and each pair still waiting says it was interrupted. */
export function interruptedPageCheck(check: PageCheck, message: string, now: number): PageCheck {
  return {
    ...check,
    status: 'done',
    finishedAt: now,
    items: check.items.map((item) =>
      item.selected && (item.state === 'pending' || item.state === 'running') ? { ...item, state: 'error', error: message } : item,
    ),
  };
}
