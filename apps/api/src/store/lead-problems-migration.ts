import { SALES_EMAIL_KIND } from './outbox-store.ts';

/**
 * What is wrong with a lead an ad platform sent, in words ("Number not valid: +1 123…", "No
 * number", "No name"), as a JSON list. Such a lead is kept all the same: a platform whose format
 * we do not control is never refused for its content, and a person reads the words and calls or
 * writes. A lead without a usable number stores an empty mobile and is a buyer of its own.
 */
export const LEAD_PROBLEMS_MIGRATION = `
  ALTER TABLE leads ADD COLUMN problems TEXT;
  DROP VIEW lead_rows;
  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice, l.fbclid, l.landing_page, l.referrer, l.buyer_id,
      l.origin, l.email, l.message, l.answers, l.external_id, l.problems
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
