import type Database from 'better-sqlite3';

/**
 * The reports' reads: the buyers of a period by their first enquiry (per day, per campaign, how
 * far they went, who first called them), the bookings and visits, and the routing's assignments
 * the response report counts.
 */

/** The statuses the reports leave out: nobody's work, and a lead held over the limit until released. */
const UNCOUNTED = `'spam', 'test', 'held'`;
// First touch: a buyer counts once, under their first enquiry, in the period that enquiry
// arrived in; their stage and first contact are the buyer's. Spam and test leads never count,
// a held lead only once it is released (its status is then pending).
export const FIRST_ENQUIRY = `
  l.received_at >= ? AND l.status NOT IN (${UNCOUNTED})
    AND NOT EXISTS (SELECT 1 FROM leads e INDEXED BY leads_by_buyer
      WHERE e.buyer_id = l.buyer_id AND e.status NOT IN (${UNCOUNTED})
        AND (e.received_at, e.id) < (l.received_at, l.id))`;

export interface CampaignRow {
  origin: string;
  utm_source: string | null;
  utm_campaign: string | null;
  leads: number;
  site_visits: number;
  bookings: number;
}

/**
 * The visits booked in the period, counted per campaign of the buyer's first enquiry and per
 * person who booked them: the reports add these up three ways (campaign, origin, agent).
 */
export interface VisitReportRow {
  /** Null when none of the buyer's enquiries is kept any more. */
  origin: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  user_id: number;
  user_name: string;
  booked: number;
  visited: number;
  no_shows: number;
  cancelled: number;
}

export interface FirstContactRow {
  user_id: number;
  user_name: string;
  /** The buyer's first enquiry, and their first call or WhatsApp: reports count working minutes between. */
  received_at: number;
  first_contact_at: number;
}

/** An assignment with its person and the enquiry that started it, for the response report. */
export interface AssignmentReportRow {
  buyer_id: number;
  user_id: number;
  user_name: string;
  reason: string;
  assigned_at: number;
  due_at: number | null;
  answered_at: number | null;
  origin: string | null;
  source: string | null;
  received_at: number | null;
}

/** The routing settings the response report counts with. */
export interface ResponseSettingsRow {
  target_minutes: number;
  start_minute: number;
  end_minute: number;
}

/** The buyers who first wrote in the period, first touch: per day, per campaign, the funnel. */
function createFirstTouchQueries(db: Database.Database) {
  // The same buyers as the funnel and the campaigns, by the India day of their first enquiry.
  const perDay = db.prepare<
    [number],
    { day_number: number; origin: string; source: string | null; count: number }
  >(
    // 19,800,000 ms is India's +05:30: whole-day numbers of India dates.
    `SELECT (l.received_at + 19800000) / 86400000 AS day_number, l.origin, l.source,
            count(*) AS count
     FROM leads l WHERE ${FIRST_ENQUIRY}
     GROUP BY day_number, l.origin, l.source ORDER BY day_number, l.origin, l.source`,
  );
  const byCampaign = db.prepare<[number], CampaignRow>(
    `SELECT l.origin, l.utm_source, l.utm_campaign, count(*) AS leads,
            coalesce(sum(EXISTS (SELECT 1 FROM visits v WHERE v.buyer_id = w.id
              AND v.status IN ('arrived', 'done'))), 0) AS site_visits,
            coalesce(sum((SELECT count(*) FROM plot_bookings b
              WHERE b.buyer_id = w.id AND b.status = 'approved')), 0) AS bookings
     FROM leads l JOIN buyers w ON w.id = l.buyer_id WHERE ${FIRST_ENQUIRY}
     GROUP BY l.origin, l.utm_source, l.utm_campaign
     ORDER BY leads DESC, l.origin <> 'site', l.origin, l.utm_source, l.utm_campaign`,
  );
  const furthest = db.prepare<[number], { rank: number; lost: number; count: number }>(
    `SELECT w.furthest_stage AS rank, w.stage = 'lost' AS lost, count(*) AS count
     FROM leads l JOIN buyers w ON w.id = l.buyer_id WHERE ${FIRST_ENQUIRY}
     GROUP BY rank, lost`,
  );
  const firstContacts = db.prepare<[number], FirstContactRow>(
    `SELECT u.id AS user_id, u.name AS user_name, l.received_at, w.first_contact_at
     FROM leads l JOIN buyers w ON w.id = l.buyer_id
     JOIN desk_users u ON u.id = w.first_contact_by
     WHERE ${FIRST_ENQUIRY}
     ORDER BY u.name, u.id`,
  );
  return (since: number) => ({
    perDay: perDay.all(since),
    byCampaign: byCampaign.all(since),
    furthest: furthest.all(since),
    firstContacts: firstContacts.all(since),
  });
}

/** What the people did in the period: bookings, visits, and how fast they answered. */
function createPeopleQueries(db: Database.Database) {
  const bookingsByAgent = db.prepare<
    [number],
    { user_id: number; user_name: string; bookings: number }
  >(
    `SELECT u.id AS user_id, u.name AS user_name, count(*) AS bookings
     FROM plot_bookings b INDEXED BY plot_bookings_by_decision
     JOIN desk_users u ON u.id = b.requested_by
     WHERE b.status = 'approved' AND b.decided_at >= ?
     GROUP BY u.id ORDER BY bookings DESC, u.name, u.id`,
  );
  // Every assignment of the buyers assigned in the period, so a reassignment in the period of a
  // buyer first assigned before it is seen as such (and left out with its chain).
  const assignments = db.prepare<[number], AssignmentReportRow>(
    `SELECT a.buyer_id, a.user_id, u.name AS user_name, a.reason, a.assigned_at, a.due_at,
            a.answered_at, l.origin, l.source, l.received_at
     FROM buyer_assignments a JOIN desk_users u ON u.id = a.user_id
     LEFT JOIN leads l ON l.id = a.lead_id
     WHERE a.buyer_id IN (SELECT buyer_id FROM buyer_assignments WHERE assigned_at >= ?)
     ORDER BY a.buyer_id, a.id`,
  );
  const responseSettings = db.prepare<[], ResponseSettingsRow>(
    `SELECT target_minutes, start_minute, end_minute FROM routing_settings WHERE id = 1`,
  );

  // Visits booked in the period, by the first enquiry of their buyer (first touch, as every
  // report) and by who booked them: the same records the stages follow.
  const visitReport = db.prepare<[number], VisitReportRow>(
    `SELECT f.origin, f.utm_source, f.utm_campaign, u.id AS user_id, u.name AS user_name,
            count(*) AS booked,
            coalesce(sum(v.status IN ('arrived', 'done')), 0) AS visited,
            coalesce(sum(v.status = 'no_show'), 0) AS no_shows,
            coalesce(sum(v.status = 'cancelled'), 0) AS cancelled
     FROM visits v JOIN desk_users u ON u.id = v.booked_by
     LEFT JOIN leads f ON f.id = (SELECT e.id FROM leads e INDEXED BY leads_by_buyer
       WHERE e.buyer_id = v.buyer_id AND e.status NOT IN (${UNCOUNTED})
       ORDER BY e.received_at, e.id LIMIT 1)
     WHERE v.booked_at >= ?
     GROUP BY f.origin, f.utm_source, f.utm_campaign, u.id
     ORDER BY f.origin, f.utm_source, f.utm_campaign, u.name, u.id`,
  );
  return (since: number) => ({
    bookingsByAgent: bookingsByAgent.all(since),
    assignments: assignments.all(since),
    responseSettings: responseSettings.get(),
    visits: visitReport.all(since),
  });
}

export function createReportQueries(db: Database.Database) {
  const firstTouch = createFirstTouchQueries(db);
  const people = createPeopleQueries(db);
  return {
    reportRows: (since: number) => ({ ...firstTouch(since), ...people(since) }),
  };
}
