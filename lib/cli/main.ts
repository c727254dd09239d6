// The caption-check process: hands its arguments, streams, environment and folder to captionCheck,
// turns Ctrl-C into a clean stop, and sets the exit code. Run with `npm run -s caption-check -- …` or the bin.
import { captionCheck } from './caption-check';
import { EXIT, type CliIo } from './io';

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

process.exitCode = await captionCheck(process.argv.slice(2), io);
