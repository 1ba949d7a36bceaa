import type Database from 'better-sqlite3';
import type { OutboxStatements } from './outbox-store.ts';

/**
 * Deletes every lead received before the cutoff that no longer waits for delivery, with the
 * buyers left without a lead and the settled messages about no lead; run it with `.immediate`.
 * Returns how many leads went.
 */
export function createSettledLeadDeletion(
  db: Database.Database,
  outbox: Pick<OutboxStatements, 'deleteSettledLeadlessBefore'>,
): Database.Transaction<(cutoff: number) => number> {
  // A newer duplicate may still point at an original that is old enough to go; it loses the
  // link, not its row.
  const unlinkExpired = db.prepare<[number]>(`
    UPDATE leads SET duplicate_of = NULL
    WHERE duplicate_of IN (
      SELECT id FROM leads WHERE received_at < ? AND status <> 'pending')`);
  const deleteExpired = db.prepare<[number]>(
    `DELETE FROM leads WHERE received_at < ? AND status <> 'pending'`,
  );
  // A buyer whose latest enquiry went falls back on the newest one left, and goes with the last.
  const refreshLatest = db.prepare(`
    UPDATE buyers SET latest_lead_id = (SELECT l.id FROM leads l
      WHERE l.buyer_id = buyers.id AND l.status NOT IN ('spam', 'test')
      ORDER BY l.received_at DESC, l.id DESC LIMIT 1)
    WHERE latest_lead_id IS NULL`);
  const deleteLeadlessBuyers = db.prepare(`
    DELETE FROM buyers WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE l.buyer_id = buyers.id)`);
  return db.transaction((cutoff: number): number => {
    unlinkExpired.run(cutoff);
    outbox.deleteSettledLeadlessBefore(cutoff);
    const deleted = deleteExpired.run(cutoff).changes;
    if (deleted > 0) {
      refreshLatest.run();
      deleteLeadlessBuyers.run();
    }
    return deleted;
  });
}
