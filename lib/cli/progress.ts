// Batch progress on stderr: a bar redrawn in place on a terminal, a plain line every few items when
// stderr is a file or a pipe (so logs stay readable).
import type { OutStream } from './io';

export interface ProgressState {
  done: number;
  failed: number;
  total: number;
  elapsedMs: number;
}

/** Seconds as "42s", "3m 05s", "1h 02m". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Items per second so far, and the time left at that rate. */
export function rate(state: ProgressState): { perSecond: number; etaMs: number | null } {
  const perSecond = state.elapsedMs > 0 ? state.done / (state.elapsedMs / 1000) : 0;
  return { perSecond, etaMs: perSecond > 0 ? ((state.total - state.done) / perSecond) * 1000 : null };
}

/** The text of the progress bar (without the carriage return). */
export function formatBar(state: ProgressState, width = 24): string {
  const fraction = state.total > 0 ? state.done / state.total : 1;
  const filled = Math.round(fraction * width);
  const { perSecond, etaMs } = rate(state);
  const failed = state.failed ? ` · ${state.failed} failed` : '';
  const eta = etaMs !== null && state.done < state.total ? ` · ETA ${formatDuration(etaMs)}` : '';
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${state.done}/${state.total}${failed} · ${perSecond.toFixed(2)} items/s${eta}`;
}

/** How often a plain progress line is written: about twenty lines per run, at least every 100 items. */
export function lineEvery(total: number): number {
  return Math.max(1, Math.min(100, Math.ceil(total / 20)));
}

export class Progress {
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly stream: OutStream,
    private readonly now: () => number = Date.now,
  ) {}

  /** Called after each finished item. */
  update(state: ProgressState): void {
    if (this.stream.isTTY) {
      const t = this.now();
      // Redrawing more than ~10 times a second only costs time.
      if (t - this.lastDraw < 100 && state.done < state.total) return;
      this.lastDraw = t;
      this.drawn = true;
      this.stream.write(`\r\x1b[K${formatBar(state)}`);
    } else if (state.done % lineEvery(state.total) === 0 || state.done === state.total) {
      const failed = state.failed ? ` (${state.failed} failed)` : '';
      this.stream.write(`caption-check: ${state.done}/${state.total} items${failed} · ${rate(state).perSecond.toFixed(2)} items/s\n`);
    }
  }

  /** Ends the bar's line so the summary starts on a fresh one. */
  finish(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
