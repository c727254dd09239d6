// Our UI in a page (chooser, picker, badge, claim marks) lives in a closed shadow root on a plain <div>. A custom
// element name would not do: a page that defines that name first gets our host upgraded with its own
// class, and `attachInternals()` in that class's constructor hands it the closed root. No page can
// define a built-in name, so a <div> is never upgraded.

/** What each host is, in its `data-caption-check` attribute (for tests and the user's own styles; nothing reads it back). */
export type HostRole = 'chooser' | 'picker' | 'badge' | 'marks' | 'listed';

/** A detached <div> with a closed shadow root, marked with its role; the caller styles and attaches it. */
export function createShadowHost(role: HostRole): { host: HTMLDivElement; root: ShadowRoot } {
  const host = document.createElement('div');
  host.setAttribute('data-caption-check', role);
  const root = host.attachShadow({ mode: 'closed' });
  return { host, root };
}

/**
 * Wraps an event handler so it acts only on what the user did: a page can dispatch any event it likes
 * (a forged Enter, a click on an image of its choosing), but only the browser makes `isTrusted` true.
 */
export function trusted<E extends Event>(handler: (event: E) => void): (event: E) => void {
  return (event) => {
    if (event.isTrusted) handler(event);
  };
}
