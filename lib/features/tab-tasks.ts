// One registry for the long tasks the worker runs per tab (a check, a re-check or comparison, the
// picker waiting for a click, a page check): each has an AbortSignal, a new task in the same lane of a
// tab aborts the one before it, and while any task runs the worker is kept from idling out.

/** Which tasks of a tab exclude each other: a check and its re-checks write the same job, a page check its own. */
export type TaskLane = 'check' | 'pick' | 'page';

/** Keeps the worker alive: called every `every` ms while at least one task runs. */
export interface KeepAlive {
  ping(): void;
  every: number;
}

interface Entry {
  controller: AbortController;
  onCancel: (() => void) | undefined;
}

/** What a running task is handed. */
export interface TaskContext {
  signal: AbortSignal;
  /** False once another task has replaced this one in its lane (it then owns what the tab shows). */
  current(): boolean;
}

/** Per-tab tasks with abort, keep-alive and cleanup; `run` returns the task's own result. */
export interface TabTasks {
  /** Runs `work` as the tab's task in `lane`, aborting the task it replaces; cleanup runs once when `work` settles. */
  run<T>(lane: TaskLane, tabId: number, work: (task: TaskContext) => Promise<T>, options?: { onCancel?: () => void }): Promise<T>;
  /** Aborts the tab's task in `lane` (its `onCancel` runs); false when none runs. */
  cancel(lane: TaskLane, tabId: number): boolean;
  /** Whether the tab has a task running in `lane`. */
  running(lane: TaskLane, tabId: number): boolean;
  /** How many tasks run now, over all tabs and lanes. */
  size(): number;
}

/** A task registry whose keep-alive timer runs exactly while some task does. */
export function createTabTasks(keepAlive: KeepAlive): TabTasks {
  const tasks = new Map<string, Entry>();
  let live = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const key = (lane: TaskLane, tabId: number) => `${lane}:${tabId}`;

  const begin = () => {
    live += 1;
    if (live === 1) timer = setInterval(() => keepAlive.ping(), keepAlive.every);
  };
  const end = () => {
    live -= 1;
    if (live === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    async run(lane, tabId, work, options = {}) {
      const id = key(lane, tabId);
      tasks.get(id)?.controller.abort();
      const entry: Entry = { controller: new AbortController(), onCancel: options.onCancel };
      tasks.set(id, entry);
      begin();
      try {
        return await work({ signal: entry.controller.signal, current: () => tasks.get(id) === entry });
      } finally {
        // A task that was replaced must not remove its successor.
        if (tasks.get(id) === entry) tasks.delete(id);
        end();
      }
    },
    cancel(lane, tabId) {
      const entry = tasks.get(key(lane, tabId));
      if (!entry) return false;
      entry.controller.abort();
      entry.onCancel?.();
      return true;
    },
    running: (lane, tabId) => tasks.has(key(lane, tabId)),
    size: () => live,
  };
}
