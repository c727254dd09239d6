// What a command touches of the process, passed in so main is the only place that reads globals.

export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborted on Ctrl-C; a command stops cleanly and returns 130. */
  signal: AbortSignal;
}

/** The prefix of every line the command writes to stderr. */
export const PROGRAM = 'caption-check';

/** Writes one line to stderr, prefixed with the program name. */
export function warn(io: Pick<CliIo, 'stderr'>, message: string): void {
  io.stderr.write(`${PROGRAM}: ${message}\n`);
}

/** Exit codes of the command. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;
