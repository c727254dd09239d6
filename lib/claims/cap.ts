/** At most this many claims are checked per caption; the rest are reported, not silently lost. */
export const DEFAULT_MAX_CLAIMS = 25;

/** The first `max` claims, and how many were cut so the UI can say so. */
export function capClaims<T>(claims: readonly T[], max: number = DEFAULT_MAX_CLAIMS): { claims: T[]; cut: number } {
  const limit = Math.max(0, Math.floor(max));
  return { claims: claims.slice(0, limit), cut: Math.max(0, claims.length - limit) };
}
