const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How a failing webhook delivery is retried: each wait is about as long as the delivery has been
 * failing so far (so the waits double), at least 30 seconds and at most 4 hours, drawn between
 * half and all of that so that leads failing together do not come back together. Once an
 * attempt fails 24 hours or more after the delivery was queued, it is dead.
 */
export const WEBHOOK_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 4 * HOUR,
  giveUpAfterMs: 24 * HOUR,
  /** A receiver's `Retry-After` is honoured up to this long. */
  maxRetryAfterMs: 24 * HOUR,
} as const;

export interface FailedAttempt {
  /** When the delivery was queued: the lead's receipt, or a resend by hand. */
  queuedAt: number;
  /** When this attempt failed. */
  failedAt: number;
  /** What the receiver asked for in `Retry-After`, if anything. */
  retryAfterMs?: number | undefined;
}

/**
 * When to try again, or `dead` once the day of retries is over. Driven by the time since the
 * delivery was queued rather than by an attempt count, so a restart or a resend by hand keeps
 * the schedule whole.
 */
export function nextWebhookAttempt(
  attempt: FailedAttempt,
  random: () => number = Math.random,
): number | 'dead' {
  const failingFor = Math.max(0, attempt.failedAt - attempt.queuedAt);
  if (failingFor >= WEBHOOK_RETRY.giveUpAfterMs) return 'dead';
  const wait = Math.min(WEBHOOK_RETRY.maxDelayMs, Math.max(WEBHOOK_RETRY.firstDelayMs, failingFor));
  const jittered = wait / 2 + (random() * wait) / 2;
  const asked = Math.min(attempt.retryAfterMs ?? 0, WEBHOOK_RETRY.maxRetryAfterMs);
  return attempt.failedAt + Math.round(Math.max(jittered, asked));
}
