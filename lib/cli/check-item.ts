// One check as the CLI runs it (verify and batch alike): claims from a caption or a list, the image
// sized by the policy, verdicts from the shared core, and the result in the CLI's JSON shape.
import type OpenAI from 'openai';
import { DEFAULT_MAX_CLAIMS } from '../claims/cap';
import { splitCaption, type SplitOptions } from '../claims/split';
import { CheckError } from '../errors';
import { planSplit, prepareCaption } from '../check-lifecycle';
import type { Verdict } from '../verify/schema';
import { addUsage, scoreVerdicts, type ScoreKind } from '../verify/score';
import { verifyClaims, type OutputMode } from '../verify/verify';
import type { LoadedImage } from './image';

/** One claim as the CLI writes it; `label` is null when the model gave no verdict for it. */
export interface ClaimLine {
  text: string;
  label: boolean | null;
  reasoning: string | null;
  error_type: string[];
  /** How sure the model is of the label, in [0, 1] (its kind is the result's `score_kind`); null when unmeasured. */
  score: number | null;
  /** With a calibration: whether the score reaches the threshold of the label's kind. */
  decided?: boolean;
}

export interface SetAsideResult {
  text: string;
  reason: string;
}

/** The JSON of a finished check (verify --json and each batch line, which adds the id). */
export interface CheckResult {
  claims: ClaimLine[];
  set_aside: SetAsideResult[];
  model: string;
  /** How the claims' scores were measured: `logprob`, `agreement` (among k samples), or null when not at all. */
  score_kind: ScoreKind | null;
  usage: { prompt_tokens: number; completion_tokens: number };
  notes: string[];
}

/** Where the claims come from: a caption to split on the device (in `lang`, when known), or a list taken as is. */
export type ClaimSource = { caption: string; lang?: string } | { claims: readonly string[] };

export interface PlannedClaims {
  claims: string[];
  setAside: SetAsideResult[];
  notes: string[];
}

/**
 * The claims to check: a caption is trimmed, capped and split (interpretation set aside, or nothing
 * with `keepAll`); a list is used as given.
 */
export function planClaims(source: ClaimSource, options: SplitOptions = {}): PlannedClaims {
  if ('claims' in source) {
    const claims = source.claims.map((c) => c.replace(/\s+/g, ' ').trim());
    if (claims.length === 0 || claims.some((c) => !c)) throw new CheckError('caption', 'The claim list is empty or has an empty claim.');
    return { claims, setAside: [], notes: [] };
  }
  // Checked here because the core's own message speaks of selecting text on a page.
  if (!source.caption.trim()) throw new CheckError('caption', 'The caption is empty: there is nothing to check.');
  const { caption, notes } = prepareCaption(source.caption);
  // The item's own language is more particular than one given for the whole run.
  const split = splitCaption(caption, source.lang ? { ...options, locale: source.lang } : options);
  const planned = planSplit(split, notes, { maxClaims: DEFAULT_MAX_CLAIMS });
  return {
    claims: planned.claims.map((c) => c.text),
    setAside: planned.setAside.map((s) => ({ text: s.text, reason: s.reason })),
    notes,
  };
}

/** A verdict (or its absence) and its score in the output shape. */
export function toClaimLine(text: string, verdict: Verdict | null, score: number | null = null): ClaimLine {
  if (!verdict) return { text, label: null, reasoning: null, error_type: [], score: null };
  return { text, label: verdict.label, reasoning: verdict.reasoning, error_type: [...verdict.error_type], score };
}

export interface CheckItemOptions {
  client: OpenAI;
  model: string;
  planned: PlannedClaims;
  image: LoadedImage;
  signal?: AbortSignal;
  stream?: boolean;
  /** Shared across a batch, so only the first item walks the output-format ladder. */
  outputMode?: { current: OutputMode | undefined };
  onVerdict?: (index: number, result: ClaimLine) => void;
  /** k answers sampled per claim for an agreement score where the endpoint gives no logprobs. */
  samples?: number;
  /** The score kind a calibration needs: `agreement` skips logprobs, so every claim is sampled. */
  scoreKind?: ScoreKind;
}

/** Verifies the planned claims against the image; throws CheckError when the check fails as a whole. */
export async function checkItem(options: CheckItemOptions): Promise<CheckResult> {
  const { planned } = options;
  if (planned.claims.length === 0)
    throw new CheckError('caption', 'Nothing in this caption can be checked against the image (all of it was set aside as interpretation).');
  const result = await verifyClaims({
    client: options.client,
    model: options.model,
    imageDataUrl: options.image.dataUrl,
    claims: planned.claims,
    signal: options.signal,
    stream: options.stream ?? false,
    ...(options.scoreKind === 'agreement' ? { logprobs: false } : {}),
    outputMode: options.outputMode?.current,
    onOutputMode: (mode) => {
      if (options.outputMode) options.outputMode.current = mode;
    },
    onVerdict: (index, verdict) => options.onVerdict?.(index, toClaimLine(planned.claims[index]!, verdict)),
  });
  const scored = await scoreVerdicts(
    { client: options.client, model: options.model, imageDataUrl: options.image.dataUrl, claims: planned.claims, signal: options.signal, samples: options.samples },
    result,
  );
  const usage = addUsage(result.usage, scored.usage);
  return {
    claims: planned.claims.map((text, i) => toClaimLine(text, scored.verdicts[i] ?? null, scored.scores[i] ?? null)),
    set_aside: planned.setAside,
    model: options.model,
    score_kind: scored.scoreKind,
    usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens },
    notes: [...planned.notes, ...result.notes, ...scored.notes],
  };
}

/** A fetch that counts the requests it sends, the SDK's retries included: what a run really cost. */
export function countingFetch(): { fetch: typeof fetch; count: () => number } {
  let sent = 0;
  return {
    fetch: (input, init) => {
      sent++;
      return fetch(input, init);
    },
    count: () => sent,
  };
}

/** Why verdicts got no score (no logprobs, no samples asked), how to get one, and its cost. */
export const UNSCORED_HINT = 'the endpoint gives no logprobs. --samples 3 scores by agreement, at up to 4 requests per check.';

/** How many claims of a result got no verdict. */
export function unverifiedCount(result: Pick<CheckResult, 'claims'>): number {
  return result.claims.filter((c) => c.label === null).length;
}
