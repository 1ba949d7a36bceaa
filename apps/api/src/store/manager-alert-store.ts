import type Database from 'better-sqlite3';
import type { ManagerSummaryItem } from './routing-alert-payloads.ts';

/**
 * The managers' alerts (see routing/manager-alerts.ts), `manager_alerts`: one row per thing a
 * manager is told of (a buyer not called in time, a held lead, a booking request), once per
 * `key`. `window_at` is when the managers are told: at once (its own time) or when the summary
 * it waits for is due; `told_at` is set when it went out. The rows carry no buyer's data: the
 * item names staff and a plot, and the lead it is about.
 */
export const MANAGER_ALERTS_MIGRATION = `
  CREATE TABLE manager_alerts (
    id        INTEGER PRIMARY KEY,
    key       TEXT    NOT NULL UNIQUE,
    lead_id   INTEGER REFERENCES leads (id) ON DELETE CASCADE,
    at        INTEGER NOT NULL,
    item      TEXT    NOT NULL,
    window_at INTEGER NOT NULL,
    told_at   INTEGER
  ) STRICT;
  CREATE INDEX manager_alerts_by_window ON manager_alerts (told_at, window_at);
`;

interface ItemRow {
  item: string;
}

export function createManagerAlertStore(db: Database.Database) {
  const insert = db.prepare<{
    key: string;
    leadId: number;
    at: number;
    item: string;
    windowAt: number;
    toldAt: number | null;
  }>(
    `INSERT INTO manager_alerts (key, lead_id, at, item, window_at, told_at)
     VALUES (@key, @leadId, @at, @item, @windowAt, @toldAt)
     ON CONFLICT (key) DO NOTHING`,
  );
  const openWindow = db
    .prepare<[], number>(
      `SELECT window_at FROM manager_alerts WHERE told_at IS NULL ORDER BY window_at LIMIT 1`,
    )
    .pluck();
  const lastTold = db.prepare<[], number | null>(`SELECT max(told_at) FROM manager_alerts`).pluck();
  const untoldOf = db.prepare<[number], ItemRow>(
    `SELECT item FROM manager_alerts WHERE told_at IS NULL AND window_at = ? ORDER BY at, id`,
  );
  const tell = db.prepare<[number, number]>(
    `UPDATE manager_alerts SET told_at = ? WHERE told_at IS NULL AND window_at = ?`,
  );
  // Only the newest told row and the untold ones matter; the rest are history nobody reads.
  const forgetBefore = db.prepare<[number]>(
    `DELETE FROM manager_alerts WHERE told_at IS NOT NULL AND told_at < ?`,
  );
  const heldWaiting = db
    .prepare<[], number>(
      `SELECT count(*) FROM leads l JOIN buyers b ON b.id = l.buyer_id
       WHERE l.status = 'held' AND b.erased_at IS NULL`,
    )
    .pluck();
  const bookingsWaiting = db
    .prepare<[], number>(`SELECT count(*) FROM plots WHERE status = 'booking_requested'`)
    .pluck();
  const names = db.prepare<[string], { id: number; name: string }>(
    `SELECT l.id, l.name FROM leads l JOIN buyers b ON b.id = l.buyer_id
     WHERE l.id IN (SELECT value FROM json_each(?)) AND b.erased_at IS NULL`,
  );

  return {
    /** Stores the item once per key, false when it was stored before. */
    add(row: {
      key: string;
      item: ManagerSummaryItem;
      windowAt: number;
      toldAt: number | null;
    }): boolean {
      return (
        insert.run({
          key: row.key,
          leadId: row.item.leadId,
          at: row.item.at,
          item: JSON.stringify(row.item),
          windowAt: row.windowAt,
          toldAt: row.toldAt,
        }).changes > 0
      );
    },
    /** When the summary the untold items wait for is due; undefined when none waits. */
    openWindow: (): number | undefined => openWindow.get(),
    /** When the managers were last told of anything; undefined when never. */
    lastTold: (): number | undefined => lastTold.get() ?? undefined,
    /** Marks the items of the window told at `at`, and answers them, oldest first. */
    tell(windowAt: number, at: number): ManagerSummaryItem[] {
      const items = untoldOf.all(windowAt).map((row) => JSON.parse(row.item) as ManagerSummaryItem);
      tell.run(at, windowAt);
      return items;
    },
    forgetToldBefore: (cutoff: number) => forgetBefore.run(cutoff).changes,
    /** What waits for a manager's decision: held leads, and plots whose booking is requested. */
    waiting: () => ({ held: heldWaiting.get() ?? 0, bookings: bookingsWaiting.get() ?? 0 }),
    /** The buyers' names of these leads, erased buyers left out. */
    leadNames(leadIds: readonly number[]): Map<number, string> {
      return new Map(names.all(JSON.stringify(leadIds)).map((row) => [row.id, row.name]));
    },
  };
}

export type ManagerAlertStore = ReturnType<typeof createManagerAlertStore>;
