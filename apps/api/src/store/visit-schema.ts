import * as v from 'valibot';

/**
 * Site visits: the slots a week offers (per ISO weekday and India time, each with its capacity
 * in visits) and every visit booked, with who booked, checked in and closed it. A visit keeps
 * its day and time itself, so closing a slot later leaves the visits already in it alone.
 * `revision` counts reschedules: each plan of reminders is named by it.
 *
 * The week starts with slots at 10:00, 11:30, 15:00 and 16:30 every day, two visits each on
 * weekdays and four at weekends, when families come; managers change them on the desk.
 *
 * The tables' queries are the visits feature's own (visits/); what is here is what the store's
 * migrations and the outbox channels (a reminder's email and push) read too.
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

/** How a channel reads the visit a reminder is about when it goes out (it may have changed). */
export interface VisitLookup {
  byId(id: number): VisitRow | undefined;
}
