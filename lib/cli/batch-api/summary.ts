// The end of a run through a batch engine: the same summary and gold metrics as the online batch,
// read back from --out, so a resumed run reports on everything it holds, not only its own part.
import { z } from 'zod';
import { pairsOf } from '../metrics';
import { idKey, outputLineSchema } from '../batch-input';
import { formatDuration } from '../progress';
import { computeMetrics, formatMetrics } from '../metrics';
import { readInputStream } from './input-stream';
import { readResultLines } from './results-file';

const resultLineSchema = outputLineSchema.extend({
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).optional(),
});

export interface RunTally {
  items: number;
  problems: number;
  checked: number;
  failed: number;
  missing: number;
  claims: number;
  unverified: number;
  promptTokens: number;
  completionTokens: number;
  lines: string[];
}

/** Tallies --out against the input (first line per id counts) and formats the summary lines. */
export async function summarize(inputPath: string, outPath: string, startedAt: number, route: string): Promise<RunTally> {
  // Only what the tally needs is kept per item: labels and error types, not the reasoning.
  const results = new Map<string, z.infer<typeof resultLineSchema>>();
  for await (const line of readResultLines(outPath)) {
    const parsed = resultLineSchema.safeParse(line);
    if (!parsed.success || results.has(idKey(parsed.data.id))) continue;
    const { id, claims, error, usage } = parsed.data;
    results.set(idKey(id), { id, error, usage, claims: claims?.map((c) => ({ text: '', label: c.label, error_type: c.error_type })) });
  }
  const tally: RunTally = { items: 0, problems: 0, checked: 0, failed: 0, missing: 0, claims: 0, unverified: 0, promptTokens: 0, completionTokens: 0, lines: [] };
  const pairs: Parameters<typeof computeMetrics>[0][number][] = [];
  const notes: string[] = [];
  for await (const entry of readInputStream(inputPath)) {
    if (entry.problem) {
      tally.problems++;
      continue;
    }
    tally.items++;
    const result = results.get(entry.item.key);
    if (!result) tally.missing++;
    else if (!result.claims) tally.failed++;
    else {
      tally.checked++;
      tally.claims += result.claims.length;
      tally.unverified += result.claims.filter((c) => c.label === null).length;
      tally.promptTokens += result.usage?.prompt_tokens ?? 0;
      tally.completionTokens += result.usage?.completion_tokens ?? 0;
      if (entry.item.gold) {
        const found = pairsOf(entry.item.gold, result.claims);
        if (found) pairs.push(...found);
        else notes.push(`id ${entry.item.key}: ${entry.item.gold.length} gold labels but ${result.claims.length} claims; left out of the metrics.`);
      }
    }
  }
  const elapsed = Date.now() - startedAt;
  tally.lines = [
    `Done: ${tally.items + tally.problems} item(s) in the input · ${tally.checked} checked · ${tally.failed + tally.problems} failed` +
      (tally.missing ? ` · ${tally.missing} not in the results yet` : ''),
    `Claims: ${tally.claims} checked · ${tally.unverified} without a verdict · ${tally.promptTokens} + ${tally.completionTokens} tokens`,
    `Time: ${formatDuration(elapsed)} (${route}) · results in ${outPath}`,
  ];
  if (pairs.length) tally.lines.push(...formatMetrics(computeMetrics(pairs)));
  tally.lines.push(...notes.slice(0, 5).map((n) => `Note: ${n}`));
  if (notes.length > 5) tally.lines.push(`Note: … and ${notes.length - 5} more item(s) left out of the metrics.`);
  return tally;
}
