import type { CheckJob, ClaimResult, ComparisonRun, JobCalibration } from './job-record';
import { claimScores, scoredClaims } from './claim-scores';
import { asCheckError, CheckError } from './errors';
import { t } from './i18n';
import { claimWithoutCredit } from './check/credit-apart';
import type { ModelStep } from './check-lifecycle';
import { streamVerdicts } from './check/stream-verdicts';

/** What a re-check or a comparison needs from the outside world (the image comes from session storage). */
export interface RerunDeps {
  verify: ModelStep;
  save(job: CheckJob): Promise<void>;
  now(): number;
  /** The calibration of the model that answers, if the user imported one: its verdicts are then decided or unsure. */
  calibration?: JobCalibration | null;
}

/**
 * Claims as the user edited them, placed back into the caption where their text still occurs
 * (so the caption and the page marks stay coloured); a claim that is not in the caption gets -1/-1.
 */
export function placeClaims(caption: string, texts: readonly string[]): ClaimResult[] {
  let from = 0;
  return texts.map((raw) => {
    const text = raw.trim();
    // Search after the previous claim first so repeated phrases map in order.
    let start = caption.indexOf(text, from);
    if (start < 0) start = caption.indexOf(text);
    if (start < 0 || !text) return { text, start: -1, end: -1, hedged: false, verdict: null };
    from = start + text.length;
    return { text, start, end: start + text.length, hedged: false, verdict: null };
  });
}

/**
 * The job's claims with the chosen set-aside pieces (indices into `job.setAside`) added where they
 * stand in the caption, for "Check anyway". Claims the user typed (no place in the caption) stay last.
 */
export function claimsWithSetAside(job: CheckJob, indices: readonly number[]): string[] {
  const chosen = new Set(indices);
  const pieces = [
    ...job.claims.map((c) => ({ text: c.text, start: c.start })),
    ...job.setAside.filter((_, i) => chosen.has(i)).map((s) => ({ text: s.text, start: s.start })),
  ];
  const placed = pieces.filter((p) => p.start >= 0).sort((a, b) => a.start - b.start);
  return [...placed, ...pieces.filter((p) => p.start < 0)].map((p) => p.text);
}

/**
 * The claims of a re-check, each marked `edited` where its text is the user's (not a claim or set-aside piece
 * of the caption as split), and how many of the caption's claims the user removed without putting text in
 * their place; both carry over from the check being re-checked.
 */
export function editedClaims(previous: CheckJob, texts: readonly string[]): { claims: ClaimResult[]; removedClaims: number } {
  const fromCaption = new Set([...previous.claims.filter((c) => !c.edited).map((c) => c.text.trim()), ...previous.setAside.map((s) => s.text.trim())]);
  const claims = placeClaims(previous.caption, texts).map((c) => (fromCaption.has(c.text) ? c : { ...c, edited: true }));
  const kept = new Set(claims.map((c) => c.text));
  const gone = previous.claims.filter((c) => !c.edited && !kept.has(c.text.trim())).length;
  // An edit in a claim's place replaces it: only what the user took out without new text counts as removed.
  const editedBefore = new Set(previous.claims.filter((c) => c.edited).map((c) => c.text.trim()));
  const newlyEdited = claims.filter((c) => c.edited && !editedBefore.has(c.text)).length;
  return { claims, removedClaims: (previous.removedClaims ?? 0) + Math.max(0, gone - newlyEdited) };
}

/** Verifies the user's edited claim list against the same image, as a new job that keeps the caption. */
export async function recheckClaims(previous: CheckJob, edited: readonly string[], imageDataUrl: string, id: string, deps: RerunDeps): Promise<CheckJob> {
  // A credit typed into a claim is set apart by the rule every caption goes through: it never reaches the model.
  const texts = edited.flatMap((text) => claimWithoutCredit(text) ?? []);
  const { claims, removedClaims } = editedClaims(previous, texts);
  // The earlier run's cost is not this one's.
  const { requests: _earlier, removedClaims: _removed, reusedFrom: _reused, ...kept } = previous;
  let job: CheckJob = {
    ...kept,
    id,
    recheckOf: previous.id,
    ...(removedClaims ? { removedClaims } : {}),
    status: 'running',
    phase: 'verifying',
    claims,
    // A set-aside piece that is now checked is no longer set aside.
    setAside: previous.setAside.filter((s) => !texts.some((text) => text.trim() === s.text)),
    notes: [],
    startedAt: deps.now(),
    finishedAt: null,
    usage: null,
    error: null,
    comparison: undefined,
    // A re-check is of the edited claims alone, never still a "Check both" pair.
    secondAnswer: undefined,
  };
  await deps.save(job);
  try {
    if (texts.length === 0) throw new CheckError('caption', t('errNothingCheckable'));
    const outcome = await streamVerdicts({
      verify: deps.verify,
      claims: job.claims.map((c) => c.text),
      imageDataUrl,
      withVerdict: (index, verdict) => (job = { ...job, claims: job.claims.map((c, i) => (i === index ? { ...c, verdict } : c)) }),
      save: deps.save,
    });
    const scored = claimScores(outcome, job.claims.length, deps.calibration);
    job = {
      ...job,
      status: 'done',
      phase: 'finished',
      finishedAt: deps.now(),
      usage: outcome.usage,
      ...(outcome.requests !== undefined ? { requests: outcome.requests } : {}),
      ...(outcome.reusedFrom !== undefined ? { reusedFrom: outcome.reusedFrom } : {}),
      notes: [...outcome.notes, ...scored.notes],
      scoreKind: scored.scoreKind,
      calibration: scored.calibration,
      // The final list is the authority: a streamed verdict that was withdrawn does not stay.
      claims: scoredClaims(job.claims, outcome, scored),
    };
  } catch (error) {
    job = { ...job, status: 'error', phase: 'finished', finishedAt: deps.now(), error: asCheckError(error).toInfo() };
  }
  await deps.save(job);
  return job;
}

/** Checks the job's claims with another model, streaming its verdicts into `job.comparison`. */
export async function compareWithModel(
  base: CheckJob,
  model: string,
  baseUrl: string | null,
  imageDataUrl: string,
  deps: RerunDeps,
): Promise<CheckJob> {
  let run: ComparisonRun = {
    model,
    baseUrl,
    status: 'running',
    verdicts: base.claims.map(() => null),
    startedAt: deps.now(),
    finishedAt: null,
    usage: null,
    error: null,
  };
  const withRun = () => ({ ...base, comparison: run });
  await deps.save(withRun());
  try {
    const outcome = await streamVerdicts({
      verify: deps.verify,
      claims: base.claims.map((c) => c.text),
      imageDataUrl,
      withVerdict: (index, verdict) => {
        run = { ...run, verdicts: run.verdicts.map((v, i) => (i === index ? verdict : v)) };
        return withRun();
      },
      save: deps.save,
    });
    // Judged by the compared model's own calibration, never the first model's.
    const scored = claimScores(outcome, base.claims.length, deps.calibration);
    run = {
      ...run,
      status: 'done',
      finishedAt: deps.now(),
      usage: outcome.usage,
      ...(outcome.requests !== undefined ? { requests: outcome.requests } : {}),
      verdicts: run.verdicts.map((_, i) => outcome.verdicts[i] ?? null),
      scores: scored.scores,
      scoreKind: scored.scoreKind,
      ...(scored.decided && scored.calibration ? { decided: scored.decided, calibration: scored.calibration } : {}),
    };
  } catch (error) {
    run = { ...run, status: 'error', finishedAt: deps.now(), error: asCheckError(error).toInfo() };
  }
  const job = withRun();
  await deps.save(job);
  return job;
}
