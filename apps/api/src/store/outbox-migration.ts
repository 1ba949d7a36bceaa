import { LEAD_CREATED_KIND, SALES_EMAIL_KIND } from './outbox-messages.ts';

/**
 * The migration that turns `deliveries` from one row per lead and channel into one row per
 * message. Existing rows keep the ids their receivers already saw: an email its lead's
 * Message-ID, a webhook post `msg_<lead id without dashes>_<endpoint key>`.
 */
export const OUTBOX_MESSAGES_MIGRATION = `
  CREATE TABLE deliveries_next (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT    NOT NULL UNIQUE,
    lead_id         INTEGER REFERENCES leads (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    payload         TEXT,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    queued_at       INTEGER NOT NULL
  ) STRICT;
  INSERT INTO deliveries_next (id, message_id, lead_id, channel, kind, status, attempts,
      next_attempt_at, lease_owner, lease_until, last_error, sent_at, queued_at)
    SELECT d.id,
      CASE
        WHEN d.channel = 'email' THEN l.message_id
        WHEN d.channel LIKE 'webhook:%'
          THEN 'msg_' || replace(l.public_id, '-', '') || '_' || substr(d.channel, 9)
        ELSE d.channel || ':' || l.public_id
      END,
      d.lead_id, d.channel,
      CASE WHEN d.channel = 'email' THEN '${SALES_EMAIL_KIND}' ELSE '${LEAD_CREATED_KIND}' END,
      d.status, d.attempts, d.next_attempt_at, d.lease_owner, d.lease_until, d.last_error,
      d.sent_at, coalesce(d.queued_at, l.received_at)
    FROM deliveries d JOIN leads l ON l.id = d.lead_id;
  DROP VIEW lead_rows;
  DROP TABLE deliveries;
  ALTER TABLE deliveries_next RENAME TO deliveries;
  CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
  CREATE INDEX deliveries_by_lead ON deliveries (lead_id, channel, kind);

  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
