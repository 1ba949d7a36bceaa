import type Database from 'better-sqlite3';

export interface WriteGuard {
  /** Runs a write, remembering whether it failed. */
  write: <T>(run: () => T) => T;
  /** Runs a write that need not wait for the disk (delivery bookkeeping). */
  withoutSync: <T>(run: () => T) => T;
  /** Whether the last write failed. */
  lastWriteFailed: () => boolean;
}

/** Every write goes through here, so /readyz can tell a failing disk without writing itself. */
export function createWriteGuard(db: Database.Database): WriteGuard {
  let lastWriteFailed = false;
  function write<T>(run: () => T): T {
    try {
      const result = run();
      lastWriteFailed = false;
      return result;
    } catch (error) {
      lastWriteFailed = true;
      throw error;
    }
  }

  /**
   * Delivery bookkeeping (claims, sent marks, retries) commits without waiting for the disk:
   * WAL keeps it atomic and crash-safe for the process, and what a power cut may undo is a
   * lease or a "sent" mark, so a lead is sent again with the same Message-ID rather than lost.
   * The visitor's lead itself is always synced before "success".
   */
  function withoutSync<T>(run: () => T): T {
    db.pragma('synchronous = NORMAL');
    try {
      return write(run);
    } finally {
      db.pragma('synchronous = FULL');
    }
  }

  return { write, withoutSync, lastWriteFailed: () => lastWriteFailed };
}
