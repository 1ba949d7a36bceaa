/**
 * Routing's tables (see `routing/`): who is on duty, the one row of routing settings, and every
 * assignment of a buyer to a person with its first-response clock.
 *
 * - `desk_users.on_duty`: 1 while the person takes new buyers; everyone starts off duty.
 * - `routing_settings`: automatic assignment on or off, the first-response target in working
 *   minutes, the working hours as minutes after midnight India time, and the round robin's
 *   pointer (the person who got the last buyer handed out in turn).
 * - `buyer_assignments`: one row per hand-over. `due_at` is when the first response is due
 *   (null when nobody is timed, as for a manager's own choice); `attempt` counts the
 *   reassignments before this one; `answered_at` is the first call, WhatsApp tap or stage change
 *   while it was current; `ended_at` when someone else took over. `lead_id` is the enquiry
 *   that started it, for the reports per origin and per form.
 * - `routing_waiting`: buyers that came in while nobody was on duty (or automatic assignment
 *   was off), handed out as soon as someone is.
 *
 * The timeline's type check moves out of SQL: the desk's code (`TIMELINE_TYPES`) is the one list
 * of entry types, so a feature adds its own (routing's steps are `routing`) without copying
 * the table again.
 */
export const ROUTING_MIGRATION = `
  ALTER TABLE desk_users ADD COLUMN on_duty INTEGER NOT NULL DEFAULT 0 CHECK (on_duty IN (0, 1));

  CREATE TABLE routing_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    auto_assign    INTEGER NOT NULL DEFAULT 1 CHECK (auto_assign IN (0, 1)),
    target_minutes INTEGER NOT NULL DEFAULT 5 CHECK (target_minutes BETWEEN 1 AND 1440),
    start_minute   INTEGER NOT NULL DEFAULT 540 CHECK (start_minute BETWEEN 0 AND 1439),
    end_minute     INTEGER NOT NULL DEFAULT 1200 CHECK (end_minute BETWEEN 0 AND 1439),
    last_user_id   INTEGER REFERENCES desk_users (id)
  ) STRICT;
  INSERT INTO routing_settings (id) VALUES (1);

  CREATE TABLE buyer_assignments (
    id          INTEGER PRIMARY KEY,
    buyer_id    INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
    lead_id     INTEGER REFERENCES leads (id) ON DELETE SET NULL,
    user_id     INTEGER NOT NULL REFERENCES desk_users (id),
    assigned_at INTEGER NOT NULL,
    due_at      INTEGER,
    reason      TEXT    NOT NULL
      CHECK (reason IN ('new', 'returning', 'on_duty', 'reassigned', 'manual')),
    attempt     INTEGER NOT NULL DEFAULT 0 CHECK (attempt BETWEEN 0 AND 3),
    answered_at INTEGER,
    ended_at    INTEGER
  ) STRICT;
  CREATE INDEX buyer_assignments_by_buyer ON buyer_assignments (buyer_id, ended_at);
  CREATE INDEX buyer_assignments_open ON buyer_assignments (user_id, ended_at, answered_at, due_at);
  CREATE INDEX buyer_assignments_by_time ON buyer_assignments (assigned_at);

  CREATE TABLE routing_waiting (
    buyer_id INTEGER PRIMARY KEY REFERENCES buyers (id) ON DELETE CASCADE,
    lead_id  INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    since    INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE lead_events_next (
    id       INTEGER PRIMARY KEY,
    lead_id  INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    at       INTEGER NOT NULL,
    type     TEXT    NOT NULL,
    actor_id INTEGER REFERENCES desk_users (id),
    text     TEXT    NOT NULL,
    detail   TEXT
  ) STRICT;
  INSERT INTO lead_events_next (id, lead_id, at, type, actor_id, text, detail)
    SELECT id, lead_id, at, type, actor_id, text, detail FROM lead_events;
  DROP TABLE lead_events;
  ALTER TABLE lead_events_next RENAME TO lead_events;
  CREATE INDEX lead_events_by_lead ON lead_events (lead_id, at);
`;
