// The files of a batch: the input read and validated line by line, the output read back for
// --resume, and the output written one whole line per finished item.
import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { batchLineReader, parseOutputLine, idKey, type BatchItem, type InputProblem, type OutputLine } from './batch-input';

export interface ReadInput {
  items: BatchItem[];
  problems: InputProblem[];
}

/** Every item of the input text; bad lines and repeated ids become problems named by line number. */
export function readBatchInput(text: string): ReadInput {
  const items: BatchItem[] = [];
  const problems: InputProblem[] = [];
  const read = batchLineReader();
  text.split(/\r?\n/).forEach((raw, index) => {
    const entry = read(raw, index + 1);
    if (entry?.item) items.push(entry.item);
    else if (entry) problems.push(entry.problem);
  });
  return { items, problems };
}

export interface ReadOutput {
  /** Output lines by id key (the first one wins). */
  done: Map<string, OutputLine>;
  /** Lines that are not output lines (a line cut short by a crash); their items run again. */
  unreadable: number;
  /** The file ends mid-line, so a newline must come before the next line. */
  needsNewline: boolean;
}

/** What an earlier run already wrote to `path` (nothing if it does not exist). */
export function readBatchOutput(path: string): ReadOutput {
  const done = new Map<string, OutputLine>();
  if (!existsSync(path)) return { done, unreadable: 0, needsNewline: false };
  const text = readFileSync(path, 'utf8');
  let unreadable = 0;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    const line = parseOutputLine(raw);
    if (!line) unreadable++;
    else if (!done.has(idKey(line.id))) done.set(idKey(line.id), line);
  }
  return { done, unreadable, needsNewline: text.length > 0 && !text.endsWith('\n') };
}

/** Appends whole lines synchronously: a finished item is on disk before the next one is reported, and survives Ctrl-C. */
export class LineWriter {
  private fd: number | null;

  constructor(path: string, append: boolean, needsNewline = false) {
    this.fd = openSync(path, append ? 'a' : 'w');
    if (append && needsNewline) writeSync(this.fd, '\n');
  }

  write(record: unknown): void {
    if (this.fd === null) throw new Error('The output file is closed');
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** True when `path` is an existing folder. */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
