import { SALES_EMAIL_KIND } from './outbox-store.ts';

/**
 * Google's click ids for iOS, beside `gclid`: `gbraid` and `wbraid`, which Google puts in an ad's
 * link where Apple's rules keep `gclid` out. Google's offline conversion import takes any one of
 * the three. Older leads have none (NULL). The lead view lists its columns by name, so it is made
 * again with them.
 */
export const CLICK_IDS_MIGRATION = `
  ALTER TABLE leads ADD COLUMN gbraid TEXT;
  ALTER TABLE leads ADD COLUMN wbraid TEXT;
  DROP VIEW lead_rows;
  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice, l.fbclid, l.landing_page, l.referrer, l.buyer_id,
      l.origin, l.email, l.message, l.answers, l.external_id, l.problems, l.gbraid, l.wbraid
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
