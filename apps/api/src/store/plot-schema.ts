/**
 * The plot inventory. A plot's `status` is the one the Plots screen filters and counts on; a
 * hold or a booking is a row of its own that says for whom and by whom. At most one hold and
 * one open booking (requested or approved) per plot: partial unique indexes, so two agents
 * holding the same plot at once can never both succeed, whatever process writes.
 *
 * A hold ends (released, expired, booked, erased) rather than being deleted, and a booking is
 * refused or cancelled rather than deleted, so a plot's history and the reports keep them.
 * Each step is also written to `plot_events`, the plot's history.
 */
export const PLOTS_MIGRATION = `
  CREATE TABLE plots (
    id             INTEGER PRIMARY KEY,
    number         TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    phase          TEXT    NOT NULL,
    size_sq_yd     REAL    NOT NULL CHECK (size_sq_yd > 0),
    facing         TEXT    NOT NULL CHECK (facing IN ('north', 'north_east', 'east',
                     'south_east', 'south', 'south_west', 'west', 'north_west')),
    corner         INTEGER NOT NULL CHECK (corner IN (0, 1)),
    price          INTEGER,
    rate_per_sq_yd INTEGER,
    status         TEXT    NOT NULL DEFAULT 'available' CHECK (status IN
                     ('available', 'held', 'booking_requested', 'booked')),
    updated_at     INTEGER NOT NULL,
    CHECK (price IS NOT NULL OR rate_per_sq_yd IS NOT NULL)
  ) STRICT;
  CREATE INDEX plots_by_phase ON plots (phase, number);
  CREATE TABLE plot_holds (
    id         INTEGER PRIMARY KEY,
    plot_id    INTEGER NOT NULL REFERENCES plots (id),
    buyer_id   INTEGER NOT NULL REFERENCES buyers (id),
    agent_id   INTEGER NOT NULL REFERENCES desk_users (id),
    held_at    INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    ended_at   INTEGER,
    end_reason TEXT CHECK (end_reason IN ('released', 'expired', 'booked', 'erased'))
  ) STRICT;
  CREATE UNIQUE INDEX plot_holds_current ON plot_holds (plot_id) WHERE ended_at IS NULL;
  CREATE INDEX plot_holds_by_buyer ON plot_holds (buyer_id, ended_at);
  CREATE TABLE plot_bookings (
    id             INTEGER PRIMARY KEY,
    plot_id        INTEGER NOT NULL REFERENCES plots (id),
    hold_id        INTEGER NOT NULL REFERENCES plot_holds (id),
    buyer_id       INTEGER NOT NULL REFERENCES buyers (id),
    requested_by   INTEGER NOT NULL REFERENCES desk_users (id),
    requested_at   INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN
                     ('requested', 'approved', 'refused', 'cancelled')),
    decided_by     INTEGER REFERENCES desk_users (id),
    decided_at     INTEGER
  ) STRICT;
  CREATE UNIQUE INDEX plot_bookings_open ON plot_bookings (plot_id)
    WHERE status IN ('requested', 'approved');
  CREATE INDEX plot_bookings_by_buyer ON plot_bookings (buyer_id, status);
  CREATE INDEX plot_bookings_by_decision ON plot_bookings (status, decided_at);
  CREATE TABLE plot_events (
    id       INTEGER PRIMARY KEY,
    plot_id  INTEGER NOT NULL REFERENCES plots (id),
    at       INTEGER NOT NULL,
    type     TEXT    NOT NULL CHECK (type IN ('imported', 'edited', 'held', 'extended',
               'released', 'expired', 'booking_requested', 'approved', 'refused', 'erased')),
    actor_id INTEGER REFERENCES desk_users (id),
    buyer_id INTEGER REFERENCES buyers (id),
    text     TEXT    NOT NULL
  ) STRICT;
  CREATE INDEX plot_events_by_plot ON plot_events (plot_id, at);
`;

/**
 * A manager may cancel an approved booking (the buyer withdrew): the booking keeps who cancelled
 * it, when and why, and the plot's history gains the step. SQLite cannot widen a CHECK in place,
 * so the history table is rebuilt by its own recipe.
 */
export const PLOT_BOOKING_CANCEL_MIGRATION = `
  ALTER TABLE plot_bookings ADD COLUMN cancelled_by INTEGER REFERENCES desk_users (id);
  ALTER TABLE plot_bookings ADD COLUMN cancelled_at INTEGER;
  ALTER TABLE plot_bookings ADD COLUMN cancel_reason TEXT;
  CREATE TABLE plot_events_new (
    id       INTEGER PRIMARY KEY,
    plot_id  INTEGER NOT NULL REFERENCES plots (id),
    at       INTEGER NOT NULL,
    type     TEXT    NOT NULL CHECK (type IN ('imported', 'edited', 'held', 'extended',
               'released', 'expired', 'booking_requested', 'approved', 'refused', 'erased',
               'booking_cancelled')),
    actor_id INTEGER REFERENCES desk_users (id),
    buyer_id INTEGER REFERENCES buyers (id),
    text     TEXT    NOT NULL
  ) STRICT;
  INSERT INTO plot_events_new (id, plot_id, at, type, actor_id, buyer_id, text)
    SELECT id, plot_id, at, type, actor_id, buyer_id, text FROM plot_events;
  DROP TABLE plot_events;
  ALTER TABLE plot_events_new RENAME TO plot_events;
  CREATE INDEX plot_events_by_plot ON plot_events (plot_id, at);
`;
