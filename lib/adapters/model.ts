// The worker's model port: the policy of lib/verify/model-choice.ts over what the extension keeps in
// storage.local and Chrome's on-device model of this context.
import type { ModelStep } from '../check-lifecycle';
import type { Settings } from '../settings';
import type { ProviderId } from '../verify/provider';
import { endpointVerifier as verifierWith, pickVerifier as pickWith, type ModelChoice, type ModelMemory, type VerifierOptions } from '../verify/model-choice';
import { languageModelApi } from './builtin-host';
import { kept, noLogprobsItem, outputModesItem, readWithSettings } from './storage';
import { storageVerdictCache } from './verdict-cache';

export { endpointSplitter, type VerifierOptions } from '../verify/model-choice';

const memory: ModelMemory = {
  outputModes: kept(outputModesItem),
  noLogprobs: kept(noLogprobsItem),
  // One per worker instance: its write queue is what keeps concurrent checks from losing entries.
  verdictCache: storageVerdictCache(),
  languageModel: languageModelApi,
};

/** The memory, its output modes and logprobs answers first as read together with `settings` (lib/adapters/storage.ts). */
function memoryWith(settings: Settings): ModelMemory {
  return {
    ...memory,
    outputModes: { ...memory.outputModes, get: () => readWithSettings(settings, 'outputModes', outputModesItem) },
    noLogprobs: { ...memory.noLogprobs, get: () => readWithSettings(settings, 'noLogprobs', noLogprobsItem) },
  };
}

/** A verifier for the configured OpenAI-compatible endpoint; remembers which output mode it accepts. */
export function endpointVerifier(settings: Settings, signal: AbortSignal, options: VerifierOptions = {}): ModelStep {
  return verifierWith(memoryWith(settings), settings, signal, options);
}

/** The model for a check: the one asked for, else the settings' choice ("auto": the endpoint, else the on-device model when available). */
export function pickVerifier(settings: Settings, requested?: ProviderId): Promise<ModelChoice> {
  return pickWith(memoryWith(settings), settings, requested);
}
