// Many calls under one shared signal: each has a signal of its own, the shared one carries a single
// listener while any runs and none after, and aborting it aborts every call still running.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { withOwnSignal } from '../lib/own-signal';

/** A call that holds its signal until released, as an SDK request does (it adds a listener it never removes). */
function pending() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const seen: AbortSignal[] = [];
  const call = async (signal: AbortSignal | undefined) => {
    seen.push(signal!);
    signal!.addEventListener('abort', () => undefined);
    await released;
    return signal!.aborted;
  };
  return { call, release, seen };
}

describe('withOwnSignal', () => {
  it('keeps one listener on the shared signal for 40 calls at once, and none once they settle', async () => {
    const shared = new AbortController().signal;
    const { call, release, seen } = pending();
    const runs = Array.from({ length: 40 }, () => withOwnSignal(shared, call));
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(getEventListeners(shared, 'abort')).toHaveLength(1);
    release();
    expect(await Promise.all(runs)).toEqual(Array(40).fill(false));
    expect(getEventListeners(shared, 'abort')).toHaveLength(0);
    // A later call under the same signal starts afresh.
    await withOwnSignal(shared, async () => expect(getEventListeners(shared, 'abort')).toHaveLength(1));
    expect(getEventListeners(shared, 'abort')).toHaveLength(0);
  });

  it('aborts every running call with the reason when the shared signal aborts, and one started after at once', async () => {
    const stop = new AbortController();
    const { call, release, seen } = pending();
    const runs = Array.from({ length: 12 }, () => withOwnSignal(stop.signal, call));
    stop.abort(new Error('stopped by the user'));
    expect(seen.every((signal) => signal.aborted && (signal.reason as Error).message === 'stopped by the user')).toBe(true);
    release();
    expect(await Promise.all(runs)).toEqual(Array(12).fill(true));
    expect(await withOwnSignal(stop.signal, async (signal) => signal?.aborted)).toBe(true);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('passes no signal when there is none to follow', async () => {
    expect(await withOwnSignal(undefined, async (signal) => signal)).toBeUndefined();
  });
});
