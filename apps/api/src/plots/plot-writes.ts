import type Database from 'better-sqlite3';
import type { PlotStatus } from '@iconia/shared';
import type { NewEvent, PlotFacts } from './plot-rows.ts';

type StoredFacts = Omit<PlotFacts, 'corner'> & { corner: number };

/** The plots' own rows and their history lines. */
function createPlotRowWrites(db: Database.Database) {
  const insertEvent = db.prepare<NewEvent>(
    `INSERT INTO plot_events (plot_id, at, type, actor_id, buyer_id, text)
     VALUES (@plotId, @at, @type, @actorId, @buyerId, @text)`,
  );
  const insertPlot = db.prepare<StoredFacts & { status: string; now: number }, { id: number }>(
    `INSERT INTO plots (number, phase, size_sq_yd, facing, corner, price, rate_per_sq_yd, status,
       updated_at)
     VALUES (@number, @phase, @sizeSqYd, @facing, @corner, @price, @ratePerSqYd, @status, @now)
     RETURNING id`,
  );
  const updatePlot = db.prepare<StoredFacts & { id: number; now: number }>(
    `UPDATE plots SET number = @number, phase = @phase, size_sq_yd = @sizeSqYd, facing = @facing,
       corner = @corner, price = @price, rate_per_sq_yd = @ratePerSqYd, updated_at = @now
     WHERE id = @id`,
  );
  const setStatus = db.prepare<[PlotStatus, number, number]>(
    `UPDATE plots SET status = ?, updated_at = ? WHERE id = ?`,
  );

  return {
    event(row: NewEvent): void {
      insertEvent.run(row);
    },
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
  };
}

interface NewHold {
  plotId: number;
  buyerId: number;
  agentId: number;
  now: number;
  expiresAt: number;
}

interface NewBooking {
  plotId: number;
  holdId: number;
  buyerId: number;
  by: number;
  now: number;
}

interface HoldRow {
  id: number;
  plot_id: number;
  buyer_id: number;
  agent_id: number;
  expires_at: number;
  ended_at: number | null;
}

/** Holds and booking records: their rows only; what follows a change is the use case's. */
function createHoldWrites(db: Database.Database) {
  const insertHold = db.prepare<NewHold, { id: number }>(
    `INSERT INTO plot_holds (plot_id, buyer_id, agent_id, held_at, expires_at)
     VALUES (@plotId, @buyerId, @agentId, @now, @expiresAt) RETURNING id`,
  );
  const holdById = db.prepare<[number], HoldRow>(
    `SELECT id, plot_id, buyer_id, agent_id, expires_at, ended_at FROM plot_holds WHERE id = ?`,
  );
  const endHold = db.prepare<[number, string, number]>(
    `UPDATE plot_holds SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL`,
  );
  const setExpiry = db.prepare<[number, number]>(
    `UPDATE plot_holds SET expires_at = ? WHERE id = ?`,
  );
  const insertBooking = db.prepare<NewBooking>(
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

  return {
    insertHold(hold: NewHold): number {
      const row = insertHold.get(hold);
      if (!row) throw new Error('the hold was not stored');
      return row.id;
    },
    holdById: (id: number) => holdById.get(id),
    endHold(holdId: number, reason: 'released' | 'expired' | 'booked' | 'erased', now: number) {
      return endHold.run(now, reason, holdId).changes > 0;
    },
    setExpiry(holdId: number, expiresAt: number): void {
      setExpiry.run(expiresAt, holdId);
    },
    insertBooking(booking: NewBooking): number {
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
  };
}

export const createPlotWrites = (db: Database.Database) => ({
  ...createPlotRowWrites(db),
  ...createHoldWrites(db),
});
