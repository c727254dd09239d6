// A stored value shown live: read once, then every change. The read and the first change can cross: a
// change that lands while the read is under way is newer than what the read returns, so a read that
// resolves after a change is dropped (otherwise a popup opened as a check finished kept showing it running).

/** Calls `onValue` with the loaded value, then with each change; returns the function that stops both. */
export function loadAndWatch<T>(load: () => Promise<T>, watch: (onChange: (value: T) => void) => () => void, onValue: (value: T) => void): () => void {
  let live = true;
  let changed = false;
  const unwatch = watch((value) => {
    changed = true;
    if (live) onValue(value);
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
