// An engine's output files read back without holding the answers: one pass keeps only where each
// answer's line lies (by custom_id, the later line winning, as engines' split outputs are
// concatenated in any order); an answer is read from disk and parsed when its item comes up.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { outcomeOf, parseResponseLine, type RequestOutcome } from './response-line';

/** Answers by custom_id, as assembling an item reads them. */
export interface Outcomes {
  get(customId: string): RequestOutcome | undefined;
  has(customId: string): boolean;
}

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** Every line of a file with the byte offset it starts at (without its line break), read in large chunks. */
async function* linesWithOffsets(path: string): AsyncGenerator<{ bytes: Buffer; start: number }> {
  let carry: Buffer = Buffer.alloc(0);
  let base = 0; // file offset of carry's first byte
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const buffer = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (let at = buffer.indexOf(NEWLINE, from); at !== -1; at = buffer.indexOf(NEWLINE, from)) {
      yield { bytes: buffer.subarray(from, at > from && buffer[at - 1] === RETURN ? at - 1 : at), start: base + from };
      from = at + 1;
    }
    // Copied so the chunk it came from can go.
    carry = Buffer.from(buffer.subarray(from));
    base += from;
  }
  if (carry.length) yield { bytes: carry[carry.length - 1] === RETURN ? carry.subarray(0, -1) : carry, start: base };
}

/** Where the answers of one or more output files are, by custom_id; `close` when done. */
export class AnswerIndex implements Outcomes {
  // Per answer only a slot number; the slot's file, start and length sit in flat arrays.
  private readonly slots = new Map<string, number>();
  private readonly file: number[] = [];
  private readonly start: number[] = [];
  private readonly length: number[] = [];
  private readonly fds: number[] = [];

  /** Indexes `path`; an unreadable line is skipped and passed to `onBad` with its line number. Throws when the file cannot be read. */
  async add(path: string, onBad: (line: number, message: string) => void = () => undefined): Promise<void> {
    const fd = openSync(path, 'r');
    this.fds.push(fd);
    const fileIndex = this.fds.length - 1;
    let line = 0;
    for await (const { bytes, start } of linesWithOffsets(path)) {
      line++;
      const text = bytes.toString('utf8');
      if (!text.trim()) continue;
      let customId: string;
      try {
        customId = parseResponseLine(text).custom_id;
      } catch (error) {
        onBad(line, (error as Error).message);
        continue;
      }
      let slot = this.slots.get(customId);
      if (slot === undefined) {
        slot = this.start.length;
        this.slots.set(customId, slot);
      }
      this.file[slot] = fileIndex;
      this.start[slot] = start;
      this.length[slot] = bytes.length;
    }
  }

  has(customId: string): boolean {
    return this.slots.has(customId);
  }

  get(customId: string): RequestOutcome | undefined {
    const slot = this.slots.get(customId);
    if (slot === undefined) return undefined;
    const bytes = Buffer.allocUnsafe(this.length[slot]!);
    readSync(this.fds[this.file[slot]!]!, bytes, 0, bytes.length, this.start[slot]!);
    // The line parsed when it was indexed; the file is the run's own and unchanged since.
    return outcomeOf(parseResponseLine(bytes.toString('utf8')));
  }

  /** Closes the files it reads. */
  close(): void {
    for (const fd of this.fds.splice(0)) closeSync(fd);
  }
}
