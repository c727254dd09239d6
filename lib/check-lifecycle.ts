import { formatNumber, t } from './i18n';
import { capClaims, readsAsEnglish, splitCaption, type SplitResult } from './claims/split';
import { allClaims, type CheckJob, type ImagePath } from './job-record';
import type { Calibration } from './calibrate/calibration';
import { claimScores, jobCalibration, scoredClaims } from './claim-scores';
import { asCheckError, CheckError } from './errors';
import { markStep } from './step-marks';
import { setCreditApart } from './check/credit-apart';
import { plannedSecond, withFinalClaims, withVerdictAt, type GatheredSecond } from './check/both-answers';
import { streamVerdicts, type ModelStep } from './check/stream-verdicts';

/** Longest caption taken from a page; the rest is cut with a notice. */
export const MAX_CAPTION_CHARS = 10_000;

/** Longest credit line kept with a check; a page's credit is a name or two, not an essay. */
export const MAX_CREDIT_CHARS = 500;

/** Longest page title kept with a check (it names the page in the result and history). */
export const MAX_TITLE_CHARS = 300;

export interface GatheredCaption {
  caption: string;
  /** Who made the picture, as the page credits it; shown with the result, never checked. */
  credit?: string;
  pageUrl: string;
  imageUrl: string;
  /** The language the page declares for the caption (BCP 47), when it declares one. */
  lang?: string;
  /** The page's title, when the page script gave one. */
  pageTitle?: string;
  /** The page's name of this answer ("Model A"), given with a second answer to check beside it ("Check both"). */
  label?: string;
  second?: GatheredSecond;
}

export interface AcquiredImage {
  dataUrl: string;
  path: ImagePath;
  /** Bytes of the encoded image that is uploaded. */
  byteLength: number;
  /** Said with the result when the path taken changes what the model saw (e.g. a screenshot of a whole frame). */
  note?: string;
}

export type { ModelAnswer, ModelStep } from './check/stream-verdicts';

/** Everything a check needs from the outside world, passed in so the lifecycle runs anywhere. */
export interface CheckDeps {
  gather(): Promise<GatheredCaption>;
  acquireImage(imageUrl: string): Promise<AcquiredImage>;
  verify: ModelStep;
  save(job: CheckJob): Promise<void>;
  now(): number;
  /** Turns the caption into claims; the on-device split unless the user chose the model-assisted one. */
  split?(caption: string): Promise<SplitResult>;
  /**
   * The thumbnail hook: called once with the image the check read, off the request's path (the worker has
   * one thread), as soon as `requestSent` resolves or the model step ends. The thumbnail it returns joins the job.
   */
  keepImage?(image: AcquiredImage): Promise<string | null>;
  /** Resolves as the model request leaves (see `requestSignal`); without it, the hook waits for the model step's end. */
  requestSent?: Promise<void>;
  /**
   * The caption was settled before the check began (`gather` answers at once): the job is first stored with its
   * claims, one write fewer before the request, instead of in a "gathering" phase a few ms before them.
   */
  captionSettled?: boolean;
}

/** A promise that resolves the first time `onRequest` is called: hand `onRequest` to the verifier, `sent` to runCheck. */
export function requestSignal(): { sent: Promise<void>; onRequest: () => void } {
  let onRequest = () => {};
  const sent = new Promise<void>((resolve) => (onRequest = resolve));
  return { sent, onRequest };
}

export interface CheckInput {
  id: string;
  tabId: number;
  model: string;
  maxClaims: number;
  pageUrl: string;
  imageUrl: string;
  /** Host of the endpoint asked ('on-device' for the browser's model). */
  endpointHost?: string;
  /** The model's calibration, if the user imported one: each verdict is then decided or unsure. */
  calibration?: (Pick<Calibration, 'alpha' | 'delta' | 'thresholds'> & Partial<Pick<Calibration, 'score_kind'>>) | null;
  recheckOf?: string; // A re-run: the check it runs again.
}

/** A fresh job record in its first phase. */
export function newJob(input: CheckInput, now: number): CheckJob {
  return {
    id: input.id,
    tabId: input.tabId,
    pageUrl: input.pageUrl,
    imageUrl: input.imageUrl,
    status: 'running',
    phase: 'gathering',
    caption: '',
    claims: [],
    setAside: [],
    notes: [],
    model: input.model,
    ...(input.endpointHost ? { endpointHost: input.endpointHost } : {}),
    ...(input.recheckOf ? { recheckOf: input.recheckOf } : {}),
    imagePath: null,
    imageBytes: null,
    startedAt: now,
    finishedAt: null,
    usage: null,
    error: null,
    ...(input.calibration ? { calibration: jobCalibration({ score_kind: 'logprob', ...input.calibration }) } : {}),
  };
}

/** The caption as it will be checked: trimmed and capped, with a notice when cut. */
export function prepareCaption(raw: string): { caption: string; notes: string[] } {
  const caption = raw.trim();
  if (!caption)
    throw new CheckError('caption', t('errNoCaption'));
  if (caption.length <= MAX_CAPTION_CHARS) return { caption, notes: [] };
  return {
    caption: caption.slice(0, MAX_CAPTION_CHARS),
    notes: [t('noteCaptionCut', formatNumber(MAX_CAPTION_CHARS))],
  };
}

/** How a check takes the split: the extension checks every piece when all was set aside; the CLI reports that instead. */
export interface ClaimPlanOptions {
  maxClaims: number;
  /** Said after the cut-claims note: where the limit is changed. */
  capHint?: string;
  /** When the split set every piece aside, check all of them anyway (a dead end helps nobody in the popup). */
  checkAllWhenAllSetAside?: boolean;
}

/**
 * The claims a check asks about, planned from the caption's split the same way in the extension and the
 * CLI: the split's notes kept, at most `maxClaims` claims (a note says how many were cut).
 */
export function planSplit(split: SplitResult, notes: string[], options: ClaimPlanOptions): SplitResult & { notes: string[]; checkedAnyway?: true } {
  notes.push(...(split.notes ?? []));
  let planned = split;
  const checkedAnyway = options.checkAllWhenAllSetAside && split.claims.length === 0 && split.setAside.length > 0;
  if (checkedAnyway) {
    notes.push(t('noteCheckedAnyway'));
    planned = { claims: split.setAside.map(({ text, start, end }) => ({ text, start, end, hedged: false })), setAside: [] };
  }
  const { claims, cut } = capClaims(planned.claims, options.maxClaims);
  if (cut > 0) notes.push(t('noteClaimsCut', claims.length, planned.claims.length, options.capHint ?? ''));
  return { claims, setAside: planned.setAside, notes, ...(checkedAnyway ? { checkedAnyway: true as const } : {}) };
}

/**
 * A check's lifecycle: gather → split → acquire the image → verify (and, off the request's path, the
 * thumbnail hook), saving the job at every step, so whoever shows it sees each claim change as its
 * verdict arrives. Never throws: failures end in the job.
 */
export async function runCheck(input: CheckInput, deps: CheckDeps): Promise<CheckJob> {
  let job = newJob(input, deps.now());
  // Whether the last save carried the thumbnail: one made after it is saved in at the end.
  let savedThumbnail = false;
  const save = (record: CheckJob) => {
    savedThumbnail = record.thumbnail !== undefined;
    return deps.save(record);
  };
  const update = async (patch: Partial<CheckJob>) => {
    job = { ...job, ...patch };
    await save(job);
  };
  let keeping: Promise<void> = Promise.resolve();
  try {
    if (!deps.captionSettled) await save(job);
    const gathered = await deps.gather();
    // Whatever way a caption came (dialog, selection, typed), its credit is set apart by one rule here.
    const plan = async (raw: string, rawCredit?: string) => {
      const entry = setCreditApart(raw, rawCredit);
      const { caption, notes } = prepareCaption(entry.caption);
      const split = deps.split ? await deps.split(caption) : splitCaption(caption, gathered.lang ? { locale: gathered.lang } : {});
      const planned = planSplit(split, notes, { maxClaims: input.maxClaims, capHint: t('capHintOptions'), checkAllWhenAllSetAside: true });
      return { ...planned, caption, credit: entry.credit.slice(0, MAX_CREDIT_CHARS) };
    };
    const planned = await plan(gathered.caption, gathered.credit);
    const { caption, credit, notes } = planned;
    // "Check both": the second answer is split the same way; its claims join the same request.
    const second = gathered.second ? plannedSecond(await plan(gathered.second.caption, gathered.second.credit), [gathered.label ?? '', gathered.second.label]) : null;
    markStep('split');
    if (planned.claims.length === 0 && !second?.secondAnswer.claims.length)
      throw new CheckError('caption', t('errNothingCheckable'));
    await update({
      caption,
      ...(credit ? { credit } : {}),
      pageUrl: gathered.pageUrl || job.pageUrl,
      ...(gathered.pageTitle ? { pageTitle: gathered.pageTitle } : {}),
      imageUrl: gathered.imageUrl || job.imageUrl,
      claims: planned.claims.map((c) => ({ ...c, verdict: null, confidence: null })),
      setAside: planned.setAside,
      notes: [...notes, ...(second?.notes ?? [])],
      ...(second ? { secondAnswer: second.secondAnswer } : {}),
      ...(planned.checkedAnyway ? { checkedAnyway: true } : {}),
      ...(!deps.split && !readsAsEnglish(caption, gathered.lang) ? { otherLanguage: true } : {}),
      phase: 'image',
    });
    const image = await deps.acquireImage(job.imageUrl);
    markStep('image');
    job = { ...job, phase: 'verifying', imagePath: image.path, imageBytes: image.byteLength, ...(image.note ? { notes: [...job.notes, image.note] } : {}) };
    // This phase is stored once the request has left (or the model step ended without one): its write no
    // longer runs between the image and the request. Verdicts arrive one by one and their saves queue behind it.
    const verifying = job;
    let stepSettled = () => {};
    const settled = new Promise<void>((resolve) => (stepSettled = resolve));
    const saving = Promise.race([deps.requestSent ?? Promise.resolve(), settled]).then(() => save(verifying));
    const modelStep = streamVerdicts({
      // The model's own end (not streamVerdicts', which waits for this save) releases it without a request.
      verify: (...args) => {
        const answer = (async () => deps.verify(...args))();
        answer.then(stepSettled, stepSettled);
        return answer;
      },
      claims: allClaims(job).map((c) => c.text),
      imageDataUrl: image.dataUrl,
      withVerdict: (index, verdict) => (job = withVerdictAt(job, index, verdict)),
      save,
      after: saving,
    });
    if (deps.keepImage) {
      const keepImage = deps.keepImage;
      const stepEnded = modelStep.then(
        () => undefined,
        () => undefined,
      );
      keeping = Promise.race([deps.requestSent ?? stepEnded, stepEnded])
        .then(() => keepImage(image))
        .then((thumbnail) => {
          // Every later save carries it: each one spreads the job as it is then.
          if (thumbnail) job = { ...job, thumbnail };
        })
        .catch(() => undefined);
    }
    const outcome = await modelStep;
    const scored = claimScores(outcome, allClaims(job).length, job.calibration);
    await update({
      status: 'done',
      phase: 'finished',
      finishedAt: deps.now(),
      usage: outcome.usage,
      ...(outcome.requests !== undefined ? { requests: outcome.requests, ...(outcome.reusedFrom !== undefined ? { reusedFrom: outcome.reusedFrom } : {}) } : {}),
      notes: [...job.notes, ...outcome.notes, ...scored.notes],
      scoreKind: scored.scoreKind,
      // Kept only where it judged these verdicts: a summary of decided verdicts needs one of their kind.
      calibration: scored.calibration,
      // The final list is the authority: a verdict streamed from an answer with the wrong count is withdrawn
      // (and with agreement scores the verdict is the samples' majority).
      ...withFinalClaims(job, scoredClaims(allClaims(job), outcome, scored)),
    });
  } catch (error) {
    const info = asCheckError(error).toInfo();
    // The save itself may be what failed (storage full); the store then keeps what it could, and this
    // function still returns the failed job rather than throwing.
    await update({ status: 'error', phase: 'finished', finishedAt: deps.now(), error: info }).catch(() => undefined);
  }
  // A fast or cached answer can end before the thumbnail is made: it is saved in once it is.
  await keeping;
  if (job.thumbnail !== undefined && !savedThumbnail) await save(job).catch(() => undefined);
  return job;
}
