import type Database from 'better-sqlite3';
import type { Clock } from '../clock.ts';
import type { IngestEnquiry } from '../intake/ingest-enquiry.ts';
import type { Logger } from '../logger.ts';
import { createBrokerAccounts } from './broker-accounts.ts';
import { createBrokerNotices, type NoticeSettings } from './broker-notices.ts';
import { createBrokerAccountQueries, createClaimQueries } from './broker-queries.ts';
import { createBrokerage } from './brokerage.ts';
import { createBrokerageQueries } from './brokerage-queries.ts';
import { createClaims } from './claims.ts';
import { createPartnerAuth } from './partner-auth.ts';

export interface BrokersOptions extends NoticeSettings {
  db: Database.Database;
  clock: Clock;
  logger: Logger;
  /** Stores a registered client's enquiry as every channel's is stored. */
  ingest: IngestEnquiry;
}

/** How often claims past their end are lapsed and their brokers' notices queued. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** The channel partners feature on `db`, built once by the composition root. */
export function createBrokers(options: BrokersOptions) {
  const { db, clock, logger } = options;
  const transaction = <T>(work: () => T): T => db.transaction(work).immediate();
  const accountQueries = createBrokerAccountQueries(db);
  const claimQueries = createClaimQueries(db);
  const notices = createBrokerNotices(db, options);
  const auth = createPartnerAuth(db, accountQueries, clock);
  const userById = db.prepare<[number], { id: number; name: string }>(
    `SELECT id, name FROM desk_users WHERE id = ? AND disabled_at IS NULL`,
  );
  const accounts = createBrokerAccounts({
    accounts: accountQueries,
    claims: claimQueries,
    auth,
    notices,
    activeUser: (id) => userById.get(id),
    transaction,
  });
  const claims = createClaims({
    claims: claimQueries,
    notices,
    ingest: options.ingest,
    transaction,
  });
  const brokerage = createBrokerage({
    brokerage: createBrokerageQueries(db),
    claims: claimQueries,
    accounts: accountQueries,
  });

  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    try {
      const lapsed = claims.sweep(clock.now());
      if (lapsed > 0) logger.info({ lapsed }, 'channel partner claims lapsed');
    } catch (error) {
      logger.error(
        { err: error },
        'the channel partner claims could not be swept; the next sweep tries again',
      );
    }
  };

  return {
    accounts,
    claims,
    claimQueries,
    brokerage,
    auth,
    transaction,
    /** The scheduled job: lapses and notices, now and every ten minutes. */
    sweep,
    start() {
      if (timer) return;
      sweep();
      timer = setInterval(sweep, SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type Brokers = ReturnType<typeof createBrokers>;

/** Routing's question, answered from the claims alone: who owns this buyer's broker. */
export function brokerClaimOwner(db: Database.Database): (buyerId: number) => number | undefined {
  const claims = createClaimQueries(db);
  return (buyerId) => claims.ownerOfBuyer(buyerId);
}
