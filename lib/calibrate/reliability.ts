// How well scores match accuracy on labelled claims: a 10-bin reliability table and the Brier score.
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

export const reliabilityBinSchema = lazySchema(() => z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int().min(0),
  /** Mean score in the bin; null when empty. */
  mean_score: z.number().nullable(),
  /** Share of verdicts that agree with gold; null when empty. */
  accuracy: z.number().nullable(),
}));
export type ReliabilityBin = z.infer<typeof reliabilityBinSchema>;

interface Scored {
  label: boolean;
  score: number;
  gold: boolean;
}

/** Ten equal score bins over [0, 1] (the last one closed), each with its count, mean score and accuracy. */
export function reliabilityTable(claims: readonly Scored[], bins = 10): ReliabilityBin[] {
  const table = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, count: 0, sum: 0, right: 0 }));
  for (const c of claims) {
    const bin = table[Math.min(bins - 1, Math.max(0, Math.floor(c.score * bins)))]!;
    bin.count++;
    bin.sum += c.score;
    bin.right += c.label === c.gold ? 1 : 0;
  }
  return table.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.count,
    mean_score: b.count ? b.sum / b.count : null,
    accuracy: b.count ? b.right / b.count : null,
  }));
}

/** Mean squared gap between the score and whether the verdict was right; null with no claim. */
export function brierScore(claims: readonly Scored[]): number | null {
  if (claims.length === 0) return null;
  const sum = claims.reduce((acc, c) => acc + (c.score - (c.label === c.gold ? 1 : 0)) ** 2, 0);
  return sum / claims.length;
}
