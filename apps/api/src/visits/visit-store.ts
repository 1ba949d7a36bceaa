import type Database from 'better-sqlite3';
import { createBuyerWorkQueries } from './buyer-work-queries.ts';
import { createReminderQueries } from './reminder-queries.ts';
import { createSlotQueries } from './slot-queries.ts';
import { createVisitQueries } from './visit-queries.ts';

/** The visits' statements on the store's connection; callers run writes in their transaction. */
export function createVisitStore(db: Database.Database) {
  return {
    ...createSlotQueries(db),
    ...createVisitQueries(db),
    ...createReminderQueries(db),
    ...createBuyerWorkQueries(db),
  };
}

export type VisitStore = ReturnType<typeof createVisitStore>;
