const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How a failing webhook delivery is retried: the wait doubles from 30 seconds up to 4 hours, each
 * wait is drawn between half and all of that (so many leads failing together do not come back
 * together), and once an attempt fails 24 hours or more after the lead came in, the delivery is
 * dead. About 15 attempts in all.
 */
export const WEBHOOK_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 4 * HOUR,
  giveUpAfterMs: 24 * HOUR,
  /** A receiver's `Retry-After` is honoured up to this long. */
  maxRetryAfterMs: 24 * HOUR,
} as const;

export interface FailedAttempt {
  /** When the delivery was created: the lead's receipt. */
  createdAt: number;
  /** When this attempt failed. */
  failedAt: number;
  /** Attempts made so far, this one included. */
  attempts: number;
  /** What the receiver asked for in `Retry-After`, if anything. */
  retryAfterMs?: number | undefined;
}

/** When to try again, or `dead` once the day of retries is over. */
export function nextWebhookAttempt(
  attempt: FailedAttempt,
  random: () => number = Math.random,
): number | 'dead' {
  if (attempt.failedAt - attempt.createdAt >= WEBHOOK_RETRY.giveUpAfterMs) return 'dead';
  const doublings = Math.max(0, attempt.attempts - 1);
  const delay = Math.min(WEBHOOK_RETRY.maxDelayMs, WEBHOOK_RETRY.firstDelayMs * 2 ** doublings);
  const jittered = delay / 2 + (random() * delay) / 2;
  const asked = Math.min(attempt.retryAfterMs ?? 0, WEBHOOK_RETRY.maxRetryAfterMs);
  return attempt.failedAt + Math.round(Math.max(jittered, asked));
}
