// The browser project's run-wide setup: a folder for the shared browser's profile (shared-browser.ts), and
// at the end of the run, that folder removed. Vitest stops the test worker with SIGTERM and, half a
// second later, SIGKILL, which can leave its Chromium running: the one still holding a profile here
// (its pid is in the profile's SingletonLock, "host-pid") is ended first.
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** The pid of the Chromium that still holds `profile`, if it is running with that profile. */
async function holder(profile: string): Promise<number | null> {
  const lock = await readlink(join(profile, 'SingletonLock')).catch(() => null);
  const pid = Number(lock?.slice(lock.lastIndexOf('-') + 1));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes(`--user-data-dir=${profile}`) ? pid : null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'caption-check-browsers-'));
  project.provide('browserProfileRoot', root);
  return async () => {
    for (const name of await readdir(root).catch(() => [])) {
      const pid = await holder(join(root, name));
      if (pid === null) continue;
      // Playwright starts Chromium as the leader of its own process group: end the group.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
}
