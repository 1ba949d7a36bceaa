import type Database from 'better-sqlite3';

/**
 * Every request an intake endpoint refused, by source (`google_ads`, `meta`, `partner:<name>`):
 * when, the status it got and why, in words that never quote the body. Source health reads it.
 */
export const INTAKE_REFUSALS_MIGRATION = `
  CREATE TABLE intake_refusals (
    id     INTEGER PRIMARY KEY,
    source TEXT    NOT NULL,
    at     INTEGER NOT NULL,
    status INTEGER NOT NULL,
    reason TEXT    NOT NULL
  ) STRICT;
  CREATE INDEX intake_refusals_by_source ON intake_refusals (source, at);
`;

export interface IntakeRefusal {
  source: string;
  at: number;
  status: number;
  reason: string;
}

export interface IntakeRefusalStore {
  record(refusal: IntakeRefusal): void;
  /** The source's refusals since `since`, newest first. */
  listSince(source: string, since: number): IntakeRefusal[];
}

/** The statements on `intake_refusals`, on the lead store's connection. */
export function createIntakeRefusalStore(db: Database.Database): IntakeRefusalStore {
  const insert = db.prepare<[string, number, number, string]>(
    `INSERT INTO intake_refusals (source, at, status, reason) VALUES (?, ?, ?, ?)`,
  );
  const since = db.prepare<[string, number], IntakeRefusal>(`
    SELECT source, at, status, reason FROM intake_refusals
    WHERE source = ? AND at >= ? ORDER BY at DESC, id DESC`);
  return {
    record(refusal) {
      // A refusal is bookkeeping, not a lead: it need not wait for the disk, and a flood of bad
      // requests must not cost a disk sync each.
      db.pragma('synchronous = NORMAL');
      try {
        insert.run(refusal.source, refusal.at, refusal.status, refusal.reason.slice(0, 200));
      } finally {
        db.pragma('synchronous = FULL');
      }
    },
    listSince: (source, from) => since.all(source, from),
  };
}
