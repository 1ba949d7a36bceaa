import { SALES_EMAIL_KIND } from './outbox-store.ts';

/**
 * The rest of a site visitor's first landing, beside the campaign columns: Meta's click id, the
 * path of the first page and the referring address. Older leads have none (NULL). The lead view
 * lists its columns by name, so it is made again with them.
 */
export const VISIT_ATTRIBUTION_MIGRATION = `
  ALTER TABLE leads ADD COLUMN fbclid TEXT;
  ALTER TABLE leads ADD COLUMN landing_page TEXT;
  ALTER TABLE leads ADD COLUMN referrer TEXT;
  DROP VIEW lead_rows;
  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice, l.fbclid, l.landing_page, l.referrer
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
