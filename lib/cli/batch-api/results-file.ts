// The results file of a batch-engine run: ids already in it read as a stream (a million lines never
// sit in memory), and lines appended with the key hidden, since endpoints echo keys in error text.
import { closeSync, createReadStream, existsSync, openSync, readSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { redactSecret } from '../../redact';
import { idKey, parseOutputLine, type OutputLine } from '../batch-input';
import type { LineWriter } from '../batch-files';

/** Where result lines go. */
export interface ResultSink {
  write(record: unknown): void;
}

/** A sink that hides `key` in everything it writes. */
export function hidingKey(writer: LineWriter, key: string): ResultSink {
  return { write: (record) => writer.write(redactSecret(record, key)) };
}

/** Every readable line of a results file, in order (nothing when it does not exist). */
export async function* readResultLines(path: string): AsyncGenerator<OutputLine & Record<string, unknown>> {
  if (!existsSync(path)) return;
  for await (const raw of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    if (!raw.trim()) continue;
    const line = parseOutputLine(raw);
    // A line cut short by a crash is skipped: its item runs again.
    if (line) yield { ...(JSON.parse(raw) as Record<string, unknown>), ...line };
  }
}

/** The id keys already in a results file, and whether it ends mid-line (so the next write starts a new one). */
export async function doneKeys(path: string): Promise<{ done: Set<string>; needsNewline: boolean }> {
  const done = new Set<string>();
  for await (const line of readResultLines(path)) done.add(idKey(line.id));
  let needsNewline = false;
  if (existsSync(path) && statSync(path).size > 0) {
    const fd = openSync(path, 'r');
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, statSync(path).size - 1);
    closeSync(fd);
    needsNewline = last.toString() !== '\n';
  }
  return { done, needsNewline };
}
