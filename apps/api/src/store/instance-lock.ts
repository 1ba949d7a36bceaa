import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';

/** The database's single-instance lock, held by a running server until it closes or dies. */
export interface InstanceLock {
  /** True when no other server had the database open: this process is the only one on it. */
  readonly alone: boolean;
  release(): void;
}

/**
 * Takes the single-instance lock of `databaseFile`: a small SQLite file beside it
 * (`leads.sqlite.lock`) on which every running server holds a read lock for as long as it
 * runs. A server that finds no other holder gets it exclusively for a moment and runs `whileAlone`
 * then (taking back leases a killed process left), before it takes its own read lock. The
 * operating system drops a process's locks when it dies, kill -9 included, so a crash never
 * leaves the lock held. The lead database itself stays open to `pnpm leads` and to a second
 * server: neither is shut out, and a second server just finds itself not alone.
 */
export function acquireInstanceLock(databaseFile: string, whileAlone: () => void): InstanceLock {
  const file = `${databaseFile}.lock`;
  closeSync(openSync(file, 'a', 0o600));
  // A rollback journal, not WAL: in WAL mode a reader never blocks a writer, so nothing would
  // tell a second server that the first is running.
  const db = new Database(file, { timeout: 2_000 });
  try {
    db.pragma('journal_mode = DELETE');
    db.exec('CREATE TABLE IF NOT EXISTS instance (id INTEGER PRIMARY KEY)');
    db.pragma('busy_timeout = 0');
    let alone = true;
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      if (!isBusy(error)) throw error;
      alone = false;
    }
    if (alone) {
      try {
        whileAlone();
      } finally {
        db.exec('COMMIT');
      }
    }
    // Held until release or death: another server starting meanwhile is not alone.
    db.pragma('busy_timeout = 2000');
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM instance').get();
    return {
      alone,
      release() {
        if (!db.open) return;
        db.exec('ROLLBACK');
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
