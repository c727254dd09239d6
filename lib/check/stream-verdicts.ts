// The model step shared by a check, a re-check and a comparison: verdicts saved as they stream in, in order.
import type { ScoreKind, Verdict } from '../verify/schema';
import type { Usage } from '../verify/verify';

export interface ModelAnswer {
  verdicts: (Verdict | null)[];
  /** Per claim, where the endpoint sent logprobs. */
  confidences?: (number | null)[];
  /** Per claim, how sure the model is of its verdict (kind: `scoreKind`); absent: the confidences are the scores. */
  scores?: (number | null)[];
  /** How the scores were measured; absent from verifiers that only read logprobs. */
  scoreKind?: ScoreKind | null;
  usage: Usage;
  /** Requests the step sent (retries and agreement samples included; 0 from the cache); absent where nothing is counted (on-device). */
  requests?: number;
  reusedFrom?: number | null; // An answer the cache served: when the check that asked for it ran (null: not kept).
  notes: string[];
}

/** The model step: verdicts for `claims` against the image, each handed to `onVerdict` as it arrives. */
export type ModelStep = (claims: string[], imageDataUrl: string, onVerdict: (index: number, verdict: Verdict) => void) => Promise<ModelAnswer>;

/** What `streamVerdicts` needs: the model step, and how each verdict changes the record that is saved. */
export interface StreamVerdictsOptions<T> {
  verify: ModelStep;
  claims: string[];
  imageDataUrl: string;
  /** The record with this verdict in it (a check's claims, or a comparison's run). */
  withVerdict(index: number, verdict: Verdict): T;
  save(record: T): Promise<void>;
  /** A save already under way that the verdicts' saves must land after. */
  after?: Promise<void>;
}

/**
 * The model step of a check, re-check and comparison alike: each verdict is saved as it streams in,
 * its saves in arrival order, and all of them have landed before this returns or rethrows the model's failure.
 */
export async function streamVerdicts<T>(options: StreamVerdictsOptions<T>): Promise<ModelAnswer> {
  let saving = options.after ?? Promise.resolve();
  // Awaited below; a failed model step must not leave it unhandled meanwhile.
  saving.catch(() => undefined);
  let outcome: ModelAnswer;
  try {
    outcome = await options.verify(options.claims, options.imageDataUrl, (index, verdict) => {
      const snapshot = options.withVerdict(index, verdict);
      saving = saving.then(() => options.save(snapshot));
      saving.catch(() => undefined);
    });
  } catch (error) {
    // The model's failure is what the user needs to hear, not a save that failed behind it.
    await saving.catch(() => undefined);
    throw error;
  }
  await saving;
  return outcome;
}
