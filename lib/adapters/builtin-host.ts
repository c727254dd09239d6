import { builtinStatus, downloadBuiltinModel, type BuiltinStatus } from '../verify/builtin';
import type { LanguageModelApi } from '../verify/prompt-api';

/*
 * Where Chrome's built-in model is reached. Chrome exposes `LanguageModel` to extension pages and,
 * unlike ordinary web workers, to the extension's service worker too (chrome_content_renderer_client.cc
 * enables AIPromptAPIForWorkers in extension processes), so checks run in the worker and no offscreen
 * document is needed. Only the first download needs a page: it requires a user activation, which a
 * worker never has, so Options starts it from a click.
 */

function isLanguageModelApi(value: unknown): value is LanguageModelApi {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null) return false;
  const candidate = value as Partial<Record<keyof LanguageModelApi, unknown>>;
  return typeof candidate.availability === 'function' && typeof candidate.create === 'function';
}

/** The `LanguageModel` interface object of this context, read at call time; undefined where Chrome has none. */
export function languageModelApi(): LanguageModelApi | undefined {
  const candidate: unknown = Reflect.get(globalThis, 'LanguageModel');
  return isLanguageModelApi(candidate) ? candidate : undefined;
}

/** Whether the on-device model can answer here, with a one-line reason. */
export function readBuiltinStatus(): Promise<BuiltinStatus> {
  return builtinStatus(languageModelApi());
}

/** Starts the one-time model download; call it directly from a click handler (user activation). */
export async function startBuiltinDownload(onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<BuiltinStatus> {
  const api = languageModelApi();
  if (api) await downloadBuiltinModel(api, onProgress, signal);
  return builtinStatus(api);
}
