import type { ProviderId } from '../settings';
import type { Verdict } from './schema';
import { verifyClaims, type OutputMode, type Usage, type VerifyClaimsOptions } from './verify';

// Declared with the settings (zod only) so the message protocol can name it without the SDK.
export type { ProviderId } from '../settings';

/** One verification run: the claims, the image the check produced (a JPEG data URL within IMAGE_POLICY), and where verdicts go. */
export interface ProviderRequest {
  claims: readonly string[];
  imageDataUrl: string;
  signal?: AbortSignal;
  /** Called once per claim as soon as its verdict is complete, in any order. */
  onVerdict?: (claimIndex: number, verdict: Verdict) => void;
}

/** What every provider hands back: one entry per claim (null where no verdict could be read). */
export interface ProviderVerdicts {
  verdicts: (Verdict | null)[];
  /** Per claim, the label token's probability where the model sent logprobs; absent or null otherwise. */
  confidences?: (number | null)[];
  /** False when the endpoint rejected the logprobs request (remember it, so it is not sent again). */
  logprobs?: boolean;
  /** The output format the endpoint answered in (sampled answers for agreement scores are asked the same way). */
  outputMode?: OutputMode;
  usage: Usage;
  notes: string[];
}

/**
 * A model that verifies claims against an image with the seed prompt. Every provider takes the same
 * claims, streams the same verdicts, and fails only with CheckError, so the check and the UI never
 * need to know which one answered beyond its label.
 */
export interface VerdictProvider {
  readonly id: ProviderId;
  /** What the result view shows as the model that answered, e.g. "On-device: Chrome built-in model". */
  readonly label: string;
  verify(request: ProviderRequest): Promise<ProviderVerdicts>;
}

/** The endpoint settings verifyClaims needs besides the request itself. */
export type EndpointProviderOptions = Omit<VerifyClaimsOptions, 'claims' | 'imageDataUrl' | 'signal' | 'onVerdict'>;

/** The OpenAI-compatible endpoint as a provider: verifyClaims unchanged, behind the common interface. */
export function endpointProvider(options: EndpointProviderOptions): VerdictProvider {
  return {
    id: 'endpoint',
    label: options.model,
    async verify({ claims, imageDataUrl, signal, onVerdict }) {
      const result = await verifyClaims({
        ...options,
        claims,
        imageDataUrl,
        ...(signal ? { signal } : {}),
        ...(onVerdict ? { onVerdict } : {}),
      });
      return {
        verdicts: result.verdicts,
        confidences: result.confidences,
        logprobs: result.logprobs,
        outputMode: result.outputMode,
        usage: result.usage,
        notes: result.notes,
      };
    },
  };
}
