// Chrome's on-device model (the Prompt API): whether it is there, how to start a session and download
// the model, the seed prompt as its messages, and its failures as CheckErrors. builtin.ts verifies with it.
import { t, type MessageKey } from '../i18n';
import { CheckError } from '../errors';
import { SYSTEM_PROMPT, buildUserPrompt } from './prompt';
import {
  type Availability,
  type LanguageModelApi,
  type LanguageModelCreateOptions,
  type LanguageModelMessage,
  type LanguageModelSession,
} from './prompt-api';

/** What the result view shows when Chrome's on-device model answered. */
export const BUILTIN_LABEL = 'On-device: Chrome built-in model';

/** The same options for availability() and create(): what is asked must be what was checked. */
export const BUILTIN_MODEL_OPTIONS = {
  expectedInputs: [{ type: 'text', languages: ['en'] }, { type: 'image' }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
} as const satisfies Pick<LanguageModelCreateOptions, 'expectedInputs' | 'expectedOutputs'>;

/** The verdict list for exactly `count` verdicts as the JSON Schema `responseConstraint` takes, so the model cannot add or drop one. */
export { verdictListJsonSchema } from './schema';

/** Claims per prompt before any measuring; the context check splits further when needed. */
export const CLAIMS_PER_PROMPT = 12;
/** Context kept free for the answer, per claim (a short reasoning sentence and the fields). */
export const ANSWER_ALLOWANCE_PER_CLAIM = 80;

export type BuiltinState = Availability | 'missing';

/** Whether the on-device model can answer now, and a one-line reason a person can act on. */
export interface BuiltinStatus {
  state: BuiltinState;
  reason: string;
}

const REASONS: Record<BuiltinState, MessageKey> = {
  available: 'builtinAvailable',
  downloadable: 'builtinDownloadable',
  downloading: 'builtinDownloading',
  unavailable: 'builtinUnavailable',
  missing: 'builtinMissing',
};

/** Detects, never assumes, whether the on-device model takes images and English here. */
export async function builtinStatus(api: LanguageModelApi | undefined): Promise<BuiltinStatus> {
  if (!api || typeof api.availability !== 'function') return { state: 'missing', reason: t(REASONS.missing) };
  try {
    const state = await api.availability({ ...BUILTIN_MODEL_OPTIONS });
    return { state, reason: t(REASONS[state] ?? REASONS.unavailable) };
  } catch (error) {
    return { state: 'unavailable', reason: t('builtinUnknown', errorName(error)) };
  }
}

/** The name of a DOMException-like error, or ''. */
export function errorName(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.name : typeof error;
}

/** Maps what the Prompt API throws (DOMExceptions, told apart by name as the spec defines them) to a CheckError. */
export function toBuiltinError(error: unknown, signal?: AbortSignal): CheckError {
  if (error instanceof CheckError) return error;
  const cause = { cause: error };
  const name = errorName(error);
  if (signal?.aborted || name === 'AbortError') return new CheckError('aborted', t('errCancelled'), null, cause);
  switch (name) {
    case 'QuotaExceededError':
      return new CheckError(
        'bad-request',
        t('errBuiltinQuota'),
        null,
        cause,
      );
    case 'NotAllowedError':
      return new CheckError(
        'not-configured',
        t('errBuiltinOff'),
        null,
        cause,
      );
    case 'NotReadableError':
      return new CheckError('refused', t('errBuiltinFiltered'), null, cause);
    case 'NotSupportedError':
      return new CheckError(
        'no-image-input',
        t('errBuiltinInput'),
        null,
        cause,
      );
    case 'InvalidStateError':
      return new CheckError('interrupted', t('errBuiltinClosed'), null, cause);
    default:
      return new CheckError('server', t('errBuiltinFailed', name), null, cause);
  }
}

/** The check's JPEG data URL as the Blob the Prompt API takes as an image. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new CheckError('image', t('errBuiltinImage'));
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
      throw new CheckError('not-configured', t('errBuiltinClick'), null, { cause: error });
    throw toBuiltinError(error, signal);
  }
}
