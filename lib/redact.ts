/** What replaces a secret found in text that is stored or shown. */
export const REDACTED = '[API key hidden]';

/**
 * A copy of `value` with every occurrence of `secret` in its strings replaced. Endpoints echo keys in
 * their error text ("Incorrect API key provided: sk-…"), and error text is stored and shown; keys
 * shorter than 8 characters are not real keys and are left alone, so ordinary words never vanish.
 */
export function redactSecret<T>(value: T, secret: string): T {
  if (secret.length < 8) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return item.includes(secret) ? item.split(secret).join(REDACTED) : item;
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, walk(v)]));
    return item;
  };
  return walk(value) as T;
}
