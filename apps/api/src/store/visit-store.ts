import type Database from 'better-sqlite3';
import * as v from 'valibot';
import { PUSH_KIND } from './push-schema.ts';

/**
 * Site visits: the slots a week offers (per ISO weekday and India time, each with its capacity
 * in visits) and every visit booked, with who booked, checked in and closed it. A visit keeps
 * its day and time itself, so closing a slot later leaves the visits already in it alone.
 * `revision` counts reschedules: each plan of reminders is named by it.
 *
 * The week starts with slots at 10:00, 11:30, 15:00 and 16:30 every day, two visits each on
 * weekdays and four at weekends, when families come; managers change them on the desk.
 */
export const VISITS_MIGRATION = `
  CREATE TABLE visit_slots (
    weekday  INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    time     TEXT    NOT NULL,
    capacity INTEGER NOT NULL CHECK (capacity >= 1),
    PRIMARY KEY (weekday, time)
  ) STRICT;
  INSERT INTO visit_slots (weekday, time, capacity)
    SELECT d.value, t.value, CASE WHEN d.value >= 6 THEN 4 ELSE 2 END
    FROM json_each('[1,2,3,4,5,6,7]') d, json_each('["10:00","11:30","15:00","16:30"]') t;

  CREATE TABLE visits (
    id            INTEGER PRIMARY KEY,
    buyer_id      INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
    lead_id       INTEGER REFERENCES leads (id) ON DELETE SET NULL,
    day           TEXT    NOT NULL,
    time          TEXT    NOT NULL,
    starts_at     INTEGER NOT NULL,
    people        INTEGER NOT NULL CHECK (people >= 1),
    pickup        INTEGER NOT NULL CHECK (pickup IN (0, 1)),
    notes         TEXT    NOT NULL DEFAULT '',
    status        TEXT    NOT NULL DEFAULT 'scheduled'
                  CHECK (status IN ('scheduled', 'arrived', 'no_show', 'done', 'cancelled')),
    revision      INTEGER NOT NULL DEFAULT 0,
    booked_at     INTEGER NOT NULL,
    booked_by     INTEGER REFERENCES desk_users (id),
    checked_in_at INTEGER,
    checked_in_by INTEGER REFERENCES desk_users (id),
    outcome       TEXT,
    outcome_at    INTEGER,
    outcome_by    INTEGER REFERENCES desk_users (id),
    cancel_reason TEXT,
    cancelled_at  INTEGER,
    cancelled_by  INTEGER REFERENCES desk_users (id)
  ) STRICT;
  CREATE INDEX visits_by_slot ON visits (day, time, status);
  CREATE INDEX visits_by_start ON visits (starts_at);
  CREATE INDEX visits_by_buyer ON visits (buyer_id, starts_at);
`;

/**
 * The email reminding a visit's people of it, on the email channel, due when it is to go; each
 * also goes as a push (push-store's `visit` alert) to the devices of the person it reminds.
 */
export const VISIT_REMINDER_KIND = 'visit-reminder';

/** What a reminder in the outbox names: the visit, the plan it belongs to, and which one it is. */
export const visitReminderPayloadSchema = v.object({
  visitId: v.number(),
  revision: v.number(),
  which: v.picklist(['day_before', 'two_hours']),
});
export type VisitReminderPayload = v.InferOutput<typeof visitReminderPayloadSchema>;

export type VisitStatusValue = 'scheduled' | 'arrived' | 'no_show' | 'done' | 'cancelled';

export interface SlotRow {
  weekday: number;
  time: string;
  capacity: number;
}

/** A visit as stored, with its buyer's name, mobile and owner and its people's names. */
export interface VisitRow {
  id: number;
  buyer_id: number;
  lead_id: number;
  name: string;
  mobile: string;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  day: string;
  time: string;
  starts_at: number;
  people: number;
  pickup: number;
  notes: string;
  status: VisitStatusValue;
  revision: number;
  booked_at: number;
  booked_by: number | null;
  booked_by_name: string | null;
  booked_by_email: string | null;
  checked_in_at: number | null;
  checked_in_by: number | null;
  checked_in_by_name: string | null;
  outcome: string | null;
  outcome_at: number | null;
  outcome_by: number | null;
  outcome_by_name: string | null;
  cancel_reason: string | null;
  cancelled_at: number | null;
  cancelled_by: number | null;
  cancelled_by_name: string | null;
}

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

/** The buyer's work that the visits move: their stage and how far they came. */
export interface BuyerWorkRow {
  id: number;
  stage: string;
  furthest_stage: number;
  owner_id: number | null;
  owner_name: string | null;
  lost_reason: string | null;
  first_contact_at: number | null;
  first_contact_by: number | null;
  erased_at: number | null;
}

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

/** The visits' statements on the store's connection; callers run writes in their transaction. */
export function createVisitStore(db: Database.Database) {
  const slots = db.prepare<[], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots ORDER BY weekday, time`,
  );
  const slotsOf = db.prepare<[number], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots WHERE weekday = ? ORDER BY time`,
  );
  const slotAt = db.prepare<[number, string], SlotRow>(
    `SELECT weekday, time, capacity FROM visit_slots WHERE weekday = ? AND time = ?`,
  );
  const deleteSlots = db.prepare(`DELETE FROM visit_slots`);
  const insertSlot = db.prepare<[number, string, number]>(
    `INSERT INTO visit_slots (weekday, time, capacity) VALUES (?, ?, ?)`,
  );
  const bookedOn = db.prepare<[string], { time: string; count: number }>(
    `SELECT time, count(*) AS count FROM visits WHERE day = ? AND status <> 'cancelled'
     GROUP BY time`,
  );
  const bookedAt = db.prepare<[string, string, number], { count: number }>(
    `SELECT count(*) AS count FROM visits
     WHERE day = ? AND time = ? AND status <> 'cancelled' AND id <> ?`,
  );
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
  const statusesOfBuyer = db
    .prepare<[number], VisitStatusValue>(`SELECT status FROM visits WHERE buyer_id = ?`)
    .pluck();
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
  const eraseOfLead = db.prepare<[number]>(
    `UPDATE visits SET notes = '', outcome = CASE WHEN outcome IS NULL THEN NULL ELSE '' END,
       cancel_reason = CASE WHEN cancel_reason IS NULL THEN NULL ELSE '' END
     WHERE buyer_id = (SELECT buyer_id FROM leads WHERE id = ?)`,
  );
  const visitIdsOfLead = db
    .prepare<[number], number>(
      `SELECT id FROM visits WHERE buyer_id = (SELECT buyer_id FROM leads WHERE id = ?)`,
    )
    .pluck();
  const reminderEmailIds = db
    .prepare<[number], string>(
      `SELECT message_id FROM deliveries
       WHERE kind = '${VISIT_REMINDER_KIND}' AND lead_id IS NULL
         AND json_extract(payload, '$.visitId') = ?
       ORDER BY id`,
    )
    .pluck();
  // The reminders are an email and a push to each of the owner's devices.
  const dropPendingReminders = db.prepare<{ visitId: number }>(
    `DELETE FROM deliveries WHERE status = 'pending' AND (
       (kind = '${VISIT_REMINDER_KIND}' AND lead_id IS NULL
         AND json_extract(payload, '$.visitId') = @visitId)
       OR (kind = '${PUSH_KIND}' AND json_extract(payload, '$.alert.kind') = 'visit'
         AND json_extract(payload, '$.alert.visitId') = @visitId))`,
  );

  const moveBuyer = db.prepare<{ from: number; into: number }>(
    `UPDATE visits SET buyer_id = @into WHERE buyer_id = @from`,
  );

  const buyerWork = db.prepare<[number], BuyerWorkRow>(
    `SELECT b.id, b.stage, b.furthest_stage, b.owner_id, u.name AS owner_name, b.lost_reason,
       b.first_contact_at, b.first_contact_by, b.erased_at
     FROM buyers b LEFT JOIN desk_users u ON u.id = b.owner_id WHERE b.id = ?`,
  );
  const saveBuyerWork = db.prepare<
    Pick<
      BuyerWorkRow,
      'id' | 'stage' | 'furthest_stage' | 'lost_reason' | 'first_contact_at' | 'first_contact_by'
    >
  >(
    `UPDATE buyers SET stage = @stage, furthest_stage = @furthest_stage,
       lost_reason = @lost_reason, first_contact_at = @first_contact_at,
       first_contact_by = @first_contact_by
     WHERE id = @id`,
  );
  const insertEvent = db.prepare<[number, number, string, number | null, string, string | null]>(
    `INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail) VALUES (?, ?, ?, ?, ?, ?)`,
  );

  return {
    buyerWork: (buyerId: number) => buyerWork.get(buyerId),
    saveBuyerWork: (work: BuyerWorkRow) => {
      saveBuyerWork.run({
        id: work.id,
        stage: work.stage,
        furthest_stage: work.furthest_stage,
        lost_reason: work.lost_reason,
        first_contact_at: work.first_contact_at,
        first_contact_by: work.first_contact_by,
      });
    },
    addEvent(
      leadId: number,
      at: number,
      event: { type: 'visit' | 'stage'; actorId: number | null; text: string; detail?: string },
    ): void {
      insertEvent.run(leadId, at, event.type, event.actorId, event.text, event.detail ?? null);
    },
    slots: () => slots.all(),
    slotsOf: (weekday: number) => slotsOf.all(weekday),
    slotAt: (weekday: number, time: string) => slotAt.get(weekday, time),
    replaceSlots(rows: readonly SlotRow[]): void {
      deleteSlots.run();
      for (const slot of rows) insertSlot.run(slot.weekday, slot.time, slot.capacity);
    },
    bookedOn: (day: string) => bookedOn.all(day),
    /** Visits in the slot that still take its room, the visit `except` aside. */
    bookedAt: (day: string, time: string, except = 0) =>
      bookedAt.get(day, time, except)?.count ?? 0,
    insert: (visit: NewVisitRow) => {
      const row = insertVisit.get({ ...visit, pickupFlag: visit.pickup ? 1 : 0 });
      if (!row) throw new Error('the visit was not stored');
      return row.id;
    },
    byId: (id: number) => byId.get(id),
    between: (from: number, to: number) => between.all(from, to),
    ofBuyer: (buyerId: number) => ofBuyer.all(buyerId),
    statusesOfBuyer: (buyerId: number) => statusesOfBuyer.all(buyerId),
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
     * The erasure of a lead's person: the visits of its buyer keep their day, slot and status
     * (the reports count them) without the notes, outcome or reason anyone typed, and no
     * reminder about them goes out any more. Returns the Message-IDs of every reminder email
     * about them, sent or not, so that copies kept outside the database can go too.
     */
    eraseOfLead(leadId: number): string[] {
      const emailIds: string[] = [];
      for (const visitId of visitIdsOfLead.all(leadId)) {
        emailIds.push(...reminderEmailIds.all(visitId));
        dropPendingReminders.run({ visitId });
      }
      eraseOfLead.run(leadId);
      return emailIds;
    },
    /**
     * Two buyers merged: the visits of `from` are `into`'s now, reminders and all (they go to
     * whoever owns the buyer when they are sent).
     */
    moveBuyer: (from: number, into: number) => {
      moveBuyer.run({ from, into });
    },
    /** Reminders of the visit that have not gone out: dropped when it moves or is cancelled. */
    dropPendingReminders: (visitId: number) => {
      dropPendingReminders.run({ visitId });
    },
  };
}

export type VisitStore = ReturnType<typeof createVisitStore>;
