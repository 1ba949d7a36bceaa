import type Database from 'better-sqlite3';
import type { CarriedLedger, ErasureLedger } from './erasure-ledger.ts';

/*
 * A backup carries the erasure ledger and its key in two tables of the copy, so that the one
 * file a backup is restores onto a new machine with every erasure made until it was taken. The
 * live database never keeps them: the server takes them into its data folder at start and drops
 * them.
 */
const ENTRIES_TABLE = 'backup_erasure_ledger';
const KEY_TABLE = 'backup_erasure_key';

/** Writes the ledger into a backup copy, replacing any it carried already. */
export function writeLedgerIntoBackup(copy: Database.Database, carried: CarriedLedger): void {
  copy.transaction(() => {
    copy.exec(`
      DROP TABLE IF EXISTS ${ENTRIES_TABLE};
      DROP TABLE IF EXISTS ${KEY_TABLE};
      CREATE TABLE ${ENTRIES_TABLE} (hmac TEXT NOT NULL, at INTEGER NOT NULL) STRICT;
      CREATE TABLE ${KEY_TABLE} (key TEXT NOT NULL) STRICT;
    `);
    copy.prepare<[string]>(`INSERT INTO ${KEY_TABLE} (key) VALUES (?)`).run(carried.key);
    const insert = copy.prepare<[string, number]>(
      `INSERT INTO ${ENTRIES_TABLE} (hmac, at) VALUES (?, ?)`,
    );
    for (const entry of carried.entries) insert.run(entry.hmac, entry.at);
  })();
}

/**
 * Takes the ledger a restored backup carried into `ledger` (the data folder's), then drops it
 * from the database; undefined when the database carried none. The ledger is on disk before the
 * tables go, so a crash in between only takes the same entries again at the next start.
 */
export function adoptLedgerFromBackup(
  db: Database.Database,
  ledger: Pick<ErasureLedger, 'adopt'>,
): number | undefined {
  const carries = db
    .prepare<[string], { name: string }>(`SELECT name FROM sqlite_schema WHERE name = ?`)
    .get(KEY_TABLE);
  if (!carries) return undefined;
  const key = db.prepare<[], { key: string }>(`SELECT key FROM ${KEY_TABLE}`).get()?.key ?? '';
  const entries = db
    .prepare<[], { hmac: string; at: number }>(
      `SELECT hmac, at FROM ${ENTRIES_TABLE} ORDER BY rowid`,
    )
    .all();
  const added = ledger.adopt({ key, entries });
  db.exec(`DROP TABLE ${ENTRIES_TABLE}; DROP TABLE ${KEY_TABLE};`);
  return added;
}
