// The caption-check command as a function: the arguments, streams, environment, folder and stop
// signal come in through `io`, the exit code goes out. It reads no process globals, exits nothing,
// and leaves no handler behind, so it runs the same in the process (main.ts) and inside a test.
import { readFileSync } from 'node:fs';
import { UsageError } from './args';
import { runBatch } from './batch-command';
import { runCalibrate } from './calibrate-command';
import { MAIN_HELP } from './help';
import { EXIT, PROGRAM, warn, type CliIo } from './io';
import { asCheckError, debugDetail } from './messages';
import { runSplit } from './split-command';
import { runVerify } from './verify-command';

const COMMANDS: Record<string, (argv: readonly string[], io: CliIo) => Promise<number>> = {
  verify: runVerify,
  split: runSplit,
  batch: runBatch,
  calibrate: runCalibrate,
};

function version(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : 'unknown';
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.stderr.write(MAIN_HELP);
    return EXIT.usage;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(MAIN_HELP);
    return EXIT.ok;
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    io.stdout.write(`${PROGRAM} ${version()}\n`);
    return EXIT.ok;
  }
  const run = COMMANDS[command];
  if (!run) throw new UsageError(`Unknown command "${command}". Use verify, split, batch or calibrate.`);
  return run(rest, io);
}

/**
 * Runs `caption-check <argv…>`; resolves with the exit code. A usage mistake becomes exit code 2 with a
 * line saying what to pass, any other failure exit code 1 with one line (and the stack only when
 * CAPTION_CHECK_DEBUG is set). Messages go through `io` as the command left it, so a key it hid stays hidden.
 */
export async function captionCheck(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      warn(io, `${error.message} See: ${PROGRAM}${error.command ? ` ${error.command}` : ''} --help`);
      return EXIT.usage;
    }
    warn(io, asCheckError(error).message);
    if (io.env.CAPTION_CHECK_DEBUG) io.stderr.write(debugDetail(error));
    return EXIT.failed;
  }
}
