// How sure the model is of each verdict: the label token's probability where the endpoint returns
// logprobs, else agreement among k sampled answers to the same request (the verdict is their majority).
import { t } from '../i18n';
import type OpenAI from 'openai';
import { CheckError } from '../errors';
import { toCheckError } from './client';
import { parseVerdicts } from './parse';
import type { ScoreKind, Verdict } from './schema';
import { DEFAULT_SAMPLES, MAX_SAMPLES } from '../settings';
import { mapLimit } from '../pool';
import { requestBody, type OutputMode, type Usage, type EndpointVerdicts } from './verify';
import { withOwnSignal } from '../own-signal';

// Declared with the verdict schema (zod only), so jobs and the popup can name it without the SDK.
export { scoreKindSchema, type ScoreKind } from './schema';

// The bounds live with the settings (zod only), which the Options form and the CLI flags share.
export { DEFAULT_SAMPLES, MAX_SAMPLES, samplesFor } from '../settings';
/** Agreement needs answers that can differ; 1 is the API's own default temperature. */
export const SAMPLE_TEMPERATURE = 1;

export interface ScoreOptions {
  client: OpenAI;
  model: string;
  imageDataUrl: string;
  claims: readonly string[];
  signal?: AbortSignal;
  /** k: answers sampled per claim when the endpoint gives no logprobs; below 2 (the default), no agreement score. */
  samples?: number;
  concurrency?: number;
  chunkSize?: number;
}

export interface ScoredVerdicts {
  verdicts: (Verdict | null)[];
  /** Per claim, how sure the model is of its verdict, in [0, 1]; null where none could be measured. */
  scores: (number | null)[];
  scoreKind: ScoreKind | null;
  requests: number;
  usage: Usage;
  notes: string[];
  /** The scores were asked for and could not be measured (the sampling failed): not an answer to keep. */
  incomplete?: boolean;
}

/** The tokens of a verification and of its sampling together. */
export function addUsage(a: Usage, b: Usage): Usage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}

/** The majority of the sampled labels (a tie keeps the greedy answer's label) and the share that agree with it. */
export function majorityOf(labels: readonly boolean[], greedy: boolean | null): { label: boolean; agreement: number } | null {
  if (labels.length === 0) return null;
  const yes = labels.filter(Boolean).length;
  const no = labels.length - yes;
  const label = yes === no ? (greedy ?? true) : yes > no;
  return { label, agreement: (label ? yes : no) / labels.length };
}

/** k answers to one chunk: one request with `n = k`, then single requests for what the endpoint did not send. */
async function sampleChunk(
  options: ScoreOptions,
  claims: readonly string[],
  mode: OutputMode,
  samples: number,
  tally: { requests: number; usage: Usage },
  cancel: () => void,
): Promise<(Verdict | null)[][]> {
  const body = { ...requestBody(options.model, claims, options.imageDataUrl, mode, false), temperature: SAMPLE_TEMPERATURE };
  const ask = async (n: number) => {
    tally.requests++;
    const completion = await withOwnSignal(options.signal, (signal) => options.client.chat.completions.create({ ...body, n, stream: false }, { signal }));
    tally.usage.promptTokens += completion.usage?.prompt_tokens ?? 0;
    tally.usage.completionTokens += completion.usage?.completion_tokens ?? 0;
    return completion.choices.slice(0, n).map((c) => parseVerdicts(c.message.content ?? '').verdicts.slice(0, claims.length));
  };
  const answers = await ask(samples);
  // An endpoint that ignores `n` sends one choice: the rest are asked one by one, under the concurrency limit.
  const missing = Math.max(0, samples - answers.length);
  const more = await mapLimit(Array.from({ length: missing }), Math.max(1, options.concurrency ?? 3), () => ask(1), cancel);
  return [...answers, ...more.flat()];
}

/**
 * Scores a finished verification: `logprob` when every verdict came with its label token's
 * probability, else `agreement` among k sampled answers, whose majority becomes the verdict.
 * A failed sampling request leaves the verdicts as they were, unscored, with a note.
 */
export async function scoreVerdicts(options: ScoreOptions, result: Pick<EndpointVerdicts, 'verdicts' | 'confidences' | 'outputMode'>): Promise<ScoredVerdicts> {
  const tally = { requests: 0, usage: { promptTokens: 0, completionTokens: 0 } };
  const unscored = (notes: string[]): ScoredVerdicts => ({ verdicts: [...result.verdicts], scores: result.verdicts.map(() => null), scoreKind: null, ...tally, notes });
  if (result.verdicts.every((v, i) => !v || result.confidences[i] !== null))
    return { verdicts: [...result.verdicts], scores: [...result.confidences], scoreKind: 'logprob', ...tally, notes: [] };
  const samples = Math.min(MAX_SAMPLES, Math.floor(options.samples ?? DEFAULT_SAMPLES));
  if (samples < 2) return unscored([]);

  const chunkSize = Math.max(1, options.chunkSize ?? 12);
  const chunks: number[][] = [];
  for (let i = 0; i < options.claims.length; i += chunkSize) chunks.push(options.claims.map((_, j) => j).slice(i, i + chunkSize));
  let sampled: (Verdict | null)[][][];
  // One failed sample ends the sampling: the requests still in flight are cancelled before the result is given.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  const sampling = { ...options, signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal };
  try {
    sampled = await mapLimit(
      chunks,
      Math.max(1, options.concurrency ?? 3),
      (indices) => sampleChunk(sampling, indices.map((i) => options.claims[i]!), result.outputMode, samples, tally, cancel),
      cancel,
    );
  } catch (error) {
    const failure = toCheckError(error, options.model, options.client.baseURL);
    if (failure.kind === 'aborted' || options.signal?.aborted) throw new CheckError('aborted', t('errCancelled'));
    return { ...unscored([t('noteNotScored', samples, failure.message)]), incomplete: true };
  }

  const verdicts = [...result.verdicts];
  const scores: (number | null)[] = result.verdicts.map(() => null);
  chunks.forEach((indices, c) =>
    indices.forEach((claim, local) => {
      const answers = sampled[c]!.map((answer) => answer[local] ?? null).filter((v): v is Verdict => v !== null);
      const greedy = result.verdicts[claim] ?? null;
      const majority = majorityOf(answers.map((v) => v.label), greedy?.label ?? null);
      if (!majority) return;
      // The greedy answer's reasoning where it agrees with the majority, else a sampled one that does.
      verdicts[claim] = greedy?.label === majority.label ? greedy : answers.find((v) => v.label === majority.label)!;
      scores[claim] = majority.agreement;
    }),
  );
  return { verdicts, scores, scoreKind: 'agreement', ...tally, notes: [] };
}
