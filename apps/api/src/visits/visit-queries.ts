import type Database from 'better-sqlite3';
import type { VisitRow, VisitStatusValue } from '../store/visit-schema.ts';

// The enquiry a visit is shown under: the one it was booked from, or (once retention removed
// that one) the buyer's latest.
const VISIT_SELECT = `
  SELECT v.id, v.buyer_id, coalesce(v.lead_id, b.latest_lead_id) AS lead_id,
    coalesce(l.name, '') AS name, coalesce(b.mobile, '') AS mobile,
    b.owner_id, owner.name AS owner_name, owner.email AS owner_email,
    v.day, v.time, v.starts_at, v.people, v.pickup, v.notes, v.status, v.revision,
    v.booked_at, v.booked_by, booker.name AS booked_by_name, booker.email AS booked_by_email,
    v.checked_in_at, v.checked_in_by, checker.name AS checked_in_by_name,
    v.outcome, v.outcome_at, v.outcome_by, closer.name AS outcome_by_name,
    v.cancel_reason, v.cancelled_at, v.cancelled_by, canceller.name AS cancelled_by_name
  FROM visits v
  JOIN buyers b ON b.id = v.buyer_id
  LEFT JOIN leads l ON l.id = coalesce(v.lead_id, b.latest_lead_id)
  LEFT JOIN desk_users owner ON owner.id = b.owner_id
  LEFT JOIN desk_users booker ON booker.id = v.booked_by
  LEFT JOIN desk_users checker ON checker.id = v.checked_in_by
  LEFT JOIN desk_users closer ON closer.id = v.outcome_by
  LEFT JOIN desk_users canceller ON canceller.id = v.cancelled_by`;

export interface NewVisitRow {
  buyerId: number;
  leadId: number;
  day: string;
  time: string;
  startsAt: number;
  people: number;
  pickup: boolean;
  notes: string;
  bookedAt: number;
  bookedBy: number;
}

/**
 * The statuses of a buyer's visits, as the stage they give is worked out (`stageFromVisits`), here
 * and when a plot's booking is cancelled.
 */
export function createVisitStatuses(db: Database.Database) {
  const statusesOfBuyer = db
    .prepare<[number], VisitStatusValue>(`SELECT status FROM visits WHERE buyer_id = ?`)
    .pluck();
  return (buyerId: number) => statusesOfBuyer.all(buyerId);
}

/** The visits themselves: stored, read, moved, cancelled, checked in and closed. */
export function createVisitQueries(db: Database.Database) {
  const insertVisit = db.prepare<NewVisitRow & { pickupFlag: number }, { id: number }>(
    `INSERT INTO visits (buyer_id, lead_id, day, time, starts_at, people, pickup, notes,
       booked_at, booked_by)
     VALUES (@buyerId, @leadId, @day, @time, @startsAt, @people, @pickupFlag, @notes, @bookedAt,
       @bookedBy)
     RETURNING id`,
  );
  const byId = db.prepare<[number], VisitRow>(`${VISIT_SELECT} WHERE v.id = ?`);
  const between = db.prepare<[number, number], VisitRow>(
    `${VISIT_SELECT} WHERE v.starts_at >= ? AND v.starts_at < ? ORDER BY v.starts_at, v.id
     LIMIT 2000`,
  );
  const ofBuyer = db.prepare<[number], VisitRow>(
    `${VISIT_SELECT} WHERE v.buyer_id = ? ORDER BY v.starts_at, v.id LIMIT 200`,
  );
  const moveVisit = db.prepare<[string, string, number, number]>(
    `UPDATE visits SET day = ?, time = ?, starts_at = ?, revision = revision + 1 WHERE id = ?`,
  );
  const cancelVisit = db.prepare<[string, number, number, number]>(
    `UPDATE visits SET status = 'cancelled', cancel_reason = ?, cancelled_at = ?,
       cancelled_by = ? WHERE id = ?`,
  );
  const checkIn = db.prepare<[string, number, number, number]>(
    `UPDATE visits SET status = ?, checked_in_at = ?, checked_in_by = ? WHERE id = ?`,
  );
  const closeVisit = db.prepare<[string, number, number, number]>(
    `UPDATE visits SET status = 'done', outcome = ?, outcome_at = ?, outcome_by = ? WHERE id = ?`,
  );
  const moveBuyer = db.prepare<{ from: number; into: number }>(
    `UPDATE visits SET buyer_id = @into WHERE buyer_id = @from`,
  );

  return {
    insert: (visit: NewVisitRow) => {
      const row = insertVisit.get({ ...visit, pickupFlag: visit.pickup ? 1 : 0 });
      if (!row) throw new Error('the visit was not stored');
      return row.id;
    },
    byId: (id: number) => byId.get(id),
    between: (from: number, to: number) => between.all(from, to),
    ofBuyer: (buyerId: number) => ofBuyer.all(buyerId),
    statusesOfBuyer: createVisitStatuses(db),
    move: (id: number, day: string, time: string, startsAt: number) => {
      moveVisit.run(day, time, startsAt, id);
    },
    cancel: (id: number, reason: string, at: number, by: number) => {
      cancelVisit.run(reason, at, by, id);
    },
    checkIn: (id: number, status: 'arrived' | 'no_show', at: number, by: number) => {
      checkIn.run(status, at, by, id);
    },
    close: (id: number, outcome: string, at: number, by: number) => {
      closeVisit.run(outcome, at, by, id);
    },
    /**
     * Two buyers merged: the visits of `from` are `into`'s now, reminders and all (they go to
     * whoever owns the buyer when they are sent).
     */
    moveBuyer: (from: number, into: number) => {
      moveBuyer.run({ from, into });
    },
  };
}
