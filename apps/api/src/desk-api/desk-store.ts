import type Database from 'better-sqlite3';
import { createInboxQueries, createTimelineQueries, createWorkQueries } from '../buyers/index.ts';
import { createErasureQueries } from '../privacy/index.ts';
import { createExportQueries, createReportQueries, createSpendQueries } from '../reports/index.ts';
import { createSessionQueries, createUserQueries } from '../desk/account-queries.ts';

/**
 * The sales desk's store: every feature's queries on the one connection, as one object the desk's
 * routes and use cases are handed. Each feature keeps its own SQL (buyers/ the inbox, the timeline
 * and the work on a buyer; reports/ the figures and the export; privacy/ the erasure; desk/ the
 * accounts and sessions) and names only the part it uses (`BuyerStore`, `ReportStore`, …).
 */

export type DeskStore = ReturnType<typeof createDeskStore>;

export interface DeskStoreOptions {
  /** The outbox channels of the CRM endpoints, told of each change of a buyer's stage or owner. */
  webhookChannels?: readonly string[];
}

export function createDeskStore(db: Database.Database, options: DeskStoreOptions = {}) {
  const timeline = createTimelineQueries(db);
  return {
    ...createUserQueries(db),
    ...createSessionQueries(db),
    ...createInboxQueries(db),
    ...timeline,
    ...createWorkQueries(db, timeline, options.webhookChannels ?? []),
    ...createReportQueries(db),
    ...createSpendQueries(db),
    ...createExportQueries(db),
    ...createErasureQueries(db, timeline),
    /** Runs `write` in one transaction (joining the caller's, if any). */
    transaction: <T>(write: () => T): T => db.transaction(write)(),
  };
}
