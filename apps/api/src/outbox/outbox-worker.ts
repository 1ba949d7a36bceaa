import { randomUUID } from 'node:crypto';
import { maskMobile } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ClaimedDelivery, LeadStore } from '../store/lead-store.ts';
import { UnsendableMessageError, type OutboxChannel } from './outbox-channel.ts';
import { DEFAULT_BACKOFF, retryDelay } from './retry-delay.ts';

export interface DeliveryWorkerOptions {
  store: LeadStore;
  channel: OutboxChannel;
  clock: Clock;
  logger: Logger;
  /** A message pending longer than this is logged as an error on every backlog check. */
  pendingAlertMs: number;
  /** How long a claimed message stays reserved for this instance; must outlast one send. */
  leaseMs: number;
  pollIntervalMs?: number;
  /** Messages sent at the same time; for email, match the mailer's connection count. */
  concurrency?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** How often the backlog error may repeat in the log. */
  alertEveryMs?: number;
  instanceId?: string;
}

export interface DeliveryWorker {
  /** Polls for due messages until stopped. */
  start(): void;
  /** A message was just queued: send it now rather than at the next poll. */
  wake(): void;
  /** Sends every message that is due now; resolves with how many were sent. */
  drain(): Promise<number>;
  /** Stops claiming messages and waits for those in flight, if any. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, channel, clock, pendingAlertMs, leaseMs } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const alertEveryMs = options.alertEveryMs ?? 60_000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const owner = options.instanceId ?? `worker-${randomUUID()}`;
  const logger = options.logger.child({ component: 'delivery-worker', channel: channel.name });

  let running: Promise<number> | undefined;
  let rerunRequested = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let lastAlertAt = Number.NEGATIVE_INFINITY;

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

  // Each lane claims and sends one message at a time; claims are atomic, so lanes never collide.
  async function lane(): Promise<number> {
    let sent = 0;
    while (!stopping) {
      let delivery: ClaimedDelivery | undefined;
      try {
        delivery = store.claimNextDue(channel.name, owner, clock.now(), leaseMs);
      } catch (error) {
        logger.error({ err: error }, 'could not read the outbox');
        break;
      }
      if (!delivery) break;
      if (await deliver(delivery)) sent += 1;
    }
    return sent;
  }

  async function sendDue(): Promise<number> {
    const sent = await Promise.all(Array.from({ length: concurrency }, lane));
    return sent.reduce((total, count) => total + count, 0);
  }

  function drain(): Promise<number> {
    if (running) {
      rerunRequested = true;
      return running;
    }
    // `running` is cleared in the same step that decides not to run again, so a wake that
    // comes in between always finds either a run that will look again or none at all.
    running = (async () => {
      let total = 0;
      try {
        do {
          rerunRequested = false;
          total += await sendDue();
        } while (rerunRequested && !stopping);
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  function checkBacklog(): void {
    try {
      const now = clock.now();
      const { count, oldestReceivedAt } = store.pendingSummary(channel.name, now);
      if (oldestReceivedAt === undefined || now - oldestReceivedAt <= pendingAlertMs) return;
      if (now - lastAlertAt < alertEveryMs) return;
      lastAlertAt = now;
      logger.error(
        { pending: count, oldestPendingAgeSeconds: Math.round((now - oldestReceivedAt) / 1000) },
        channel.messages.backlog,
      );
    } catch (error) {
      logger.error({ err: error }, 'could not read the outbox');
    }
  }

  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(() => {
        void drain();
        checkBacklog();
      }, pollIntervalMs);
      // The HTTP server keeps the process alive; the poll alone should not.
      timer.unref();
      void drain();
      checkBacklog();
    },
    wake() {
      if (!stopping) setImmediate(() => void drain());
    },
    drain,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
