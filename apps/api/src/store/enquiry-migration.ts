import { SALES_EMAIL_KIND } from './outbox-store.ts';

const KEPT_COLUMNS = `id, public_id, message_id, kind, name, mobile, plot_range, location, source,
  page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, status, received_at,
  attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, duplicate_of,
  consent_notice, fbclid, landing_page, referrer, buyer_id`;

/**
 * Leads from other channels than the site's forms: each lead's `origin` ('site' for every lead
 * stored before), the new kind `enquiry`, the status `test` (an ad platform's test lead, kept but
 * never delivered), what such a lead may carry beyond the site's fields (`email`, `message`,
 * `answers` as JSON text of question → answer), and the channel's own id of the lead, unique per
 * origin: the key that makes a repeated delivery the same lead. Check constraints cannot be
 * altered in place, so the table is copied whole (SQLite's recipe), ids kept, and what hangs on it
 * (indexes, the mobile search's triggers, the lead view) is made again.
 */
export const ENQUIRY_MIGRATION = `
  CREATE TABLE leads_next (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT    NOT NULL UNIQUE,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL CHECK (kind IN ('brochure', 'contact', 'enquiry')),
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
      CHECK (status IN ('pending', 'sent', 'duplicate', 'spam', 'held', 'test')),
    received_at     INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    duplicate_of    INTEGER REFERENCES leads (id),
    consent_notice  TEXT,
    fbclid          TEXT,
    landing_page    TEXT,
    referrer        TEXT,
    buyer_id        INTEGER REFERENCES buyers (id),
    origin          TEXT    NOT NULL DEFAULT 'site',
    email           TEXT,
    message         TEXT,
    answers         TEXT,
    external_id     TEXT,
    UNIQUE (origin, external_id)
  ) STRICT;
  INSERT INTO leads_next (${KEPT_COLUMNS}) SELECT ${KEPT_COLUMNS} FROM leads;
  DROP VIEW lead_rows;
  DROP TABLE leads;
  ALTER TABLE leads_next RENAME TO leads;
  CREATE INDEX leads_by_status ON leads (status, received_at);
  CREATE INDEX leads_recent_by_mobile ON leads (mobile, kind, received_at);
  CREATE INDEX leads_by_age ON leads (received_at);
  CREATE INDEX leads_by_source ON leads (source, received_at);
  CREATE INDEX leads_by_campaign ON leads (utm_source, utm_campaign, received_at);
  CREATE INDEX leads_by_origin ON leads (origin, received_at);
  CREATE INDEX leads_by_buyer ON leads (buyer_id, received_at);
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

  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice, l.fbclid, l.landing_page, l.referrer, l.buyer_id,
      l.origin, l.email, l.message, l.answers, l.external_id
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
