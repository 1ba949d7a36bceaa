import type Database from 'better-sqlite3';
import { createBuyerPlots } from './plot-buyers.ts';
import { createPlotQueries } from './plot-queries.ts';
import { createPlotWrites } from './plot-writes.ts';

export type PlotStore = ReturnType<typeof createPlotStore>;

/** Every SQL statement of the plot inventory, on the lead store's connection. */
export function createPlotStore(db: Database.Database) {
  return {
    /** Runs `run` in one IMMEDIATE transaction: the write lock first, then the checks. */
    transaction: <T>(run: () => T): T => db.transaction(run).immediate(),
    ...createPlotQueries(db),
    ...createPlotWrites(db),
    ...createBuyerPlots(db),
  };
}
