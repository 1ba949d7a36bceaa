import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createDailyDigest } from '../digest/daily-digest.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/transport.ts';
import { createLeadRetention } from '../privacy/index.ts';
import type { LeadStore } from '../store/lead-store.ts';

export interface ScheduledJobParts {
  config: Pick<Config, 'leadRetentionDays' | 'digestHour' | 'mailFrom' | 'mailTo'>;
  store: LeadStore;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  messageIdDomain: string;
}

/** The jobs on a timer: old leads deleted, and the daily digest when DIGEST_HOUR asks for one. */
export function createScheduledJobs(parts: ScheduledJobParts) {
  const { config, store, clock, logger, mailer, messageIdDomain } = parts;
  const retention = createLeadRetention({
    store,
    clock,
    logger,
    retentionDays: config.leadRetentionDays,
  });
  const digest =
    config.digestHour === undefined
      ? undefined
      : createDailyDigest({
          store,
          mailer,
          clock,
          logger,
          addresses: { from: config.mailFrom, to: config.mailTo },
          hour: config.digestHour,
          messageIdDomain,
        });
  return [retention, ...(digest ? [digest] : [])];
}
