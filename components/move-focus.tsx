// Keyboard and screen-reader users after an action that replaces what they were on ('Check all…', 'Check N
// selected', opening a check, Back): focus goes to the new content instead of falling to <body>, and one
// live region says what is there.
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

let said = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Says `text` through the page's `Announcer` (a polite live region). */
export function announce(text: string): void {
  said = text;
  for (const listener of listeners) listener();
}

/** The one live region of the popup and side panel for `announce`; rendered once, before anything changes. */
export function Announcer() {
  const text = useSyncExternalStore(subscribe, () => said);
  return (
    <p className="visually-hidden" role="status" data-testid="announcer">
      {text}
    </p>
  );
}

/**
 * After each change of `key`: when the control that had focus went away with it (focus fell to <body>), focuses
 * `target` (a heading gets tabIndex=-1) and announces `say()`. Focus still on a control stays where it is.
 */
export function useMoveFocus(target: RefObject<HTMLElement | null>, key: string, say: () => string): void {
  useEffect(() => {
    const active = document.activeElement;
    if ((active && active !== document.body) || !target.current) return;
    target.current.focus();
    announce(say());
    // Only a new `key` moves focus: `say` is a fresh closure on every render.
  }, [key]);
}
