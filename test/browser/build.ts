// The builds a browser suite makes for itself (another browser, another manifest), one at a time: the
// project's files run in two workers, and every `wxt build` rewrites the shared `.wxt/` folder (its
// tsconfig names the build's output folder), which a build running beside it would read half-written.
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

/** Runs `npx wxt build …args` with `env` once no other build of this run is running. */
export async function wxtBuild(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  // A folder, created or refused atomically, in the run's own folder (global-setup.ts removes it at the end).
  const lock = join(inject('browserProfileRoot'), 'build.lock');
  const deadline = Date.now() + 170_000;
  while (!(await mkdir(lock).then(() => true, (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error))))) {
    if (Date.now() > deadline) throw new Error(`another build held ${lock} too long`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    await run('npx', ['wxt', 'build', ...args], { env });
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
