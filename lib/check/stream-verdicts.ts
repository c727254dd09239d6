// The model step shared by a check, a re-check and a comparison: verdicts saved as they stream in, in order.
import type { ModelAnswer, ModelStep } from '../check-lifecycle';
import type { Verdict } from '../verify/schema';

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
