// One SDK call, one signal of its own. The openai SDK adds an abort listener to the signal a request is
// given and never removes it, so many requests under one long-lived signal (a batch's stop, a check's
// cancel) would pile listeners on it: Node warns at the 11th (MaxListenersExceededWarning), and they
// stay until that signal is dropped. Here each call gets a signal of its own; the shared signal carries
// one listener however many calls run under it, which aborts them all, and which goes when the last settles.

interface Followers {
  calls: Set<AbortController>;
  forward: () => void;
}

const following = new WeakMap<AbortSignal, Followers>();

/** Runs `call` with a signal that aborts when `parent` does; `parent` keeps no listener once no call runs. */
export async function withOwnSignal<T>(parent: AbortSignal | undefined, call: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (!parent) return call(undefined);
  if (parent.aborted) return call(AbortSignal.abort(parent.reason));
  const own = new AbortController();
  let followers = following.get(parent);
  if (!followers) {
    const calls = new Set<AbortController>();
    const forward = () => {
      following.delete(parent);
      for (const controller of calls) controller.abort(parent.reason);
    };
    followers = { calls, forward };
    following.set(parent, followers);
    parent.addEventListener('abort', forward, { once: true });
  }
  followers.calls.add(own);
  try {
    return await call(own.signal);
  } finally {
    followers.calls.delete(own);
    if (followers.calls.size === 0 && following.get(parent) === followers) {
      following.delete(parent);
      parent.removeEventListener('abort', followers.forward);
    }
  }
}
