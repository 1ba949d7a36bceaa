import { SALES_EMAIL_KIND } from './outbox-store.ts';

/**
 * A buyer is everyone behind one stored mobile: each lead (an enquiry) belongs to one, and the
 * sales desk's work (stage, owner, follow-up, first contact) is the buyer's, so a second enquiry
 * joins the pipeline where the first one stands. `latest_lead_id` is the buyer's newest enquiry
 * that is not spam: the inbox lists each buyer once, on that row. An erased buyer keeps its row
 * (the timeline says who worked it) without a mobile, so a later enquiry from the same number
 * starts a new buyer.
 *
 * The desk's work moves here from `lead_work`, one row per lead until now. Several leads of one
 * mobile become one buyer and their work is merged:
 * - stage: the furthest open stage any of them reached (Contacted … Booked); Lost only when
 *   none is open but one is lost (with that lead's reason); else New;
 * - furthest stage: the furthest of them; first contact: the earliest, with who made it;
 * - owner: the owner of the newest lead that has one;
 * - follow-up: the earliest one set, so none is missed.
 * Leads erased before (their mobile is empty) become one erased buyer each.
 */
export const BUYERS_MIGRATION = `
  CREATE TABLE buyers (
    id               INTEGER PRIMARY KEY,
    mobile           TEXT    UNIQUE,
    latest_lead_id   INTEGER REFERENCES leads (id) ON DELETE SET NULL,
    -- The latest enquiry's receipt time, so the inbox pages buyers in order from one index.
    last_received_at INTEGER NOT NULL,
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
  ALTER TABLE leads ADD COLUMN buyer_id INTEGER REFERENCES buyers (id);

  -- An erased lead has an empty mobile: it is its own buyer, named for now by its lead id.
  INSERT INTO buyers (mobile, last_received_at)
    SELECT CASE WHEN mobile = '' THEN 'erased:' || id ELSE mobile END, max(received_at)
    FROM leads GROUP BY CASE WHEN mobile = '' THEN 'erased:' || id ELSE mobile END;
  UPDATE leads SET buyer_id = (SELECT b.id FROM buyers b
    WHERE b.mobile = CASE WHEN leads.mobile = '' THEN 'erased:' || leads.id ELSE leads.mobile END);
  UPDATE buyers SET mobile = NULL WHERE mobile LIKE 'erased:%';
  UPDATE buyers SET
    latest_lead_id = (SELECT l.id FROM leads l WHERE l.buyer_id = buyers.id AND l.status <> 'spam'
      ORDER BY l.received_at DESC, l.id DESC LIMIT 1),
    last_received_at = coalesce((SELECT max(l.received_at) FROM leads l
      WHERE l.buyer_id = buyers.id AND l.status <> 'spam'), last_received_at);

  CREATE TEMP TABLE work_of_buyer AS
    SELECT l.buyer_id, l.received_at, l.id AS lead_id, w.*,
      CASE w.stage WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'visit_scheduled' THEN 2
        WHEN 'visit_done' THEN 3 WHEN 'booked' THEN 4 ELSE -1 END AS open_rank
    FROM lead_work w JOIN leads l ON l.id = w.lead_id;
  UPDATE buyers SET
    furthest_stage = coalesce((SELECT max(furthest_stage) FROM temp.work_of_buyer
      WHERE buyer_id = buyers.id), 0),
    stage = coalesce(
      (SELECT stage FROM temp.work_of_buyer WHERE buyer_id = buyers.id AND open_rank > 0
        ORDER BY open_rank DESC LIMIT 1),
      (SELECT stage FROM temp.work_of_buyer WHERE buyer_id = buyers.id AND stage = 'lost'
        LIMIT 1),
      'new'),
    lost_reason = CASE WHEN EXISTS (SELECT 1 FROM temp.work_of_buyer
        WHERE buyer_id = buyers.id AND open_rank > 0) THEN NULL
      ELSE (SELECT lost_reason FROM temp.work_of_buyer WHERE buyer_id = buyers.id
        AND stage = 'lost' ORDER BY received_at DESC, lead_id DESC LIMIT 1) END,
    owner_id = (SELECT owner_id FROM temp.work_of_buyer
      WHERE buyer_id = buyers.id AND owner_id IS NOT NULL
      ORDER BY received_at DESC, lead_id DESC LIMIT 1),
    follow_up_at = (SELECT min(follow_up_at) FROM temp.work_of_buyer WHERE buyer_id = buyers.id),
    first_contact_at = (SELECT min(first_contact_at) FROM temp.work_of_buyer
      WHERE buyer_id = buyers.id),
    first_contact_by = (SELECT first_contact_by FROM temp.work_of_buyer
      WHERE buyer_id = buyers.id AND first_contact_at IS NOT NULL
      ORDER BY first_contact_at, lead_id LIMIT 1),
    erased_at = (SELECT max(erased_at) FROM temp.work_of_buyer WHERE buyer_id = buyers.id)
  WHERE EXISTS (SELECT 1 FROM temp.work_of_buyer WHERE buyer_id = buyers.id);
  DROP TABLE temp.work_of_buyer;
  DROP TABLE lead_work;

  DROP VIEW lead_rows;
  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice, l.fbclid, l.landing_page, l.referrer, l.buyer_id
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';

  CREATE INDEX leads_by_buyer ON leads (buyer_id, received_at);
  CREATE INDEX buyers_by_age ON buyers (last_received_at, latest_lead_id);
  CREATE INDEX buyers_by_stage ON buyers (stage, last_received_at, latest_lead_id);
  CREATE INDEX buyers_by_owner ON buyers (owner_id, last_received_at, latest_lead_id);
  CREATE INDEX buyers_by_follow_up ON buyers (owner_id, follow_up_at);
`;
