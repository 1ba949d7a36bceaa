import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { LeadStore } from '../store/lead-store.ts';
import type { OutboxChannel } from './outbox-channel.ts';

export interface BacklogCheckOptions {
  store: Pick<LeadStore, 'pendingSummary'>;
  channel: OutboxChannel;
  clock: Clock;
  logger: Logger;
  /** A message pending longer than this is logged as an error. */
  pendingAlertMs: number;
  /** How often the backlog error may repeat in the log. */
  alertEveryMs: number;
}

/** Logs an error when the channel's oldest pending message has waited too long, at most so often. */
export function createBacklogCheck(options: BacklogCheckOptions): () => void {
  const { store, channel, clock, logger, pendingAlertMs, alertEveryMs } = options;
  let lastAlertAt = Number.NEGATIVE_INFINITY;

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

  return checkBacklog;
}
