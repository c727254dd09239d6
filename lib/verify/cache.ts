import { t } from '../i18n';
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { PROMPT_VERSION } from './prompt';
import { scoreKindSchema, verdictSchema, type ScoreKind, type Verdict } from './schema';

/**
 * A finished verification, as it is cached: one verdict per claim (never null — only complete
 * results are stored), the usage it cost and its notes.
 */
export const cachedResultSchema = lazySchema(() => z.object({
  verdicts: z.array(verdictSchema),
  confidences: z.array(z.number().nullable()).optional(),
  /** The scores settled on (agreement among samples where there were no logprobs) and their kind. */
  scores: z.array(z.number().nullable()).optional(),
  scoreKind: scoreKindSchema.nullable().optional(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }),
  notes: z.array(z.string()),
  /** When the check that asked for it ran (absent in entries stored before it was kept). */
  checkedAt: z.number().optional(),
}));
export type CachedResult = z.infer<typeof cachedResultSchema>;

/** Where results live between checks: a Map in Node and the CLI, storage.local in the extension. */
export interface VerdictCache {
  get(key: string): Promise<CachedResult | undefined>;
  set(key: string, value: CachedResult): Promise<void>;
}

/** What decides a result: the image exactly as sent (after sizing), the claims, the model, where it runs, the prompt. */
export interface CacheKeyParts {
  imageDataUrl: string;
  claims: readonly string[];
  model: string;
  baseUrl: string;
  promptVersion?: string;
  /** How verdicts are scored when it changes the answer (samples asked, logprobs skipped); absent in older keys. */
  scoring?: string;
}

/** Said with a result served from the cache, so nobody mistakes it for a fresh answer. */
export const cacheNote = (): string => t('noteCache');

/** SHA-256 (hex) over the key parts; crypto.subtle exists in Node 20, workers and pages alike. */
export async function verdictCacheKey(parts: CacheKeyParts): Promise<string> {
  const header = JSON.stringify([
    parts.promptVersion ?? PROMPT_VERSION,
    parts.baseUrl.replace(/\/+$/, ''),
    parts.model,
    parts.claims,
    // Appended only when given, so keys made without it stay what they were.
    ...(parts.scoring !== undefined ? [parts.scoring] : []),
  ]);
  // The header is length-prefixed so no image can be crafted to collide with another header.
  const text = `${header.length}:${header}${parts.imageDataUrl}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A bounded least-recently-used cache in memory (Map keeps insertion order; a hit moves to the end). */
export class MemoryVerdictCache implements VerdictCache {
  readonly #entries = new Map<string, CachedResult>();
  constructor(readonly maxEntries = 500) {}

  async get(key: string): Promise<CachedResult | undefined> {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return structuredClone(value);
  }

  async set(key: string, value: CachedResult): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, structuredClone(value));
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** A fresh verification's result shape, as verifyClaims and the providers return it. */
export interface VerificationResult {
  verdicts: (Verdict | null)[];
  confidences?: (number | null)[];
  scores?: (number | null)[];
  scoreKind?: ScoreKind | null;
  usage: { promptTokens: number; completionTokens: number };
  /** Requests this answer sent (0 when the cache served it); absent where not counted. Never stored. */
  requests?: number;
  /** Served from the cache: when the check that asked ran (null where the entry did not keep it). */
  reusedFrom?: number | null;
  notes: string[];
  /** Part of the answer could not be had (e.g. its scores): served now, not stored, so the next check asks again. */
  incomplete?: boolean;
}

/**
 * Serves a verification from the cache when the same one was done before (no request; the verdicts
 * come back in the result, not streamed one by one, so the caller saves once instead of once per
 * claim), else runs it — streaming as it does — and stores the result when it is complete. `fresh` (an explicit
 * Re-run) skips the lookup but stores the new answer. A cache that fails to read or write never fails the check.
 */
export async function cachedVerification<R extends VerificationResult>(
  cache: VerdictCache,
  key: string,
  run: () => Promise<R>,
  options: { fresh?: boolean; now?: () => number } = {},
): Promise<VerificationResult & { cached: boolean }> {
  const hit = options.fresh ? undefined : await cache.get(key).catch(() => undefined);
  if (hit) {
    const { checkedAt, ...kept } = hit;
    return { ...kept, requests: 0, notes: [...hit.notes, cacheNote()], cached: true, reusedFrom: checkedAt ?? null };
  }
  const result = await run();
  const verdicts = result.verdicts;
  if (!result.incomplete && verdicts.length > 0 && verdicts.every((v): v is Verdict => v !== null)) {
    const value: CachedResult = {
      verdicts,
      checkedAt: (options.now ?? Date.now)(),
      usage: result.usage,
      notes: result.notes,
      ...(result.confidences ? { confidences: result.confidences } : {}),
      ...(result.scores ? { scores: result.scores } : {}),
      ...(result.scoreKind !== undefined ? { scoreKind: result.scoreKind } : {}),
    };
    await cache.set(key, value).catch(() => undefined);
  }
  return { ...result, cached: false };
}
