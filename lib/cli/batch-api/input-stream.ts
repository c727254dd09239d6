// The input of a large batch read as a stream: one validated item at a time, so a file of a
// million lines never sits in memory; ids are remembered (only their keys) to refuse repeats.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseBatchLine, type BatchItem } from '../batch-input';
import type { InputProblem } from '../batch-files';

export type InputEntry = { item: BatchItem; problem?: undefined } | { item?: undefined; problem: InputProblem };

/** Every line of the input file in order: an item, or the problem that keeps it out (bad line, repeated id). */
export async function* readInputStream(path: string): AsyncGenerator<InputEntry> {
  const seen = new Map<string, number>();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line++;
    if (!raw.trim()) continue;
    try {
      const item = parseBatchLine(raw, line);
      const first = seen.get(item.key);
      if (first !== undefined) throw new Error(`id ${item.key} repeats line ${first}`);
      seen.set(item.key, line);
      yield { item };
    } catch (error) {
      yield { problem: { line, message: (error as Error).message } };
    }
  }
}
