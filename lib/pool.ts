// Runs items with at most `concurrency` in flight: each worker takes the next item when it is free,
// so one slow item never holds the others back, and nothing new starts once the signal is aborted.

/** Runs `work` over `items`, `concurrency` at a time, until done or `signal` aborts; resolves when all started work settled. */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** Runs `fn` over `items`, `limit` at a time; resolves with the results in item order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  await runPool(items, limit, async (item, index) => {
    results[index] = await fn(item, index);
  });
  return results;
}

/** A lock: each task passed to it runs after every earlier one has ended (settled either way). */
export function serial() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = last.then(task, task);
    last = result.catch(() => undefined);
    return result;
  };
}
