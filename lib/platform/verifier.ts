import { atomicClaims } from '../claims/atomic';
import type { SplitResult } from '../claims/split';
import { CheckError } from '../errors';
import type { VerifyOutcome } from '../jobs';
import { configuredEndpoint, type Settings } from '../settings';
import { createClient } from '../verify/client';
import type { Verdict } from '../verify/schema';
import { verifyClaims } from '../verify/verify';
import { outputModesItem } from './storage';

/** The model step of a check, as the service worker runs it with the user's settings. */
export type Verifier = (
  claims: string[],
  imageDataUrl: string,
  onVerdict: (index: number, verdict: Verdict) => void,
) => Promise<VerifyOutcome>;

/** Fails early, before anything is read from the page, when no endpoint is configured. */
export function assertConfigured(settings: Settings): void {
  if (!configuredEndpoint(settings))
    throw new CheckError('not-configured', 'Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.');
}

/** A verifier for the configured OpenAI-compatible endpoint; remembers which output mode it accepts. */
export function endpointVerifier(settings: Settings, signal: AbortSignal): Verifier {
  return async (claims, imageDataUrl, onVerdict) => {
    const endpoint = configuredEndpoint(settings);
    if (!endpoint) throw new CheckError('not-configured', 'Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.');
    const modeKey = `${endpoint.baseUrl}|${endpoint.model}`;
    const remembered = (await outputModesItem.getValue())[modeKey];
    return verifyClaims({
      client: createClient(endpoint, { timeoutMs: settings.timeoutSeconds * 1000 }),
      model: endpoint.model,
      claims,
      imageDataUrl,
      signal,
      stream: settings.stream,
      concurrency: settings.concurrency,
      ...(remembered ? { outputMode: remembered } : {}),
      onVerdict,
      onOutputMode: (mode) => {
        if (mode === remembered) return;
        void outputModesItem.getValue().then((all) => outputModesItem.setValue({ ...all, [modeKey]: mode }));
      },
    });
  };
}

/** The model-assisted split with the configured endpoint, or undefined for the on-device one. */
export function endpointSplitter(settings: Settings, signal: AbortSignal): ((caption: string) => Promise<SplitResult>) | undefined {
  const endpoint = configuredEndpoint(settings);
  if (settings.splitMode !== 'model' || !endpoint) return undefined;
  return async (caption) => ({
    claims: await atomicClaims({
      client: createClient(endpoint, { timeoutMs: settings.timeoutSeconds * 1000 }),
      model: endpoint.model,
      caption,
      signal,
    }),
    setAside: [],
  });
}
