// The caption-check command: picks the subcommand, turns usage mistakes into exit code 2 with a line
// saying what to pass, and Ctrl-C into a clean stop. Run with `npm run -s caption-check -- …` or the bin.
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

async function main(argv: readonly string[], io: CliIo): Promise<number> {
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

const controller = new AbortController();
let interrupts = 0;
// The first Ctrl-C asks the running command to stop cleanly; a second one leaves at once.
process.on('SIGINT', () => {
  interrupts++;
  if (interrupts > 1) process.exit(EXIT.interrupted);
  controller.abort();
});

// `npm run caption-check` runs in the package folder; paths on its command line are the caller's,
// which npm keeps in INIT_CWD. Only trusted for this script, since the variable is inherited by children.
const cwd = process.env.npm_lifecycle_event === 'caption-check' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd,
  signal: controller.signal,
};

try {
  process.exitCode = await main(process.argv.slice(2), io);
} catch (error) {
  if (error instanceof UsageError) {
    warn(io, `${error.message} See: ${PROGRAM}${error.command ? ` ${error.command}` : ''} --help`);
    process.exitCode = EXIT.usage;
  } else {
    warn(io, asCheckError(error).message);
    if (io.env.CAPTION_CHECK_DEBUG) io.stderr.write(debugDetail(error));
    process.exitCode = EXIT.failed;
  }
}
