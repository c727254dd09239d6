import { z } from 'zod';
import { CheckError } from '../errors';
import { parseVerdicts } from './parse';
import { SYSTEM_PROMPT, buildUserPrompt } from './prompt';
import {
  contextUsageOf,
  contextWindowOf,
  measureUsage,
  type Availability,
  type LanguageModelApi,
  type LanguageModelCreateOptions,
  type LanguageModelMessage,
  type LanguageModelPromptOptions,
  type LanguageModelSession,
} from './prompt-api';
import type { VerifyProvider, VerifyResponse } from './provider';
import { flaggedNote, planRequests } from './plan';
import { verdictListSchema, verdictListSchemaFor, type Verdict } from './schema';
import { createVerdictStreamParser } from './stream-parse';

/** What the result view shows when Chrome's on-device model answered. */
export const BUILTIN_LABEL = 'On-device: Chrome built-in model';

/** The same options for availability() and create(): what is asked must be what was checked. */
export const BUILTIN_MODEL_OPTIONS = {
  expectedInputs: [{ type: 'text', languages: ['en'] }, { type: 'image' }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
} as const satisfies Pick<LanguageModelCreateOptions, 'expectedInputs' | 'expectedOutputs'>;

/** The verdict list's zod schema as the JSON Schema `responseConstraint` takes. */
export const VERDICT_LIST_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(verdictListSchema);
  return schema;
})();

/** The constraint for exactly `count` verdicts, so the model cannot add or drop one. */
export function verdictListJsonSchema(count: number): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(verdictListSchemaFor(count));
  return schema;
}

/** Claims per prompt before any measuring; the context check splits further when needed. */
const CLAIMS_PER_PROMPT = 12;
/** Context kept free for the answer, per claim (a short reasoning sentence and the fields). */
const ANSWER_ALLOWANCE_PER_CLAIM = 80;

export type BuiltinState = Availability | 'missing';

/** Whether the on-device model can answer now, and a one-line reason a person can act on. */
export interface BuiltinStatus {
  state: BuiltinState;
  reason: string;
}

const REASONS: Record<BuiltinState, string> = {
  available: "Chrome's built-in model is ready; the image and caption stay on this computer.",
  downloadable: "Chrome's built-in model is not downloaded yet (a one-time download of several GB): download it in Options.",
  downloading: "Chrome is still downloading its built-in model; Options shows the progress.",
  unavailable:
    "Chrome's built-in model cannot run on this computer (it needs a supported desktop with enough disk space and memory; see chrome://on-device-internals).",
  missing: 'This browser has no built-in model (it needs Chrome 138 or newer on a desktop).',
};

/** Detects, never assumes, whether the on-device model takes images and English here. */
export async function builtinStatus(api: LanguageModelApi | undefined): Promise<BuiltinStatus> {
  if (!api || typeof api.availability !== 'function') return { state: 'missing', reason: REASONS.missing };
  try {
    const state = await api.availability({ ...BUILTIN_MODEL_OPTIONS });
    return { state, reason: REASONS[state] ?? REASONS.unavailable };
  } catch (error) {
    return { state: 'unavailable', reason: `Chrome could not tell whether its built-in model can run (${errorName(error)}).` };
  }
}

function errorName(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.name : typeof error;
}

/** Maps what the Prompt API throws (DOMExceptions, told apart by name as the spec defines them) to a CheckError. */
export function toBuiltinError(error: unknown, signal?: AbortSignal): CheckError {
  if (error instanceof CheckError) return error;
  const cause = { cause: error };
  const name = errorName(error);
  if (signal?.aborted || name === 'AbortError') return new CheckError('aborted', 'The check was cancelled.', null, cause);
  switch (name) {
    case 'QuotaExceededError':
      return new CheckError(
        'bad-request',
        "The image and a single claim do not fit the on-device model's context. Use an endpoint model (Options).",
        null,
        cause,
      );
    case 'NotAllowedError':
      return new CheckError(
        'not-configured',
        "Chrome's built-in model is turned off here (by a setting or policy). Pick an endpoint model in Options.",
        null,
        cause,
      );
    case 'NotReadableError':
      return new CheckError('refused', "Chrome filtered the on-device model's answer. Retry, or use an endpoint model (Options).", null, cause);
    case 'NotSupportedError':
      return new CheckError(
        'no-image-input',
        "Chrome's built-in model cannot take this input (an image with English text) here. Use an endpoint model (Options).",
        null,
        cause,
      );
    case 'InvalidStateError':
      return new CheckError('interrupted', 'The on-device model session closed before it answered. Retry.', null, cause);
    default:
      return new CheckError('server', `The on-device model failed (${name}). Retry, or use an endpoint model (Options).`, null, cause);
  }
}

/** The check's JPEG data URL as the Blob the Prompt API takes as an image. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new CheckError('image', 'The image could not be prepared for the on-device model. Reload the page and try again.');
  const [, type, base64, body = ''] = match;
  const bytes = base64 ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(body));
  return new Blob([bytes], { type });
}

/** The single user turn of one prompt: the seed's User text with the numbered claims, then the image. */
export function buildBuiltinPrompt(claims: readonly string[], image: Blob): LanguageModelMessage[] {
  return [
    {
      role: 'user',
      content: [
        { type: 'text', value: buildUserPrompt(claims) },
        { type: 'image', value: image },
      ],
    },
  ];
}

function isRejectedOption(error: unknown): boolean {
  const name = errorName(error);
  return name === 'TypeError' || name === 'RangeError' || name === 'NotSupportedError';
}

/**
 * A session whose context starts with the seed System text. Greedy sampling keeps answers repeatable;
 * Chrome versions that no longer take topK/temperature get the default sampling instead.
 */
export async function createBuiltinSession(api: LanguageModelApi, signal?: AbortSignal): Promise<LanguageModelSession> {
  const options: LanguageModelCreateOptions = {
    ...BUILTIN_MODEL_OPTIONS,
    expectedInputs: [...BUILTIN_MODEL_OPTIONS.expectedInputs],
    expectedOutputs: [...BUILTIN_MODEL_OPTIONS.expectedOutputs],
    initialPrompts: [{ role: 'system', content: SYSTEM_PROMPT }],
    ...(signal ? { signal } : {}),
  };
  try {
    return await api.create({ ...options, topK: 1, temperature: 0 });
  } catch (error) {
    if (!isRejectedOption(error) || signal?.aborted) throw error;
    return api.create(options);
  }
}

/**
 * Starts (or joins) the model download. Call it straight from a click: Chrome requires a user
 * activation to create a session while the model is still downloadable. Progress goes 0 → 1.
 */
export async function downloadBuiltinModel(
  api: LanguageModelApi,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const session = await api.create({
      ...BUILTIN_MODEL_OPTIONS,
      expectedInputs: [...BUILTIN_MODEL_OPTIONS.expectedInputs],
      expectedOutputs: [...BUILTIN_MODEL_OPTIONS.expectedOutputs],
      ...(signal ? { signal } : {}),
      monitor(monitor) {
        monitor.addEventListener('downloadprogress', (event) => {
          const { loaded, total } = event as ProgressEvent;
          onProgress(Math.min(1, Math.max(0, total > 0 ? loaded / total : loaded)));
        });
      },
    });
    session.destroy();
  } catch (error) {
    // Here NotAllowedError means the click's activation did not reach create(), not a policy.
    if (errorName(error) === 'NotAllowedError' && !signal?.aborted)
      throw new CheckError('not-configured', 'Chrome wants a click to start the download. Press Download again.', null, { cause: error });
    throw toBuiltinError(error, signal);
  }
}

export interface BuiltinProviderOptions {
  /** Claims per prompt before measuring (tests use small numbers). */
  claimsPerPrompt?: number;
}

/** Chrome's on-device model as a provider: seed prompt, image as a Blob, structured output, streamed verdicts. */
export function builtinProvider(api: LanguageModelApi | undefined, options: BuiltinProviderOptions = {}): VerifyProvider {
  return {
    id: 'builtin',
    label: BUILTIN_LABEL,
    verify: async ({ claims, imageDataUrl, signal, onVerdict }) => {
      if (claims.length === 0) throw new CheckError('caption', 'There is no claim to check. Select the caption text and try again.');
      const status = await builtinStatus(api);
      if (status.state !== 'available' || !api) throw new CheckError('not-configured', status.reason);
      const image = dataUrlToBlob(imageDataUrl);
      let base: LanguageModelSession;
      try {
        base = await createBuiltinSession(api, signal);
      } catch (error) {
        throw toBuiltinError(error, signal);
      }
      try {
        return await verifyWithSession(base, claims, image, options.claimsPerPrompt ?? CLAIMS_PER_PROMPT, signal, onVerdict);
      } catch (error) {
        throw toBuiltinError(error, signal);
      } finally {
        base.destroy();
      }
    },
  };
}

function isQuotaExceeded(error: unknown): boolean {
  return errorName(error) === 'QuotaExceededError';
}

async function verifyWithSession(
  base: LanguageModelSession,
  claims: readonly string[],
  image: Blob,
  claimsPerPrompt: number,
  signal: AbortSignal | undefined,
  onVerdict: ((index: number, verdict: Verdict) => void) | undefined,
): Promise<VerifyResponse> {
  const verdicts: (Verdict | null)[] = claims.map(() => null);
  const usage = { promptTokens: 0, completionTokens: 0 };
  const notes: string[] = [];
  let splits = 0;
  // Claims whose prompt came back with the wrong number of verdicts were already asked again alone.
  const reasked = new Set<number>();

  // Each prompt runs in a clone of the base session: the system text is shared, earlier answers are not.
  // Resolves false when the claims do not fit the context (measured, or refused with QuotaExceededError).
  const promptOnce = async (indices: number[]): Promise<boolean> => {
    const promptOptions: LanguageModelPromptOptions = { responseConstraint: verdictListJsonSchema(indices.length), ...(signal ? { signal } : {}) };
    const input = buildBuiltinPrompt(
      indices.map((i) => claims[i]!),
      image,
    );
    const session = await base.clone(signal ? { signal } : {});
    try {
      const before = contextUsageOf(session);
      const free = contextWindowOf(session) - before;
      const needed = await measureUsage(session, input, promptOptions).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return null; // an unmeasurable prompt is simply tried; a QuotaExceededError still splits it
      });
      if (needed !== null && indices.length > 1 && needed + ANSWER_ALLOWANCE_PER_CLAIM * indices.length > free) return false;
      const seen = new Set<number>();
      const scanner = createVerdictStreamParser((i, verdict) => {
        if (!verdict || i >= indices.length) return;
        seen.add(i);
        verdicts[indices[i]!] = verdict;
        onVerdict?.(indices[i]!, verdict);
      });
      const reader = session.promptStreaming(input, promptOptions).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        scanner.push(value);
      }
      // The whole answer is the authority: it also reads what the incremental scan could not.
      const parsed = parseVerdicts(scanner.text);
      notes.push(...parsed.notes);
      if (parsed.verdicts.length > 0 && parsed.verdicts.length !== indices.length) {
        // Matched by position, a missing or extra verdict would shift its neighbours': none is taken.
        for (const i of indices) (verdicts[i] = null), reasked.add(i);
        notes.push(`The model sent ${parsed.verdicts.length} verdicts for ${indices.length} claim(s); none was matched by position.`);
        return true;
      }
      parsed.verdicts.forEach((verdict, i) => {
        if (!verdict) return;
        verdicts[indices[i]!] = verdict;
        if (!seen.has(i)) onVerdict?.(indices[i]!, verdict);
      });
      const used = Math.max(0, contextUsageOf(session) - before);
      usage.promptTokens += needed ?? used;
      usage.completionTokens += needed === null ? 0 : Math.max(0, used - needed);
      return true;
    } catch (error) {
      if (isQuotaExceeded(error) && indices.length > 1 && !signal?.aborted) return false;
      throw error;
    } finally {
      session.destroy();
    }
  };

  const runPrompt = async (indices: number[]): Promise<void> => {
    if (await promptOnce(indices)) return;
    splits++;
    const half = Math.ceil(indices.length / 2);
    await runPrompt(indices.slice(0, half));
    await runPrompt(indices.slice(half));
  };

  // Instruction-like claims get a prompt of their own (lib/verify/plan.ts).
  const plan = planRequests(claims, claimsPerPrompt);
  if (plan.flagged.length > 0) notes.push(flaggedNote(plan.flagged));
  for (const indices of plan.requests) await runPrompt(indices);
  // A prompt answered with the wrong count: its claims once more, each alone.
  const shifted = [...reasked].filter((i) => !verdicts[i]);
  for (const i of shifted.sort((a, b) => a - b)) await runPrompt([i]);
  // One more try for what the model skipped (the whole list if it skipped everything).
  const missing = claims.map((_, i) => i).filter((i) => !verdicts[i] && !reasked.has(i));
  if (missing.length > 0 && missing.length < claims.length) notes.push(`Asked again for ${missing.length} claim(s) the model skipped.`);
  for (const indices of planRequests(claims, claimsPerPrompt, missing).requests) await runPrompt(indices);

  if (splits > 0) notes.push("The claims were checked in smaller groups to fit the on-device model's context.");
  if (verdicts.every((v) => !v))
    throw new CheckError('bad-output', 'The on-device model answered, but with no verdict that could be read. Retry, or use an endpoint model (Options).');
  return { verdicts, usage, notes };
}
