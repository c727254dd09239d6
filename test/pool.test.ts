import { describe, expect, it } from 'vitest';
import { mapLimit, runPool } from '@/lib/pool';

/** Work whose items finish in the order the test releases them, recording how many run at once. */
function gated() {
  const waiting = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  return {
    work: async (item: number) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.set(item, resolve));
      running -= 1;
      return item * 10;
    },
    started: () => [...waiting.keys()],
    release: (item: number) => waiting.get(item)!(),
    most: () => most,
  };
}

describe('runPool', () => {
  it('keeps at most `concurrency` in flight and starts the next item as soon as one is free', async () => {
    const gate = gated();
    const done = runPool([1, 2, 3, 4], 2, async (item) => void (await gate.work(item)));
    await expect.poll(() => gate.started()).toEqual([1, 2]);
    gate.release(2);
    await expect.poll(() => gate.started()).toEqual([1, 2, 3]);
    gate.release(3);
    gate.release(1);
    await expect.poll(() => gate.started()).toEqual([1, 2, 3, 4]);
    gate.release(4);
    await done;
    expect(gate.most()).toBe(2);
  });

  it('starts nothing new once the signal aborts, and settles when the started work has', async () => {
    const gate = gated();
    const controller = new AbortController();
    const done = runPool([1, 2, 3], 1, async (item) => void (await gate.work(item)), controller.signal);
    await expect.poll(() => gate.started()).toEqual([1]);
    controller.abort();
    gate.release(1);
    await done;
    expect(gate.started()).toEqual([1]);
  });

  it('on a failure starts nothing new, calls onFailure once, and rejects only when the work in flight has settled', async () => {
    const gate = gated();
    const log: string[] = [];
    const failures: unknown[] = [];
    const done = runPool(
      [1, 2, 3, 4],
      2,
      async (item) => {
        await gate.work(item);
        log.push(`${item} ended`);
        if (item === 2) throw new Error('two failed');
      },
      undefined,
      (error) => failures.push(error),
    ).catch((error: unknown) => log.push(`rejected: ${(error as Error).message}`));
    await expect.poll(() => gate.started()).toEqual([1, 2]);
    gate.release(2);
    await expect.poll(() => failures.length).toBe(1);
    // Item 1 is still in flight: the pool has not settled, and the free worker took nothing.
    expect(log).toEqual(['2 ended']);
    gate.release(1);
    await done;
    expect(log).toEqual(['2 ended', '1 ended', 'rejected: two failed']);
    expect(gate.started()).toEqual([1, 2]);
    expect(failures).toHaveLength(1);
  });
});

describe('mapLimit', () => {
  it('returns the results in item order whatever order they finish in', async () => {
    const gate = gated();
    const results = mapLimit([1, 2, 3], 3, (item) => gate.work(item));
    await expect.poll(() => gate.started()).toEqual([1, 2, 3]);
    gate.release(3);
    gate.release(1);
    gate.release(2);
    await expect(results).resolves.toEqual([10, 20, 30]);
    expect(gate.most()).toBe(3);
  });

  it('an empty list resolves empty without calling the work', async () => {
    await expect(mapLimit([], 4, () => Promise.reject(new Error('not called')))).resolves.toEqual([]);
  });
});
