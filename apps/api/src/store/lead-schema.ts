import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  DESK_MIGRATION,
  ERASURE_ON_DISK_MIGRATION,
  LEAD_EVENT_DETAIL_MIGRATION,
} from './desk-schema.ts';
import { BUYERS_MIGRATION } from './buyer-schema.ts';
import { ENQUIRY_MIGRATION } from './enquiry-migration.ts';
import { INTAKE_REFUSALS_MIGRATION } from './intake-refusal-store.ts';
import { LEAD_PROBLEMS_MIGRATION } from './lead-problems-migration.ts';
import { MANAGER_ALERTS_MIGRATION } from './manager-alert-store.ts';
import { PARTNER_SOURCES_MIGRATION } from './partner-source-store.ts';
import { VISIT_ATTRIBUTION_MIGRATION } from './visit-attribution-migration.ts';
import { SOURCE_HEALTH_MIGRATION } from './source-health-schema.ts';
import { SPEND_MIGRATION } from './spend-schema.ts';
import { MOBILE_E164_MIGRATION } from './mobile-e164-migration.ts';
import { PLOT_BOOKING_CANCEL_MIGRATION, PLOTS_MIGRATION } from './plot-schema.ts';
import { PUSH_MIGRATION } from './push-schema.ts';
import { ROUTING_MIGRATION } from './routing-schema.ts';
import { VISITS_MIGRATION } from './visit-schema.ts';
import { ACCOUNT_PASSWORD_CHANGE_MIGRATION } from './account-schema.ts';
import { OUTBOX_MESSAGES_MIGRATION } from './outbox-migration.ts';
import { CLICK_IDS_MIGRATION } from './click-ids-migration.ts';
import { FEED_FETCHES_MIGRATION } from './feed-fetch-schema.ts';
import { PORTAL_SOURCES_MIGRATION } from './portal-source-schema.ts';
import { BROKERS_MIGRATION } from './broker-schema.ts';
import { WHATSAPP_CHANGES_MIGRATION, WHATSAPP_MIGRATION } from './whatsapp-schema.ts';

const LEAD_COLUMNS = `id, public_id, message_id, kind, name, mobile, plot_range, location, source,
  page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, status, received_at,
  attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, duplicate_of,
  consent_notice`;

/** Each entry moves the schema one version up; `user_version` records how far a file has come. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE leads (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT    NOT NULL UNIQUE,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL CHECK (kind IN ('brochure', 'contact')),
    name            TEXT    NOT NULL,
    mobile          TEXT    NOT NULL,
    plot_range      TEXT,
    location        TEXT,
    source          TEXT,
    page            TEXT,
    utm_source      TEXT,
    utm_medium      TEXT,
    utm_campaign    TEXT,
    utm_term        TEXT,
    utm_content     TEXT,
    gclid           TEXT,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'duplicate', 'spam')),
    received_at     INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    duplicate_of    INTEGER REFERENCES leads (id)
  ) STRICT;
  CREATE INDEX leads_due ON leads (status, next_attempt_at);
  CREATE INDEX leads_recent_by_mobile ON leads (mobile, kind, received_at);
  CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL) STRICT;
  `,
  `
  ALTER TABLE leads ADD COLUMN consent_notice TEXT;
  CREATE INDEX leads_by_age ON leads (received_at);
  `,
  `
  CREATE TABLE digests (
    day           TEXT    PRIMARY KEY,
    claimed_by    TEXT    NOT NULL,
    claimed_until INTEGER NOT NULL,
    sent_at       INTEGER
  ) STRICT;
  `,
  // One delivery row per lead and channel, so each channel retries on its own. The lead keeps
  // its status (pending until emailed, then sent); its own attempt and lease columns stay for
  // older tools but are no longer written. A status check cannot be altered in place, so the
  // table is copied whole, every column kept, to allow 'held'.
  `
  CREATE TABLE leads_next (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT    NOT NULL UNIQUE,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL CHECK (kind IN ('brochure', 'contact')),
    name            TEXT    NOT NULL,
    mobile          TEXT    NOT NULL,
    plot_range      TEXT,
    location        TEXT,
    source          TEXT,
    page            TEXT,
    utm_source      TEXT,
    utm_medium      TEXT,
    utm_campaign    TEXT,
    utm_term        TEXT,
    utm_content     TEXT,
    gclid           TEXT,
    status          TEXT    NOT NULL
      CHECK (status IN ('pending', 'sent', 'duplicate', 'spam', 'held')),
    received_at     INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    duplicate_of    INTEGER REFERENCES leads (id),
    consent_notice  TEXT
  ) STRICT;
  INSERT INTO leads_next (${LEAD_COLUMNS}) SELECT ${LEAD_COLUMNS} FROM leads;
  DROP TABLE leads;
  ALTER TABLE leads_next RENAME TO leads;
  CREATE INDEX leads_by_status ON leads (status, received_at);
  CREATE INDEX leads_recent_by_mobile ON leads (mobile, kind, received_at);
  CREATE INDEX leads_by_age ON leads (received_at);
  DROP TABLE heartbeat;

  CREATE TABLE deliveries (
    id              INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    UNIQUE (lead_id, channel)
  ) STRICT;
  CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
  INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, last_error, sent_at)
    SELECT id, 'email', status, attempts, next_attempt_at, last_error, sent_at
    FROM leads WHERE status IN ('pending', 'sent');

  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice
    FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email';
  `,
  // When each delivery was queued, or queued again by hand: a webhook is given up a day after.
  `
  ALTER TABLE deliveries ADD COLUMN queued_at INTEGER;
  UPDATE deliveries
    SET queued_at = (SELECT received_at FROM leads WHERE leads.id = deliveries.lead_id);
  `,
  DESK_MIGRATION,
  // One row per message rather than per lead and channel, each with its own id and kind.
  OUTBOX_MESSAGES_MIGRATION,
  LEAD_EVENT_DETAIL_MIGRATION,
  ERASURE_ON_DISK_MIGRATION,
  PARTNER_SOURCES_MIGRATION,
  VISIT_ATTRIBUTION_MIGRATION,
  BUYERS_MIGRATION,
  ENQUIRY_MIGRATION,
  INTAKE_REFUSALS_MIGRATION,
  SOURCE_HEALTH_MIGRATION,
  MOBILE_E164_MIGRATION,
  PLOTS_MIGRATION,
  ROUTING_MIGRATION,
  VISITS_MIGRATION,
  ACCOUNT_PASSWORD_CHANGE_MIGRATION,
  PUSH_MIGRATION,
  PLOT_BOOKING_CANCEL_MIGRATION,
  LEAD_PROBLEMS_MIGRATION,
  MANAGER_ALERTS_MIGRATION,
  WHATSAPP_MIGRATION,
  WHATSAPP_CHANGES_MIGRATION,
  SPEND_MIGRATION,
  CLICK_IDS_MIGRATION,
  FEED_FETCHES_MIGRATION,
  PORTAL_SOURCES_MIGRATION,
  BROKERS_MIGRATION,
];

/**
 * Creates the data folder (0700) and the database file (0600) for this user alone: leads are
 * personal data. SQLite gives the -wal and -shm files the database file's mode.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

/**
 * Opens the lead database for reading and writing, created for this user alone when new, its
 * schema brought up to date.
 */
export function openLeadDatabase(file: string): Database.Database {
  createPrivately(file);
  const db = new Database(file, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  // FULL: a lead acknowledged with "success" survives a power cut, not just a process crash.
  db.pragma('synchronous = FULL');
  // Deleted and overwritten content is zeroed in the file, not left in free space: an erased
  // mobile must not stay readable on disk or in a backup.
  db.pragma('secure_delete = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  migrate(db);
  // A file from before secure deletion still holds what was deleted then in its free pages:
  // rewritten once, without them.
  if (version > 0 && version <= MIGRATIONS.indexOf(ERASURE_ON_DISK_MIGRATION)) db.exec('VACUUM');
  db.pragma('foreign_keys = ON');
  return db;
}

function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The lead database has schema version ${current}, newer than this server knows (${MIGRATIONS.length}).`,
    );
  }
  if (current === MIGRATIONS.length) return;
  // Off while tables are rebuilt (SQLite's own recipe), then checked before the commit.
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    MIGRATIONS.slice(current).forEach((sql, index) => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    });
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error('the lead database migration broke a reference');
  }).immediate();
}
