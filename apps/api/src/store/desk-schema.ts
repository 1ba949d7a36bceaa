/**
 * The sales desk's own tables, appended to the lead database's migrations: the store owns every
 * table of the file, and the desk reads and writes these through `desk-api/desk-store.ts`. They
 * refer to leads by id and never change the capture path: a lead without a `lead_work` row is
 * simply new and unassigned.
 */
export const DESK_MIGRATION = `
  CREATE TABLE desk_users (
    id            INTEGER PRIMARY KEY,
    email         TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('manager', 'agent')),
    password_hash TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    disabled_at   INTEGER
  ) STRICT;
  CREATE TABLE desk_sessions (
    token_hash   TEXT    PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES desk_users (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX desk_sessions_by_user ON desk_sessions (user_id);
  CREATE TABLE desk_sign_in_failures (
    id      INTEGER PRIMARY KEY,
    at      INTEGER NOT NULL,
    email   TEXT    NOT NULL COLLATE NOCASE,
    address TEXT    NOT NULL
  ) STRICT;
  CREATE INDEX desk_sign_in_failures_by_email ON desk_sign_in_failures (email, at);
  CREATE INDEX desk_sign_in_failures_by_address ON desk_sign_in_failures (address, at);
  CREATE TABLE lead_work (
    lead_id          INTEGER PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    -- A copy of the lead's, so a list filtered on the desk's work pages in order from one index.
    received_at      INTEGER NOT NULL,
    stage            TEXT    NOT NULL DEFAULT 'new' CHECK (stage IN
                       ('new', 'contacted', 'visit_scheduled', 'visit_done', 'booked', 'lost')),
    furthest_stage   INTEGER NOT NULL DEFAULT 0,
    owner_id         INTEGER REFERENCES desk_users (id),
    follow_up_at     INTEGER,
    lost_reason      TEXT,
    first_contact_at INTEGER,
    first_contact_by INTEGER REFERENCES desk_users (id),
    erased_at        INTEGER
  ) STRICT;
  CREATE INDEX lead_work_by_stage ON lead_work (stage, received_at, lead_id);
  CREATE INDEX lead_work_by_owner ON lead_work (owner_id, received_at, lead_id);
  CREATE INDEX lead_work_by_age ON lead_work (received_at, lead_id);
  CREATE INDEX lead_work_by_follow_up ON lead_work (owner_id, follow_up_at);
  CREATE TABLE lead_events (
    id       INTEGER PRIMARY KEY,
    lead_id  INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    at       INTEGER NOT NULL,
    type     TEXT    NOT NULL CHECK (type IN
               ('stage', 'owner', 'follow_up', 'note', 'contact', 'erased')),
    actor_id INTEGER REFERENCES desk_users (id),
    text     TEXT    NOT NULL
  ) STRICT;
  CREATE INDEX lead_events_by_lead ON lead_events (lead_id, at);
  CREATE TABLE desk_exports (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor_id INTEGER NOT NULL REFERENCES desk_users (id),
    filters  TEXT    NOT NULL,
    rows     INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE desk_erasures (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor_id INTEGER REFERENCES desk_users (id),
    leads    INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX leads_by_source ON leads (source, received_at);
  CREATE INDEX leads_by_campaign ON leads (utm_source, utm_campaign, received_at);
  -- Any part of a mobile number, found without reading every lead: a trigram index of the
  -- mobile column, kept in step with leads by triggers whatever process writes them.
  CREATE VIRTUAL TABLE lead_mobiles USING fts5(
    mobile, content = 'leads', content_rowid = 'id', tokenize = 'trigram'
  );
  INSERT INTO lead_mobiles (lead_mobiles) VALUES ('rebuild');
  CREATE TRIGGER lead_mobiles_insert AFTER INSERT ON leads BEGIN
    INSERT INTO lead_mobiles (rowid, mobile) VALUES (new.id, new.mobile);
  END;
  CREATE TRIGGER lead_mobiles_delete AFTER DELETE ON leads BEGIN
    INSERT INTO lead_mobiles (lead_mobiles, rowid, mobile) VALUES ('delete', old.id, old.mobile);
  END;
  CREATE TRIGGER lead_mobiles_update AFTER UPDATE OF mobile ON leads BEGIN
    INSERT INTO lead_mobiles (lead_mobiles, rowid, mobile) VALUES ('delete', old.id, old.mobile);
    INSERT INTO lead_mobiles (rowid, mobile) VALUES (new.id, new.mobile);
  END;
`;

/**
 * What a person typed about a lead (a note, a Lost reason) moves out of an event's text into
 * `detail`, the one column of the timeline that can hold personal data and that erasure clears.
 * The export log keeps which filters were used, never the search text: older entries lose their
 * search (stored as it was typed, it could name the person).
 */
export const LEAD_EVENT_DETAIL_MIGRATION = `
  ALTER TABLE lead_events ADD COLUMN detail TEXT;
  UPDATE lead_events SET detail = text, text = '' WHERE type = 'note' AND text <> '';
  UPDATE lead_events
    SET detail = substr(text, instr(text, ': ') + 2), text = substr(text, 1, instr(text, ': ') - 1)
    WHERE type = 'stage' AND instr(text, ': ') > 0;
  UPDATE desk_exports SET filters = 'search=removed'
    WHERE filters LIKE 'q=%' OR filters LIKE '%&q=%';
`;

/**
 * Erased data leaves the disk: the mobile index removes a deleted entry's tokens from its pages
 * (FTS5's own secure-delete; SQLite's `secure_delete`, set on every connection, zeroes the rest)
 * and is rebuilt once so that no token of an earlier erasure remains. `erased_mobiles` holds the
 * keyed hash of each erased mobile, so the server can tell which erasures of its ledger a
 * restored backup has not seen yet.
 */
export const ERASURE_ON_DISK_MIGRATION = `
  INSERT INTO lead_mobiles (lead_mobiles, rank) VALUES ('secure-delete', 1);
  INSERT INTO lead_mobiles (lead_mobiles) VALUES ('rebuild');
  CREATE TABLE erased_mobiles (
    hmac TEXT    PRIMARY KEY,
    at   INTEGER NOT NULL
  ) STRICT;
`;
