// An API key belongs to the endpoint it was saved or typed for. Options may show another Base URL
// before anything is saved (a preset, a half-typed address): the key must not follow it there.

/** The origin of an http(s) URL, or null for anything else (half-typed, another scheme). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a key entered for `keyOrigin` may be sent to `baseUrl`: only to the same origin. A key typed
 * before any valid Base URL (`keyOrigin` null) belongs to the first address it is used with.
 */
export function keyMayGoTo(keyOrigin: string | null, baseUrl: string): boolean {
  const target = originOf(baseUrl);
  return target !== null && (keyOrigin === null || keyOrigin === target);
}

/** The saved key if `baseUrl` is on the origin it was saved for, else '' (no key). */
export function savedKeyFor(saved: { baseUrl: string; apiKey: string }, baseUrl: string): string {
  const origin = originOf(saved.baseUrl);
  return origin !== null && originOf(baseUrl) === origin ? saved.apiKey : '';
}
