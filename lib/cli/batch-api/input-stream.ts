// The input of a large batch read as a stream: one validated item at a time, so a file of a
// million lines never sits in memory; ids are remembered (only their keys) to refuse repeats.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { batchLineReader, type InputEntry } from '../batch-input';

export type { InputEntry };

/** Every line of the input file in order: an item, or the problem that keeps it out (bad line, repeated id). */
export async function* readInputStream(path: string): AsyncGenerator<InputEntry> {
  const read = batchLineReader();
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    const entry = read(raw, ++line);
    if (entry) yield entry;
  }
}
