// Chrome's on-device model as a verify provider: the claims planned into prompts that fit its context
// window, verdicts streamed as they are written. The model itself is reached through builtin-session.ts.
import { plural, t } from '../i18n';
import { CheckError } from '../errors';
import { parseVerdicts } from './parse';
import { contextUsageOf, contextWindowOf, measureUsage, type LanguageModelApi, type LanguageModelPromptOptions, type LanguageModelSession } from './prompt-api';
import type { VerdictProvider, ProviderVerdicts } from './provider';
import { flaggedNote, planRequests } from './plan';
import type { Verdict } from './schema';
import { createVerdictStreamParser } from './stream-parse';
import {
  ANSWER_ALLOWANCE_PER_CLAIM,
  BUILTIN_LABEL,
  buildBuiltinPrompt,
  builtinStatus,
  CLAIMS_PER_PROMPT,
  createBuiltinSession,
  dataUrlToBlob,
  errorName,
  toBuiltinError,
  verdictListJsonSchema,
} from './builtin-session';

export * from './builtin-session';

export interface BuiltinProviderOptions {
  /** Claims per prompt before measuring (tests use small numbers). */
  claimsPerPrompt?: number;
}

/** Chrome's on-device model as a provider: seed prompt, image as a Blob, structured output, streamed verdicts. */
export function builtinProvider(api: LanguageModelApi | undefined, options: BuiltinProviderOptions = {}): VerdictProvider {
  return {
    id: 'builtin',
    label: BUILTIN_LABEL,
    verify: async ({ claims, imageDataUrl, signal, onVerdict }) => {
      if (claims.length === 0) throw new CheckError('caption', t('errNoClaim'));
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
): Promise<ProviderVerdicts> {
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
        notes.push(plural(t, 'noteCountMismatch', indices.length, parsed.verdicts.length, indices.length));
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
  if (missing.length > 0 && missing.length < claims.length) notes.push(plural(t, 'noteAskedAgain', missing.length, missing.length));
  for (const indices of planRequests(claims, claimsPerPrompt, missing).requests) await runPrompt(indices);

  if (splits > 0) notes.push(t('noteBuiltinSplit'));
  if (verdicts.every((v) => !v))
    throw new CheckError('bad-output', t('errBuiltinNoVerdict'));
  return { verdicts, usage, notes };
}
