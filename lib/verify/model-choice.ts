// Which model answers a check, and how the endpoint is asked: the output mode it accepted last, logprobs
// or agreement scores, the verdict cache. Browser-free: what it keeps between checks and where it finds
// Chrome's on-device model come in as a ModelMemory (the worker's is lib/adapters/model.ts).
import { formatNumber, plural, t } from '../i18n';
import { atomicClaims } from '../claims/atomic';
import type { SplitResult } from '../claims/split';
import { CheckError } from '../errors';
import type { ModelStep } from '../check-lifecycle';
import { configuredEndpoint, type Settings } from '../settings';
import { createClient } from './client';
import { addUsage, samplesFor, scoreVerdicts } from './score';
import { BUILTIN_LABEL, builtinProvider, builtinStatus } from './builtin';
import { endpointProvider, type ProviderId, type VerdictProvider } from './provider';
import type { LanguageModelApi } from './prompt-api';
import type { OutputMode } from './request';
import type { ScoreKind } from './schema';
import { cachedVerification, verdictCacheKey, type VerdictCache } from './cache';
import { markStep } from '../step-marks';

/** How a check uses its model: `fresh` skips the verdict cache, `onRequest` is called as each request leaves. */
export interface ModelOptions {
  fresh?: boolean;
  onRequest?: () => void;
  /** The score kind the model's calibration was made for. */
  scoreKind?: ScoreKind;
}

/** The model a check will use, chosen before the check starts so its job can name it. */
export interface ModelChoice {
  /** null when no model can answer; assertReady then says why. */
  provider: ProviderId | null;
  /** What the job records and the popup shows as the model. */
  label: string;
  /** Throws the CheckError that explains what to do, before anything is read from the page. */
  assertReady(): void;
  verifier(signal: AbortSignal, options?: ModelOptions): ModelStep;
}

/** A value kept between checks (the worker keeps it in storage.local). */
export interface Kept<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
}

/** What the model policy keeps between checks, and where it finds Chrome's on-device model. */
export interface ModelMemory {
  /** Output mode that worked last, per `baseUrl|model`, so the ladder is walked once. */
  outputModes: Kept<Record<string, OutputMode>>;
  /** `baseUrl|model` pairs that rejected the logprobs request, so it is not sent again. */
  noLogprobs: Kept<Record<string, true>>;
  verdictCache: VerdictCache;
  /** The `LanguageModel` interface of this context, read at call time; undefined where there is none. */
  languageModel(): LanguageModelApi | undefined;
}

/** How a check uses its model (the verdict cache, the request hook, the score kind): the features' ModelOptions. */
export type VerifierOptions = ModelOptions;

/** Fails early, before anything is read from the page, when no endpoint is configured. */
function assertConfigured(settings: Settings): void {
  if (!configuredEndpoint(settings))
    throw new CheckError('not-configured', t('errNotConfigured'));
}

/** The platform's fetch, calling `onRequest` as each request starts (the SDK's retries included: each is paid for). */
function announcing(onRequest: () => void): typeof fetch {
  return (input, init) => {
    markStep('fetch');
    onRequest();
    return fetch(input, init);
  };
}

/** Said with a check that sampled only because the model's calibration was made with agreement scores. */
export function calibrationCostNote(samples: number, requests: number): string {
  return t('noteCalibrationCost', samples, plural(t, 'metaRequests', requests, formatNumber(requests)));
}

/** A verifier for the configured OpenAI-compatible endpoint; remembers which output mode it accepts. */
export function endpointVerifier(memory: ModelMemory, settings: Settings, signal: AbortSignal, options: VerifierOptions = {}): ModelStep {
  // What the endpoint accepted before is read at once, while the page still reads the image: the request
  // that follows the image then waits on no storage read.
  let recalled: Promise<[Record<string, OutputMode>, Record<string, true>]> | null = null;
  const recall = () => (recalled ??= Promise.all([memory.outputModes.get(), memory.noLogprobs.get()]));
  recall().catch(() => undefined);
  return async (claims, imageDataUrl, onVerdict) => {
    const endpoint = configuredEndpoint(settings);
    if (!endpoint) throw new CheckError('not-configured', t('errNotConfigured'));
    const modeKey = `${endpoint.baseUrl}|${endpoint.model}`;
    // A calibration made with agreement scores needs them, even with sampling off in Options.
    const samples = samplesFor(settings.samplesPerClaim, options.scoreKind);
    const neededByCalibration = samples !== settings.samplesPerClaim;
    const ask = async () => {
      // The requests this verification really sent, counted where they leave: the job shows its cost.
      markStep('cache-miss');
      let requests = 0;
      const [modes, noLogprobs] = await recall();
      // Read again by a later call of this verifier (a re-check): it may have learned something since.
      recalled = null;
      const remembered = modes[modeKey];
      const logprobs = !noLogprobs[modeKey] && options.scoreKind !== 'agreement';
      const client = createClient(endpoint, {
        timeoutMs: settings.timeoutSeconds * 1000,
        fetch: announcing(() => {
          requests++;
          options.onRequest?.();
        }),
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
          void memory.outputModes.get().then((all) => memory.outputModes.set({ ...all, [modeKey]: mode }));
        },
      });
      const response = await provider.verify({ claims, imageDataUrl, signal, onVerdict });
      if (logprobs && response.logprobs === false)
        await memory.noLogprobs.set({ ...(await memory.noLogprobs.get()), [modeKey]: true });
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
        requests,
        notes: [...response.notes, ...scored.notes, ...(neededByCalibration && scored.scoreKind === 'agreement' ? [calibrationCostNote(samples, requests)] : [])],
        ...(scored.incomplete ? { incomplete: true } : {}),
      };
    };
    // The same image, claims, model, endpoint, prompt and way of scoring again: the stored verdicts, no
    // request (looked up first, so a hit costs no client set-up either).
    const scoring = `${options.scoreKind === 'agreement' ? 'agreement' : 'auto'}/${samples}`;
    markStep('verify');
    const key = await verdictCacheKey({ imageDataUrl, claims, model: endpoint.model, baseUrl: endpoint.baseUrl, scoring });
    markStep('cache-key');
    return cachedVerification(memory.verdictCache, key, ask, options);
  };
}

/** A provider as the model step that checks, re-checks and comparisons take. */
function providerVerifier(provider: VerdictProvider, signal: AbortSignal): ModelStep {
  return (claims, imageDataUrl, onVerdict) => provider.verify({ claims, imageDataUrl, signal, onVerdict });
}

function noModel(error: CheckError): ModelChoice {
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
export async function pickVerifier(memory: ModelMemory, settings: Settings, requested?: ProviderId): Promise<ModelChoice> {
  const wanted = requested ?? settings.provider;
  if (wanted === 'endpoint' || (wanted === 'auto' && configuredEndpoint(settings)))
    return {
      provider: 'endpoint',
      label: settings.model,
      assertReady: () => assertConfigured(settings),
      verifier: (signal, options) => endpointVerifier(memory, settings, signal, options),
    };
  const api = memory.languageModel();
  const status = await builtinStatus(api);
  if (status.state === 'available')
    return {
      provider: 'builtin',
      label: BUILTIN_LABEL,
      assertReady: () => {},
      verifier: (signal) => providerVerifier(builtinProvider(api), signal),
    };
  if (wanted === 'builtin') return noModel(new CheckError('not-configured', t('errBuiltinOrEndpoint', status.reason)));
  const canDownload = status.state === 'downloadable' || status.state === 'downloading';
  return noModel(new CheckError('not-configured', canDownload ? t('errNotConfiguredDownload') : t('errNotConfiguredStatus', status.reason)));
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
