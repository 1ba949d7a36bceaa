import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { LeadStore } from '../store/lead-store.ts';

export const DAY_MS = 24 * 60 * 60_000;

export interface LeadRetentionOptions {
  store: Pick<LeadStore, 'deleteSettledBefore'>;
  clock: Clock;
  logger: Logger;
  /** Days a settled lead is kept after it was received; 0 keeps every lead forever. */
  retentionDays: number;
  /** How often to look for expired leads; a day's precision is all the policy promises. */
  sweepEveryMs?: number;
}

export interface LeadRetention {
  /** Sweeps now, then on every interval until stopped. Does nothing when retention is off. */
  start(): void;
  /** Deletes what has expired now; resolves with how many leads went. */
  sweep(): number;
  stop(): void;
}

/**
 * Deletes leads once the retention period the privacy policy states has passed. Only settled
 * leads go (emailed, duplicates, spam); a lead still waiting for delivery is never deleted, so
 * retention can never cost a lead the sales team has not seen.
 */
export function createLeadRetention(options: LeadRetentionOptions): LeadRetention {
  const { store, clock, retentionDays } = options;
  const sweepEveryMs = options.sweepEveryMs ?? 60 * 60_000;
  const logger = options.logger.child({ component: 'lead-retention' });
  let timer: NodeJS.Timeout | undefined;

  function sweep(): number {
    if (retentionDays === 0) return 0;
    const cutoff = clock.now() - retentionDays * DAY_MS;
    try {
      const deleted = store.deleteSettledBefore(cutoff);
      if (deleted > 0) {
        logger.info(
          { deleted, retentionDays, receivedBefore: new Date(cutoff).toISOString() },
          'expired leads deleted',
        );
      }
      return deleted;
    } catch (error) {
      // The next sweep tries again; a late deletion is better than a stopped server.
      logger.error({ err: error }, 'could not delete expired leads');
      return 0;
    }
  }

  return {
    start() {
      if (timer || retentionDays === 0) return;
      sweep();
      timer = setInterval(sweep, sweepEveryMs);
      timer.unref();
    },
    sweep,
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
