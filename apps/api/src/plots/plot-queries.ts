import type Database from 'better-sqlite3';
import type { PlotStatus } from '@iconia/shared';
import { createPlotList } from './plot-list.ts';
import type { BookingExportRow, PlotEventRow, PlotRow } from './plot-rows.ts';

const PLOT_COLUMNS = `
  p.id, p.number, p.phase, p.size_sq_yd, p.facing, p.corner, p.price, p.rate_per_sq_yd, p.status,
  p.updated_at,
  h.id AS hold_id, h.buyer_id AS hold_buyer_id, hb.latest_lead_id AS hold_lead_id,
  coalesce(hl.name, '') AS hold_buyer_name, h.agent_id AS hold_agent_id,
  ha.name AS hold_agent_name, h.held_at, h.expires_at,
  b.id AS booking_id, b.status AS booking_status, b.buyer_id AS booking_buyer_id,
  bb.latest_lead_id AS booking_lead_id, coalesce(bl.name, '') AS booking_buyer_name,
  b.requested_by, rq.name AS requested_by_name, b.requested_at, b.decided_by,
  dc.name AS decided_by_name, b.decided_at`;
const PLOT_FROM = `
  FROM plots p
  LEFT JOIN plot_holds h ON h.plot_id = p.id AND h.ended_at IS NULL
  LEFT JOIN buyers hb ON hb.id = h.buyer_id
  LEFT JOIN leads hl ON hl.id = hb.latest_lead_id
  LEFT JOIN desk_users ha ON ha.id = h.agent_id
  LEFT JOIN plot_bookings b ON b.plot_id = p.id AND b.status IN ('requested', 'approved')
  LEFT JOIN buyers bb ON bb.id = b.buyer_id
  LEFT JOIN leads bl ON bl.id = bb.latest_lead_id
  LEFT JOIN desk_users rq ON rq.id = b.requested_by
  LEFT JOIN desk_users dc ON dc.id = b.decided_by`;

const HISTORY = `
  SELECT e.at, e.type, e.actor_id, u.name AS actor_name, e.buyer_id,
         bu.latest_lead_id AS buyer_lead_id, coalesce(l.name, '') AS buyer_name, e.text
  FROM plot_events e
  LEFT JOIN desk_users u ON u.id = e.actor_id
  LEFT JOIN buyers bu ON bu.id = e.buyer_id
  LEFT JOIN leads l ON l.id = bu.latest_lead_id
  WHERE e.plot_id = ? ORDER BY e.at, e.id`;

// Attributed as the reports attribute a buyer: to their first enquiry, spam and tests aside.
const BOOKINGS = `
  SELECT b.id, p.number, p.phase, p.size_sq_yd, p.price, p.rate_per_sq_yd, b.status,
         coalesce(latest.name, '') AS buyer_name, bu.latest_lead_id AS lead_id,
         first.origin, first.utm_source, first.utm_campaign,
         rq.name AS requested_by_name, b.requested_at, dc.name AS decided_by_name,
         b.decided_at, cn.name AS cancelled_by_name, b.cancelled_at, b.cancel_reason
  FROM plot_bookings b
  JOIN plots p ON p.id = b.plot_id
  JOIN buyers bu ON bu.id = b.buyer_id
  LEFT JOIN leads latest ON latest.id = bu.latest_lead_id
  LEFT JOIN leads first ON first.id = (SELECT e.id FROM leads e INDEXED BY leads_by_buyer
    WHERE e.buyer_id = b.buyer_id AND e.status NOT IN ('spam', 'test')
    ORDER BY e.received_at, e.id LIMIT 1)
  JOIN desk_users rq ON rq.id = b.requested_by
  LEFT JOIN desk_users dc ON dc.id = b.decided_by
  LEFT JOIN desk_users cn ON cn.id = b.cancelled_by
  ORDER BY b.requested_at DESC, b.id DESC`;

/** What the inventory shows: plots with their holds and bookings, their history, the bookings. */
export function createPlotQueries(db: Database.Database) {
  const byId = db.prepare<[number], PlotRow>(`SELECT ${PLOT_COLUMNS} ${PLOT_FROM} WHERE p.id = ?`);
  const idByNumber = db.prepare<[string], { id: number; status: PlotStatus; booked: number }>(
    `SELECT p.id, p.status, EXISTS (SELECT 1 FROM plot_bookings b WHERE b.plot_id = p.id
       AND b.status IN ('requested', 'approved')) AS booked
     FROM plots p WHERE p.number = ?`,
  );
  const ofBuyer = db.prepare<[number, number], PlotRow>(
    `SELECT ${PLOT_COLUMNS} ${PLOT_FROM}
     WHERE h.buyer_id = ? OR (b.buyer_id = ? AND b.status = 'approved')
     ORDER BY p.phase, p.number`,
  );
  const counts = db.prepare<[], { phase: string; status: PlotStatus; count: number }>(
    `SELECT phase, status, count(*) AS count FROM plots GROUP BY phase, status ORDER BY phase`,
  );
  const history = db.prepare<[number], PlotEventRow>(HISTORY);
  const bookings = db.prepare<[], BookingExportRow>(BOOKINGS);

  return {
    byId: (id: number) => byId.get(id),
    byNumber: (number: string) => idByNumber.get(number),
    list: createPlotList(db),
    counts: () => counts.all(),
    history: (plotId: number) => history.all(plotId),
    /** The plots held, booking requested or booked for the buyer. */
    ofBuyer: (buyerId: number) => ofBuyer.all(buyerId, buyerId),
    /** Every booking record, newest request first, with the buyer's first enquiry's campaign. */
    bookings: () => bookings.all(),
  };
}
