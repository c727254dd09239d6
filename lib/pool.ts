// Runs items with at most `concurrency` in flight: each worker takes the next item when it is free,
// so one slow item never holds the others back, and nothing new starts once the signal is aborted or an item failed.

/**
 * Runs `work` over `items`, `concurrency` at a time, until done or `signal` aborts, and settles only once every started
 * item has. On the first failure nothing new starts and `onFailure` runs (to cancel the work still in flight); the pool
 * then rejects with that failure when the work in flight has settled, so nothing it started outlives it.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
  onFailure?: (error: unknown) => void,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const failed = () => failures.length > 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted && !failed()) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        if (failed()) continue;
        failures.push(error);
        onFailure?.(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failed()) throw failures[0];
}

/** Runs `fn` over `items`, `limit` at a time; resolves with the results in item order (on a failure, as `runPool`). */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  onFailure?: (error: unknown) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  await runPool(
    items,
    limit,
    async (item, index) => {
      results[index] = await fn(item, index);
    },
    undefined,
    onFailure,
  );
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
