// Request lines written into files within the Batch API's limits (requests and bytes per file); the
// lines of one item always share a file, so each file's answers complete whole items.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { ItemRequests } from './request-line';

/** OpenAI's documented limits for one batch input file. */
export const FILE_LIMITS = { requests: 50_000, bytes: 200 * 1000 * 1000 } as const;

export interface PartFile {
  path: string;
  requests: number;
  bytes: number;
  firstLine: number;
  lastLine: number;
}

/** Writes request lines to numbered files (`pathOf(n)`), starting a new one before a limit would be passed. */
export class PartWriter {
  readonly parts: PartFile[] = [];
  private fd: number | null = null;

  constructor(
    private readonly pathOf: (index: number) => string,
    private readonly limits: { requests: number; bytes: number } = FILE_LIMITS,
  ) {}

  /** Adds one item's requests (`line` is its input line); throws when the item alone is over the limits. */
  add(requests: ItemRequests, line: number): void {
    const bytes = requests.jsonl.byteLength;
    if (requests.count > this.limits.requests || bytes > this.limits.bytes)
      throw new Error(`input line ${line} needs ${requests.count} request(s) of ${bytes} bytes, more than one batch file may hold`);
    let part = this.parts.at(-1);
    if (!part || this.fd === null || part.requests + requests.count > this.limits.requests || part.bytes + bytes > this.limits.bytes) {
      this.closeFile();
      part = { path: this.pathOf(this.parts.length + 1), requests: 0, bytes: 0, firstLine: line, lastLine: line };
      this.parts.push(part);
      this.fd = openSync(part.path, 'w');
    }
    writeSync(this.fd!, requests.jsonl);
    part.requests += requests.count;
    part.bytes += bytes;
    part.lastLine = line;
  }

  private closeFile(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Closes the last file; returns every file written. */
  close(): PartFile[] {
    this.closeFile();
    return this.parts;
  }
}
