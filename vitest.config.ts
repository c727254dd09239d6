import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/browser/**', 'test/firefox/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          // The files of a worker share their modules instead of loading them again per file: the run takes a
          // third of the CPU time (94 → 32 CPU-seconds here). So a test puts back whatever global it replaces
          // (a fake browser's method, fetch): the next file of the worker sees the same objects.
          isolate: false,
          // One worker per core but one (one on two cores). A second worker on two cores doubled the CPU time for
          // no shorter run (33–34 CPU-seconds and 78–79 s with one; 65–77 and 91–92 s with two, load 8–12; vitest's
          // own count with two: imports 32 s and environment set-up 24 s, against 8 and 0.4 with one), and in npm
          // test the unit files run beside the browser tests, which want that CPU.
          maxWorkers: Math.max(1, availableParallelism() - 1),
          // Worker threads, not child processes: one process starts, and the modules node itself compiles load
          // once. A file that needs a process of its own (an exit code, a signal) spawns one (test/cli/run-cli.ts).
          pool: 'threads',
          // expect.poll waits for a state the code under test must reach (a request ended, a job done): on a loaded
          // or half-speed machine a worker thread can wait its turn longer than vitest's 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for the state an action leads to; the machine may be loaded, so allow it time
          // (a state that never comes still fails, after 15 s).
          expect: { poll: { timeout: 15_000, interval: 50 } },
          // Two workers, each running its files one after another and keeping one Chromium for all of them
          // (test/browser/shared-browser.ts resets it before each file); the setup removes their profiles.
          // They mostly wait on the browser, so two make use of a two-core machine; `wxt build`s a file makes
          // for itself take turns (build.ts). Its own group: a run of every project starts it after the unit files.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          isolate: false,
          globalSetup: ['test/browser/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // As for the Chromium tests: a state an action leads to is allowed 15 s on a loaded machine.
          expect: { poll: { timeout: 15_000, interval: 50 } },
          // The add-on is built once for the project's files.
          globalSetup: ['test/firefox/global-setup.ts'],
        },
      },
    ],
  },
});
