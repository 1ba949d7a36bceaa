export const DEFAULT_BACKOFF = { baseMs: 10_000, maxMs: 15 * 60_000 };

/** Capped exponential backoff: 10 s, 20 s, 40 s … up to 15 minutes, then every 15 minutes. */
export function retryDelay(attempts: number, backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent);
}
