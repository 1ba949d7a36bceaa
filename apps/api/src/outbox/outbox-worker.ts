import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ClaimedDelivery, LeadStore } from '../store/lead-store.ts';
import { createBacklogCheck } from './backlog-check.ts';
import { createMessageSender } from './message-sender.ts';
import type { OutboxChannel } from './outbox-channel.ts';
import { DEFAULT_BACKOFF } from './retry-delay.ts';

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

  const deliver = createMessageSender({ store, channel, clock, logger, owner, backoff });
  const checkBacklog = createBacklogCheck({
    store,
    channel,
    clock,
    logger,
    pendingAlertMs,
    alertEveryMs,
  });

  let running: Promise<number> | undefined;
  let rerunRequested = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

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
