import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTabTasks } from '@/lib/features/tab-tasks';

/** A task that runs until `finish` is called. */
function deferred() {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('createTabTasks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts the task a new one in the same lane of the same tab replaces, and no other', async () => {
    const tasks = createTabTasks({ ping: () => {}, every: 1000 });
    const first = deferred();
    const signals: AbortSignal[] = [];
    const a = tasks.run('check', 1, ({ signal }) => (signals.push(signal), first.done));
    const other = tasks.run('check', 2, ({ signal }) => (signals.push(signal), new Promise<string>(() => {})));
    const page = tasks.run('page', 1, ({ signal }) => (signals.push(signal), new Promise<string>(() => {})));
    const b = tasks.run('check', 1, ({ signal }) => (signals.push(signal), Promise.resolve('second')));
    expect(signals.map((s) => s.aborted)).toEqual([true, false, false, false]);
    await expect(b).resolves.toBe('second');
    first.finish('first');
    await expect(a).resolves.toBe('first');
    void other;
    void page;
  });

  it('a replaced task ending late does not unregister its successor', async () => {
    const tasks = createTabTasks({ ping: () => {}, every: 1000 });
    const first = deferred();
    const second = deferred();
    const a = tasks.run('check', 1, () => first.done);
    const b = tasks.run('check', 1, () => second.done);
    first.finish('x');
    await a;
    expect(tasks.running('check', 1)).toBe(true);
    expect(tasks.cancel('check', 1)).toBe(true);
    second.finish('y');
    await b;
    expect(tasks.running('check', 1)).toBe(false);
  });

  it('cancel aborts, calls onCancel once per cancel, and says whether anything ran', async () => {
    const tasks = createTabTasks({ ping: () => {}, every: 1000 });
    const onCancel = vi.fn();
    let seen: AbortSignal | undefined;
    const job = deferred();
    const run = tasks.run('check', 7, ({ signal }) => ((seen = signal), job.done), { onCancel });
    expect(tasks.cancel('page', 7)).toBe(false);
    expect(tasks.cancel('check', 7)).toBe(true);
    expect(seen?.aborted).toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
    job.finish('ended');
    await run;
    expect(tasks.cancel('check', 7)).toBe(false);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cleans up once whether the task resolves or throws', async () => {
    const tasks = createTabTasks({ ping: () => {}, every: 1000 });
    await expect(tasks.run('pick', 3, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(tasks.running('pick', 3)).toBe(false);
    expect(tasks.size()).toBe(0);
    await tasks.run('pick', 3, async () => 'ok');
    expect(tasks.size()).toBe(0);
  });

  it('keeps the worker alive while any task runs, and stops when the last one ends', async () => {
    const ping = vi.fn();
    const tasks = createTabTasks({ ping, every: 20_000 });
    vi.advanceTimersByTime(60_000);
    expect(ping).not.toHaveBeenCalled();
    const one = deferred();
    const two = deferred();
    const a = tasks.run('check', 1, () => one.done);
    const b = tasks.run('page', 2, () => two.done);
    vi.advanceTimersByTime(40_000);
    // One timer for all tasks, not one per task.
    expect(ping).toHaveBeenCalledTimes(2);
    one.finish('1');
    await a;
    vi.advanceTimersByTime(20_000);
    expect(ping).toHaveBeenCalledTimes(3);
    two.finish('2');
    await b;
    vi.advanceTimersByTime(100_000);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
