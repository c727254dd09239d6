// A stored value shown live: read once, then every change. The read and the first change can cross: a
// change that lands while the read is under way is newer than what the read returns, so a read that
// resolves after a change is dropped (otherwise a popup opened as a check finished kept showing it running).

/** Calls `onValue` with the loaded value, then `onChanged` (the same unless given) with each change; returns the function that stops both. */
export function loadAndWatch<T, C = T>(
  load: () => Promise<T>,
  watch: (onChange: (value: C) => void) => () => void,
  onValue: (value: T) => void,
  onChanged: (value: C) => void = onValue as unknown as (value: C) => void,
): () => void {
  let live = true;
  let changed = false;
  const unwatch = watch((value) => {
    changed = true;
    if (live) onChanged(value);
  });
  void load().then(
    (value) => {
      if (live && !changed) onValue(value);
    },
    () => undefined,
  );
  return () => {
    live = false;
    unwatch();
  };
}

/**
 * Changes a view may show a moment later, batched: a change `hold`s (the latest of each key wins) until a change
 * that may not wait comes (`now`, which shows the held ones with it) or `ms` have passed since the first one held.
 */
export function holding(ms: number): { hold(key: string, apply: () => void): void; now(key: string, apply: () => void): void; stop(): void } {
  const held = new Map<string, () => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const waiting = [...held.values()];
    held.clear();
    for (const apply of waiting) apply();
  };
  return {
    hold(key, apply) {
      held.delete(key);
      held.set(key, apply);
      timer ??= setTimeout(flush, ms);
    },
    now(key, apply) {
      held.delete(key);
      flush();
      apply();
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      held.clear();
    },
  };
}

/**
 * Whether a change of a view's check may be drawn a moment later (useCheck holds it): a running check none of whose
 * claims has a verdict yet, unless this view asked for it (then the click there is answered at once). Told from the
 * record as stored, before its schema reads it: a held change is read when it is drawn, so a check's first records,
 * which arrive between the click and the model request, cost the view no parse (nor the garbage one leaves) then.
 */
export function mayDrawLater(next: unknown, askedHere: boolean): boolean {
  if (askedHere || typeof next !== 'object' || next === null) return false;
  const { status, claims } = next as { status?: unknown; claims?: unknown };
  return status === 'running' && Array.isArray(claims) && claims.every((c: unknown) => typeof c === 'object' && c !== null && (c as { verdict?: unknown }).verdict === null);
}
