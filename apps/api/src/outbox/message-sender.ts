import { maskMobile } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ClaimedDelivery, LeadStore } from '../store/lead-store.ts';
import { UnsendableMessageError, type OutboxChannel } from './outbox-channel.ts';
import { retryDelay } from './retry-delay.ts';

export interface MessageSenderOptions {
  store: Pick<LeadStore, 'markSent' | 'markFailed' | 'markDead'>;
  channel: OutboxChannel;
  clock: Clock;
  /** The worker's own logger, naming its channel. */
  logger: Logger;
  /** Who holds the leases this sender records outcomes under. */
  owner: string;
  backoff: { baseMs: number; maxMs: number };
}

/**
 * Sends one claimed message through its channel and records the outcome: sent, retried later,
 * or given up. Resolves with whether it was sent.
 */
export function createMessageSender(
  options: MessageSenderOptions,
): (delivery: ClaimedDelivery) => Promise<boolean> {
  const { store, channel, clock, logger, owner, backoff } = options;

  /**
   * The email is out whatever happens here. If the database cannot say so (a full disk), the
   * lead stays pending and goes again once its lease lapses, with the same Message-ID, so the
   * inbox shows one message; it must not be logged as a failed send.
   */
  function recordSent(delivery: ClaimedDelivery, context: Record<string, unknown>): void {
    try {
      store.markSent(delivery.deliveryId, clock.now());
    } catch (error) {
      logger.error(
        { ...context, err: error },
        `${channel.messages.sent} but not marked sent; it will go again with the same id`,
      );
    }
  }

  async function deliver(delivery: ClaimedDelivery): Promise<boolean> {
    const { lead } = delivery;
    const context = {
      ...(lead ? { leadId: lead.publicId, kind: lead.kind, mobile: maskMobile(lead.mobile) } : {}),
      messageKind: delivery.kind,
      messageId: delivery.messageId,
      attempt: delivery.attempts,
    };
    try {
      const details = await channel.send(delivery);
      recordSent(delivery, context);
      // One line per attempt, with its outcome, for log shippers to count and alert on.
      logger.info({ ...context, outcome: 'sent', ...details }, channel.messages.sent);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next =
        error instanceof UnsendableMessageError
          ? 'dead'
          : (channel.nextAttempt?.(error, delivery) ??
            clock.now() + retryDelay(delivery.attempts, backoff));
      if (next === 'gone' || next === 'dead') {
        giveUp(delivery, context, reason, next);
        return false;
      }
      const retryInMs = Math.max(0, next - clock.now());
      try {
        store.markFailed(delivery.deliveryId, owner, reason, clock.now() + retryInMs);
      } catch (storeError) {
        // The lease will lapse and another pass will retry; nothing is lost.
        logger.error({ ...context, err: storeError }, 'could not record a failed delivery');
      }
      logger.warn(
        {
          ...context,
          outcome: 'failed',
          err: error,
          retryInSeconds: Math.round(retryInMs / 1000),
        },
        channel.messages.failed,
      );
      return false;
    }
  }

  /** A receiver that wants no more is a warning; a day of failures is an error to act on. */
  function giveUp(
    delivery: ClaimedDelivery,
    context: Record<string, unknown>,
    reason: string,
    why: 'gone' | 'dead',
  ): void {
    try {
      store.markDead(delivery.deliveryId, owner, reason);
    } catch (storeError) {
      logger.error({ ...context, err: storeError }, 'could not record a given-up delivery');
    }
    const message = channel.messages[why] ?? 'delivery given up';
    if (why === 'gone') logger.warn({ ...context, outcome: 'gone', reason }, message);
    else logger.error({ ...context, outcome: 'dead', reason }, message);
  }

  return deliver;
}
