import type Database from 'better-sqlite3';
import {
  openLeadStore,
  type LeadMessageRoute,
  type LeadStore,
  type StoredLeadFacts,
} from '../store/lead-store.ts';

/** What assigns each lead as it is stored, built once on the store's own connection. */
interface LeadStoredHandler {
  onLeadStored(lead: StoredLeadFacts): void;
}

/**
 * Opens the lead database, building `handler` (routing) on its connection once the schema is up
 * to date: it runs inside each lead's transaction, and the rest of the server uses the same one.
 * A disk that is full, read-only or missing is an operator's problem: say which file and why.
 */
export function openStore<Handler extends LeadStoredHandler>(
  file: string,
  routes: LeadMessageRoute[],
  buildHandler: (db: Database.Database) => Handler,
): { store: LeadStore; handler: Handler } {
  let handler: Handler | undefined;
  let store: LeadStore;
  try {
    store = openLeadStore(file, {
      routes,
      onLeadStored: (db) => {
        const built = buildHandler(db);
        handler = built;
        return (lead) => built.onLeadStored(lead);
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The lead database ${file} could not be opened for reading and writing (${reason}). Check that DATA_DIR is on a writable disk with free space.`,
      { cause: error },
    );
  }
  if (!handler) throw new Error('the lead store opened without building its lead handler');
  return { store, handler };
}
