import type Database from 'better-sqlite3';
import type { Facing, PlotEventType, PlotStatus } from '@iconia/shared';
import { createOutboxStatements } from '../store/outbox-store.ts';
import type { VisitStatusValue } from '../store/visit-store.ts';

/** The outbox channel and kind of a hold's expiry: a row due when the hold runs out. */
export const PLOTS_CHANNEL = 'plots';
export const HOLD_EXPIRY_KIND = 'plot.hold-expiry';

/** What a hold's expiry message carries: the hold, and the expiry it was queued for. */
export interface HoldExpiryPayload {
  holdId: number;
  expiresAt: number;
}

/** A plot as the inventory lists it, with its current hold and open booking, if any. */
export interface PlotRow {
  id: number;
  number: string;
  phase: string;
  size_sq_yd: number;
  facing: Facing;
  corner: 0 | 1;
  price: number | null;
  rate_per_sq_yd: number | null;
  status: PlotStatus;
  updated_at: number;
  hold_id: number | null;
  hold_buyer_id: number | null;
  hold_lead_id: number | null;
  hold_buyer_name: string | null;
  hold_agent_id: number | null;
  hold_agent_name: string | null;
  held_at: number | null;
  expires_at: number | null;
  booking_id: number | null;
  booking_status: 'requested' | 'approved' | null;
  booking_buyer_id: number | null;
  booking_lead_id: number | null;
  booking_buyer_name: string | null;
  requested_by: number | null;
  requested_by_name: string | null;
  requested_at: number | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: number | null;
}

export interface PlotEventRow {
  at: number;
  type: PlotEventType;
  actor_id: number | null;
  actor_name: string | null;
  buyer_id: number | null;
  buyer_lead_id: number | null;
  buyer_name: string | null;
  text: string;
}

/** A plot's own facts, as an import row or a manager's edit gives them. */
export interface PlotFacts {
  number: string;
  phase: string;
  sizeSqYd: number;
  facing: Facing;
  corner: boolean;
  price: number | null;
  ratePerSqYd: number | null;
}

/**
 * An import's row: the facts, and the status a CSV may set: booked (a sale made outside the
 * desk), available, or `desk` (held or booking requested, as the inventory export writes them:
 * the desk's own state, left as it is).
 */
export interface ImportRow extends PlotFacts {
  line: number;
  status?: 'available' | 'booked' | 'desk' | undefined;
}

/** A booking record as the bookings export lists it. */
export interface BookingExportRow {
  id: number;
  number: string;
  phase: string;
  size_sq_yd: number;
  price: number | null;
  rate_per_sq_yd: number | null;
  status: string;
  buyer_name: string;
  lead_id: number | null;
  origin: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  requested_by_name: string;
  requested_at: number;
  decided_by_name: string | null;
  decided_at: number | null;
  cancelled_by_name: string | null;
  cancelled_at: number | null;
  cancel_reason: string | null;
}

export interface PlotFilter {
  phase?: string | undefined;
  facing?: Facing | undefined;
  corner?: boolean | undefined;
  status?: PlotStatus | undefined;
  minSize?: number | undefined;
  maxSize?: number | undefined;
  holderId?: number | undefined;
}

/** A row of an import that cannot be applied, by its line in the file (the header is 1). */
export interface ImportProblem {
  line: number;
  message: string;
}

export interface NewEvent {
  plotId: number;
  type: PlotEventType;
  actorId: number | null;
  buyerId: number | null;
  text: string;
  at: number;
}

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

/**
 * The list's own columns: the plot, its hold and its booking, without the people's names. Read
 * for the whole inventory, seven lookups a row cost three times the plots themselves; the few
 * names are read once afterwards.
 */
const LIST_COLUMNS = `
  p.id, p.number, p.phase, p.size_sq_yd, p.facing, p.corner, p.price, p.rate_per_sq_yd, p.status,
  p.updated_at,
  h.id AS hold_id, h.buyer_id AS hold_buyer_id, h.agent_id AS hold_agent_id, h.held_at,
  h.expires_at,
  b.id AS booking_id, b.status AS booking_status, b.buyer_id AS booking_buyer_id,
  b.requested_by, b.requested_at, b.decided_by, b.decided_at`;
const LIST_FROM = `
  FROM plots p
  LEFT JOIN plot_holds h ON h.plot_id = p.id AND h.ended_at IS NULL
  LEFT JOIN plot_bookings b ON b.plot_id = p.id AND b.status IN ('requested', 'approved')`;

type ListRow = Omit<
  PlotRow,
  | 'hold_lead_id'
  | 'hold_buyer_name'
  | 'hold_agent_name'
  | 'booking_lead_id'
  | 'booking_buyer_name'
  | 'requested_by_name'
  | 'decided_by_name'
>;

export type PlotStore = ReturnType<typeof createPlotStore>;

/** Every SQL statement of the plot inventory, on the lead store's connection. */
export function createPlotStore(db: Database.Database) {
  const outbox = createOutboxStatements(db);
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };

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
  const userNames = db.prepare<[], { id: number; name: string }>(`SELECT id, name FROM desk_users`);
  const buyerNames = db.prepare<[string], { id: number; lead_id: number | null; name: string }>(
    `SELECT b.id, b.latest_lead_id AS lead_id, coalesce(l.name, '') AS name
     FROM buyers b LEFT JOIN leads l ON l.id = b.latest_lead_id
     WHERE b.id IN (SELECT value FROM json_each(?))`,
  );
  const withNames = (rows: ListRow[]): PlotRow[] => {
    const buyerIds = new Set<number>();
    for (const row of rows) {
      if (row.hold_buyer_id !== null) buyerIds.add(row.hold_buyer_id);
      if (row.booking_buyer_id !== null) buyerIds.add(row.booking_buyer_id);
    }
    const buyers = new Map(
      buyerIds.size === 0
        ? []
        : buyerNames.all(JSON.stringify([...buyerIds])).map((buyer) => [buyer.id, buyer]),
    );
    const users = new Map(
      buyerIds.size === 0 ? [] : userNames.all().map((user) => [user.id, user.name]),
    );
    const user = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
    return rows.map((row) => {
      const held = row.hold_buyer_id === null ? undefined : buyers.get(row.hold_buyer_id);
      const booking = row.booking_buyer_id === null ? undefined : buyers.get(row.booking_buyer_id);
      return {
        ...row,
        hold_lead_id: held?.lead_id ?? null,
        hold_buyer_name: held ? held.name : null,
        hold_agent_name: user(row.hold_agent_id),
        booking_lead_id: booking?.lead_id ?? null,
        booking_buyer_name: booking ? booking.name : null,
        requested_by_name: user(row.requested_by),
        decided_by_name: user(row.decided_by),
      };
    });
  };

  const counts = db.prepare<[], { phase: string; status: PlotStatus; count: number }>(
    `SELECT phase, status, count(*) AS count FROM plots GROUP BY phase, status ORDER BY phase`,
  );
  const events = db.prepare<[number], PlotEventRow>(
    `SELECT e.at, e.type, e.actor_id, u.name AS actor_name, e.buyer_id,
            bu.latest_lead_id AS buyer_lead_id, coalesce(l.name, '') AS buyer_name, e.text
     FROM plot_events e
     LEFT JOIN desk_users u ON u.id = e.actor_id
     LEFT JOIN buyers bu ON bu.id = e.buyer_id
     LEFT JOIN leads l ON l.id = bu.latest_lead_id
     WHERE e.plot_id = ? ORDER BY e.at, e.id`,
  );
  const insertEvent = db.prepare<NewEvent>(
    `INSERT INTO plot_events (plot_id, at, type, actor_id, buyer_id, text)
     VALUES (@plotId, @at, @type, @actorId, @buyerId, @text)`,
  );
  const insertPlot = db.prepare<
    Omit<PlotFacts, 'corner'> & { corner: number; status: string; now: number },
    { id: number }
  >(
    `INSERT INTO plots (number, phase, size_sq_yd, facing, corner, price, rate_per_sq_yd, status,
       updated_at)
     VALUES (@number, @phase, @sizeSqYd, @facing, @corner, @price, @ratePerSqYd, @status, @now)
     RETURNING id`,
  );
  const updatePlot = db.prepare<
    Omit<PlotFacts, 'corner'> & { corner: number; id: number; now: number }
  >(
    `UPDATE plots SET number = @number, phase = @phase, size_sq_yd = @sizeSqYd, facing = @facing,
       corner = @corner, price = @price, rate_per_sq_yd = @ratePerSqYd, updated_at = @now
     WHERE id = @id`,
  );
  const setStatus = db.prepare<[PlotStatus, number, number]>(
    `UPDATE plots SET status = ?, updated_at = ? WHERE id = ?`,
  );
  const insertHold = db.prepare<
    { plotId: number; buyerId: number; agentId: number; now: number; expiresAt: number },
    { id: number }
  >(
    `INSERT INTO plot_holds (plot_id, buyer_id, agent_id, held_at, expires_at)
     VALUES (@plotId, @buyerId, @agentId, @now, @expiresAt) RETURNING id`,
  );
  const holdById = db.prepare<
    [number],
    {
      id: number;
      plot_id: number;
      buyer_id: number;
      agent_id: number;
      expires_at: number;
      ended_at: number | null;
    }
  >(`SELECT id, plot_id, buyer_id, agent_id, expires_at, ended_at FROM plot_holds WHERE id = ?`);
  const endHold = db.prepare<[number, string, number]>(
    `UPDATE plot_holds SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL`,
  );
  const setExpiry = db.prepare<[number, number]>(
    `UPDATE plot_holds SET expires_at = ? WHERE id = ?`,
  );
  const insertBooking = db.prepare<{
    plotId: number;
    holdId: number;
    buyerId: number;
    by: number;
    now: number;
  }>(
    `INSERT INTO plot_bookings (plot_id, hold_id, buyer_id, requested_by, requested_at, status)
     VALUES (@plotId, @holdId, @buyerId, @by, @now, 'requested')`,
  );
  const decideBooking = db.prepare<[string, number | null, number, number]>(
    `UPDATE plot_bookings SET status = ?, decided_by = ?, decided_at = ? WHERE id = ?`,
  );
  const cancelBooking = db.prepare<[number, number, string, number]>(
    `UPDATE plot_bookings SET status = 'cancelled', cancelled_by = ?, cancelled_at = ?,
       cancel_reason = ? WHERE id = ? AND status = 'approved'`,
  );
  const approvedOfBuyer = db.prepare<[number], { id: number }>(
    `SELECT id FROM plot_bookings WHERE buyer_id = ? AND status = 'approved'`,
  );
  const visitStatuses = db
    .prepare<[number], VisitStatusValue>(`SELECT status FROM visits WHERE buyer_id = ?`)
    .pluck();
  const holdsOfBuyers = db.prepare<[number], { id: number; plot_id: number }>(
    `SELECT id, plot_id FROM plot_holds WHERE buyer_id = ? AND ended_at IS NULL`,
  );
  const requestedOfBuyer = db.prepare<[number], { id: number }>(
    `SELECT id FROM plot_bookings WHERE buyer_id = ? AND status = 'requested'`,
  );

  // Attributed as the reports attribute a buyer: to their first enquiry, spam and tests aside.
  const bookings = db.prepare<[], BookingExportRow>(
    `SELECT b.id, p.number, p.phase, p.size_sq_yd, p.price, p.rate_per_sq_yd, b.status,
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
     ORDER BY b.requested_at DESC, b.id DESC`,
  );

  // A refusal's or cancellation's reason is what a manager typed: an erasure keeps only that
  // there was one.
  const forgetRefusals = db.prepare<[number]>(
    `UPDATE plot_events SET text = CASE type
       WHEN 'refused' THEN 'Booking refused'
       ELSE 'Booking cancelled; the plot is available' END
     WHERE buyer_id = ? AND type IN ('refused', 'booking_cancelled')`,
  );
  // A merge of two buyers: every hold, booking and history line of one becomes the other's.
  const moveBuyer = [
    db.prepare<{ from: number; into: number }>(
      `UPDATE plot_holds SET buyer_id = @into WHERE buyer_id = @from`,
    ),
    db.prepare<{ from: number; into: number }>(
      `UPDATE plot_bookings SET buyer_id = @into WHERE buyer_id = @from`,
    ),
    db.prepare<{ from: number; into: number }>(
      `UPDATE plot_events SET buyer_id = @into WHERE buyer_id = @from`,
    ),
  ];
  const forgetCancelReasons = db.prepare<[number]>(
    `UPDATE plot_bookings SET cancel_reason = NULL
     WHERE buyer_id = ? AND cancel_reason IS NOT NULL`,
  );

  const event = (row: NewEvent): void => {
    insertEvent.run(row);
  };

  const queueExpiry = (holdId: number, expiresAt: number): void => {
    const payload: HoldExpiryPayload = { holdId, expiresAt };
    outbox.queueOnce({
      messageId: `plot-hold-expiry:${holdId}:${expiresAt}`,
      channel: PLOTS_CHANNEL,
      kind: HOLD_EXPIRY_KIND,
      payload,
      dueAt: expiresAt,
    });
  };

  return {
    /** Runs `run` in one IMMEDIATE transaction: the write lock first, then the checks. */
    transaction: <T>(run: () => T): T => db.transaction(run).immediate(),
    byId: (id: number) => byId.get(id),
    byNumber: (number: string) => idByNumber.get(number),
    list(filter: PlotFilter): PlotRow[] {
      const where: string[] = [];
      const params: Record<string, string | number> = {};
      if (filter.phase !== undefined) {
        where.push('p.phase = @phase');
        params.phase = filter.phase;
      }
      if (filter.facing !== undefined) {
        where.push('p.facing = @facing');
        params.facing = filter.facing;
      }
      if (filter.corner !== undefined) {
        where.push('p.corner = @corner');
        params.corner = filter.corner ? 1 : 0;
      }
      if (filter.status !== undefined) {
        where.push('p.status = @status');
        params.status = filter.status;
      }
      if (filter.minSize !== undefined) {
        where.push('p.size_sq_yd >= @minSize');
        params.minSize = filter.minSize;
      }
      if (filter.maxSize !== undefined) {
        where.push('p.size_sq_yd <= @maxSize');
        params.maxSize = filter.maxSize;
      }
      if (filter.holderId !== undefined) {
        where.push('h.agent_id = @holderId');
        params.holderId = filter.holderId;
      }
      return withNames(
        statement(
          `SELECT ${LIST_COLUMNS} ${LIST_FROM}
           ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY p.phase, length(p.number), p.number`,
        ).all(params) as ListRow[],
      );
    },
    counts: () => counts.all(),
    history: (plotId: number) => events.all(plotId),
    /** The plots held, booking requested or booked for the buyer. */
    ofBuyer: (buyerId: number) => ofBuyer.all(buyerId, buyerId),
    event,

    insertPlot(facts: PlotFacts, status: 'available' | 'booked', now: number): number {
      const row = insertPlot.get({ ...facts, corner: facts.corner ? 1 : 0, status, now });
      if (!row) throw new Error('the plot was not stored');
      return row.id;
    },
    updatePlot(id: number, facts: PlotFacts, now: number): void {
      updatePlot.run({ ...facts, corner: facts.corner ? 1 : 0, id, now });
    },
    setStatus(id: number, status: PlotStatus, now: number): void {
      setStatus.run(status, now, id);
    },
    insertHold(hold: {
      plotId: number;
      buyerId: number;
      agentId: number;
      now: number;
      expiresAt: number;
    }): number {
      const row = insertHold.get(hold);
      if (!row) throw new Error('the hold was not stored');
      queueExpiry(row.id, hold.expiresAt);
      return row.id;
    },
    holdById: (id: number) => holdById.get(id),
    endHold(holdId: number, reason: 'released' | 'expired' | 'booked' | 'erased', now: number) {
      return endHold.run(now, reason, holdId).changes > 0;
    },
    /** Moves the hold's expiry; the message queued for the old one finds it moved and does nothing. */
    setExpiry(holdId: number, expiresAt: number): void {
      setExpiry.run(expiresAt, holdId);
      queueExpiry(holdId, expiresAt);
    },
    insertBooking(booking: {
      plotId: number;
      holdId: number;
      buyerId: number;
      by: number;
      now: number;
    }): number {
      return Number(insertBooking.run(booking).lastInsertRowid);
    },
    decideBooking(
      bookingId: number,
      status: 'approved' | 'refused' | 'cancelled',
      by: number | null,
      now: number,
    ): void {
      decideBooking.run(status, by, now, bookingId);
    },
    /** Cancels an approved booking; false when it was not approved (any more). */
    cancelBooking(bookingId: number, by: number, reason: string, now: number): boolean {
      return cancelBooking.run(by, now, reason, bookingId).changes > 0;
    },
    approvedBookingsOf: (buyerId: number) => approvedOfBuyer.all(buyerId),
    visitStatusesOf: (buyerId: number) => visitStatuses.all(buyerId),
    activeHoldsOf: (buyerId: number) => holdsOfBuyers.all(buyerId),
    forgetRefusalReasons: (buyerId: number) => {
      forgetRefusals.run(buyerId);
      forgetCancelReasons.run(buyerId);
    },
    /** Every booking record, newest request first, with the buyer's first enquiry's campaign. */
    bookings: () => bookings.all(),
    requestedBookingsOf: (buyerId: number) => requestedOfBuyer.all(buyerId),
    /** Two buyers merged: the holds, bookings and plot history of `from` are `into`'s now. */
    moveBuyer: (from: number, into: number) => {
      for (const statement of moveBuyer) statement.run({ from, into });
    },
  };
}
