// Timestamps of a check's steps from the click to the model request, for scripts/bench.ts (which reads
// them in the worker, and in the page's isolated world where the page script runs). Kept in memory only,
// the last few hundred: never stored, never sent, and out of the page's sight (not performance.mark,
// whose timeline the page's own scripts can read).

/** The global slot, a Symbol.for key so a function injected by the bench finds it too. */
export const STEP_MARKS_SLOT = Symbol.for('caption-check:step-marks');

/** One step: its name and when it happened, in ms since the epoch (comparable across the worker, the page and the bench). */
export type StepMark = [name: string, at: number];

const KEPT = 400;

/** Notes that `name` happened now. */
export function markStep(name: string): void {
  const scope = globalThis as unknown as Record<symbol, StepMark[] | undefined>;
  const marks = (scope[STEP_MARKS_SLOT] ??= []);
  marks.push([name, performance.timeOrigin + performance.now()]);
  if (marks.length > KEPT) marks.splice(0, marks.length - KEPT);
}
