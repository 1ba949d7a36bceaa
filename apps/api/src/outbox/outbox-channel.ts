import type { ClaimedDelivery } from '../store/lead-store.ts';

/**
 * One way a message leaves the outbox: the sales inbox, or a CRM's webhook endpoint. Each has
 * its own worker, retries and backlog; the message's id is the idempotency key its receiver sees.
 */
export interface OutboxChannel {
  /** The channel's name in the outbox. */
  name: string;
  /**
   * The log messages of a delivered, a failed and a given-up attempt (refused for good, or
   * failing too long), as log shippers count them, and of a backlog that waits too long.
   */
  messages: { sent: string; failed: string; gone?: string; dead?: string; backlog: string };
  /** Resolves once the receiver has the message, with extra fields for the log line. */
  send(delivery: ClaimedDelivery): Promise<Record<string, unknown>>;
  /**
   * After a failed attempt: when to try again, or `gone` (the receiver wants no more of it) or
   * `dead` (given up). Without it, `retryDelay`'s backoff, for ever.
   */
  nextAttempt?(error: unknown, delivery: ClaimedDelivery): number | 'gone' | 'dead';
}

/** A message the channel cannot send however often it tries: given up at once, not retried. */
export class UnsendableMessageError extends Error {
  constructor(channel: string, kind: string) {
    super(`the ${channel} channel cannot send this ${kind} message`);
    this.name = 'UnsendableMessageError';
  }
}
