import { atomicClaims } from '../claims/atomic';
import type { SplitResult } from '../claims/split';
import { CheckError } from '../errors';
import type { VerifyOutcome } from '../jobs';
import { configuredEndpoint, type Settings } from '../settings';
import { createClient } from '../verify/client';
import type { ScoreKind, Verdict } from '../verify/schema';
import { addUsage, scoreVerdicts } from '../verify/score';
import { BUILTIN_LABEL, builtinProvider, builtinStatus } from '../verify/builtin';
import { endpointProvider, type ProviderId, type VerifyProvider } from '../verify/provider';
import { languageModelApi } from './builtin-host';
import { noLogprobsItem, outputModesItem } from './storage';
import { cachedVerification, verdictCacheKey } from '../verify/cache';
import { storageVerdictCache } from './verdict-cache';

// One per worker instance: its write queue is what keeps concurrent checks from losing entries.
const verdictCache = storageVerdictCache();

/** The model step of a check, as the service worker runs it with the user's settings. */
export type Verifier = (
  claims: string[],
  imageDataUrl: string,
  onVerdict: (index: number, verdict: Verdict) => void,
) => Promise<VerifyOutcome>;

/** How a check uses the verdict cache: `fresh` (an explicit Re-run) asks the model again instead of reading it. */
export interface VerifierOptions {
  fresh?: boolean;
  /** Called as each request to the model leaves (work that can wait for it then stops competing with it). */
  onRequest?: () => void;
  /**
   * The score kind the model's calibration was made for: `agreement` asks without logprobs, so every
   * verdict is sampled and the calibration can judge it (as the CLI's --calibration does).
   */
  scoreKind?: ScoreKind;
}

/** Fails early, before anything is read from the page, when no endpoint is configured. */
export function assertConfigured(settings: Settings): void {
  if (!configuredEndpoint(settings))
    throw new CheckError('not-configured', 'Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.');
}

/** The platform's fetch, calling `onRequest` as each request starts. */
function announcing(onRequest: () => void): typeof fetch {
  return (input, init) => {
    onRequest();
    return fetch(input, init);
  };
}

/** A verifier for the configured OpenAI-compatible endpoint; remembers which output mode it accepts. */
export function endpointVerifier(settings: Settings, signal: AbortSignal, options: VerifierOptions = {}): Verifier {
  return async (claims, imageDataUrl, onVerdict) => {
    const endpoint = configuredEndpoint(settings);
    if (!endpoint) throw new CheckError('not-configured', 'Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.');
    const modeKey = `${endpoint.baseUrl}|${endpoint.model}`;
    const samples = settings.samplesPerClaim;
    const ask = async () => {
      const [modes, noLogprobs] = await Promise.all([outputModesItem.getValue(), noLogprobsItem.getValue()]);
      const remembered = modes[modeKey];
      const logprobs = !noLogprobs[modeKey] && options.scoreKind !== 'agreement';
      const client = createClient(endpoint, {
        timeoutMs: settings.timeoutSeconds * 1000,
        ...(options.onRequest ? { fetch: announcing(options.onRequest) } : {}),
      });
      const provider = endpointProvider({
        logprobs,
        client,
        model: endpoint.model,
        stream: settings.stream,
        concurrency: settings.concurrency,
        ...(remembered ? { outputMode: remembered } : {}),
        onOutputMode: (mode) => {
          if (mode === remembered) return;
          void outputModesItem.getValue().then((all) => outputModesItem.setValue({ ...all, [modeKey]: mode }));
        },
      });
      const response = await provider.verify({ claims, imageDataUrl, signal, onVerdict });
      if (logprobs && response.logprobs === false)
        await noLogprobsItem.setValue({ ...(await noLogprobsItem.getValue()), [modeKey]: true });
      // Without logprobs, k sampled answers give the score (the CLI's --samples path, unchanged).
      const scored = await scoreVerdicts(
        { client, model: endpoint.model, imageDataUrl, claims, signal, samples, concurrency: settings.concurrency },
        {
          verdicts: response.verdicts,
          confidences: response.confidences ?? response.verdicts.map(() => null),
          outputMode: response.outputMode ?? remembered ?? 'json_schema',
        },
      );
      return {
        ...response,
        verdicts: scored.verdicts,
        scores: scored.scores,
        scoreKind: scored.scoreKind,
        usage: addUsage(response.usage, scored.usage),
        notes: [...response.notes, ...scored.notes],
      };
    };
    // The same image, claims, model, endpoint, prompt and way of scoring again: the stored verdicts, no
    // request (looked up first, so a hit costs no client set-up either).
    const scoring = `${options.scoreKind === 'agreement' ? 'agreement' : 'auto'}/${samples}`;
    const key = await verdictCacheKey({ imageDataUrl, claims, model: endpoint.model, baseUrl: endpoint.baseUrl, scoring });
    return cachedVerification(verdictCache, key, ask, options);
  };
}

/** A provider in the Verifier shape that checks, re-checks and comparisons take. */
export function providerVerifier(provider: VerifyProvider, signal: AbortSignal): Verifier {
  return (claims, imageDataUrl, onVerdict) => provider.verify({ claims, imageDataUrl, signal, onVerdict });
}

/** The model a check will use, chosen before the check starts so its job can name it. */
export interface VerifierChoice {
  /** null when no model can answer; assertReady then says why. */
  provider: ProviderId | null;
  /** What the job records and the popup shows as the model. */
  label: string;
  /** Throws the CheckError that explains what to do, before anything is read from the page. */
  assertReady(): void;
  verifier(signal: AbortSignal, options?: VerifierOptions): Verifier;
}

function noModel(error: CheckError): VerifierChoice {
  return {
    provider: null,
    label: '',
    assertReady: () => {
      throw error;
    },
    verifier: () => () => Promise.reject(error),
  };
}

/**
 * Picks the model for a check: the one asked for (a re-run with another model), else the setting.
 * "auto" is the endpoint once one is configured, else Chrome's on-device model when it is available,
 * which is detected here each time, never assumed.
 */
export async function pickVerifier(settings: Settings, requested?: ProviderId): Promise<VerifierChoice> {
  const wanted = requested ?? settings.provider;
  if (wanted === 'endpoint' || (wanted === 'auto' && configuredEndpoint(settings)))
    return {
      provider: 'endpoint',
      label: settings.model,
      assertReady: () => assertConfigured(settings),
      verifier: (signal, options) => endpointVerifier(settings, signal, options),
    };
  const api = languageModelApi();
  const status = await builtinStatus(api);
  if (status.state === 'available')
    return {
      provider: 'builtin',
      label: BUILTIN_LABEL,
      assertReady: () => {},
      verifier: (signal) => providerVerifier(builtinProvider(api), signal),
    };
  if (wanted === 'builtin') return noModel(new CheckError('not-configured', `${status.reason} Or choose an endpoint model in Options.`));
  const onDevice =
    status.state === 'downloadable' || status.state === 'downloading'
      ? " Or download Chrome's on-device model there (no key; nothing leaves this computer)."
      : ` ${status.reason}`;
  return noModel(
    new CheckError('not-configured', `Caption Check has no model endpoint yet. Open Options and enter a Base URL and model.${onDevice}`),
  );
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
