import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { LeadEmailAddresses } from '../mail/lead-email.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/transport.ts';
import { addDays, indiaDay, indiaDayStart, indiaHour } from '../format/india-day.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { renderDigestEmail } from './digest-email.ts';

export interface DailyDigestOptions {
  store: LeadStore;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  addresses: LeadEmailAddresses;
  /** Hour of the day, India time, from which yesterday's digest is due. */
  hour: number;
  messageIdDomain: string;
  checkEveryMs?: number;
  /** How long a digest stays claimed by this instance while it is being sent. */
  leaseMs?: number;
  /** After a failed send, how long until the next try. */
  retryAfterMs?: number;
  instanceId?: string;
}

export type DigestOutcome =
  | { status: 'not-due' }
  /** Already sent, or another instance holds it, or it waits for its retry time. */
  | { status: 'skipped'; day: string }
  | { status: 'sent'; day: string; leads: number; waiting: number }
  | { status: 'failed'; day: string };

export interface DailyDigest {
  /** Checks every minute whether the digest is due. */
  start(): void;
  /** Sends yesterday's digest if the hour has come and no one sent it yet. */
  runDue(): Promise<DigestOutcome>;
  /** Stops checking and waits for a digest being sent. */
  stop(): Promise<void>;
}

/**
 * Once a day, from DIGEST_HOUR (India time), the sales inbox gets yesterday's leads by form and
 * every lead still waiting for its email. The day is claimed in the database before sending and
 * marked sent after, so a restart, or a second instance on the same file, never sends it twice;
 * if the server is down at the hour, the digest goes out when it is back, the same day.
 */
export function createDailyDigest(options: DailyDigestOptions): DailyDigest {
  const { store, mailer, clock, addresses, hour, messageIdDomain } = options;
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const retryAfterMs = options.retryAfterMs ?? 15 * 60_000;
  const owner = options.instanceId ?? `digest-${randomUUID()}`;
  const logger = options.logger.child({ component: 'daily-digest' });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DigestOutcome> | undefined;

  async function send(): Promise<DigestOutcome> {
    const now = clock.now();
    if (indiaHour(now) < hour) return { status: 'not-due' };
    const day = addDays(indiaDay(now), -1);
    let claimed: boolean;
    try {
      claimed = store.claimDigest(day, owner, now, leaseMs);
    } catch (error) {
      logger.error({ day, err: error }, 'could not read the digest log; will retry');
      return { status: 'failed', day };
    }
    if (!claimed) return { status: 'skipped', day };

    try {
      const leads = store.queryLeads({
        since: indiaDayStart(day),
        until: indiaDayStart(addDays(day, 1)),
        order: 'oldest',
      });
      const waiting = store.queryLeads({ status: 'pending', order: 'oldest' });
      await mailer.send(
        renderDigestEmail({ day, leads, waiting, addresses, messageIdDomain, now }),
      );
      store.markDigestSent(day, owner, clock.now());
      logger.info({ day, leads: leads.length, waiting: waiting.length }, 'daily digest emailed');
      return { status: 'sent', day, leads: leads.length, waiting: waiting.length };
    } catch (error) {
      try {
        store.releaseDigest(day, owner, clock.now() + retryAfterMs);
      } catch (storeError) {
        // The claim lapses by itself after leaseMs; the digest is tried again then.
        logger.error({ day, err: storeError }, 'could not record a failed digest');
      }
      logger.warn(
        { day, err: error, retryInSeconds: Math.round(retryAfterMs / 1000) },
        'daily digest failed; will retry',
      );
      return { status: 'failed', day };
    }
  }

  function runDue(): Promise<DigestOutcome> {
    running ??= send().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runDue(), checkEveryMs);
      timer.unref();
      void runDue();
    },
    runDue,
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
