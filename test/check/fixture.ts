// A finished check to test the views of the record with: claims in, everything else plain.
import type { CheckJob, ClaimResult } from '@/lib/job-record';
import type { ErrorType } from '@/lib/verify/schema';

/** A claim with its verdict, spanning its own text. */
export const claimOf = (text: string, label: boolean, reasoning: string, error_type: ErrorType[] = []): ClaimResult => ({
  text,
  start: 0,
  end: text.length,
  hedged: false,
  verdict: { reasoning, label, error_type },
});

/** A done check of `claims` (its caption their texts), with `extra` on top. */
export const jobOf = (claims: ClaimResult[], extra: Partial<CheckJob> = {}): CheckJob => ({
  id: 'j',
  tabId: 1,
  pageUrl: 'https://example.test/',
  imageUrl: 'https://example.test/a.jpg',
  status: 'done',
  phase: 'finished',
  caption: claims.map((c) => c.text).join(' '),
  claims,
  setAside: [],
  notes: [],
  model: 'm',
  imagePath: 'fetch',
  imageBytes: 1,
  startedAt: 0,
  finishedAt: 1,
  usage: null,
  error: null,
  ...extra,
});
