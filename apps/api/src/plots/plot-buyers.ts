import type Database from 'better-sqlite3';
import { createVisitStatuses } from '../visits/index.ts';

/** A buyer's part in the inventory, as a booking's cancellation, an erasure and a merge use it. */
export function createBuyerPlots(db: Database.Database) {
  const approvedOfBuyer = db.prepare<[number], { id: number }>(
    `SELECT id FROM plot_bookings WHERE buyer_id = ? AND status = 'approved'`,
  );
  const requestedOfBuyer = db.prepare<[number], { id: number }>(
    `SELECT id FROM plot_bookings WHERE buyer_id = ? AND status = 'requested'`,
  );
  const visitStatusesOf = createVisitStatuses(db);
  const holdsOfBuyers = db.prepare<[number], { id: number; plot_id: number }>(
    `SELECT id, plot_id FROM plot_holds WHERE buyer_id = ? AND ended_at IS NULL`,
  );
  // A refusal's or cancellation's reason is what a manager typed: an erasure keeps only that
  // there was one.
  const forgetRefusals = db.prepare<[number]>(
    `UPDATE plot_events SET text = CASE type
       WHEN 'refused' THEN 'Booking refused'
       ELSE 'Booking cancelled; the plot is available' END
     WHERE buyer_id = ? AND type IN ('refused', 'booking_cancelled')`,
  );
  const forgetCancelReasons = db.prepare<[number]>(
    `UPDATE plot_bookings SET cancel_reason = NULL
     WHERE buyer_id = ? AND cancel_reason IS NOT NULL`,
  );
  // A merge of two buyers: every hold, booking and history line of one becomes the other's.
  const moveBuyer = ['plot_holds', 'plot_bookings', 'plot_events'].map((table) =>
    db.prepare<{ from: number; into: number }>(
      `UPDATE ${table} SET buyer_id = @into WHERE buyer_id = @from`,
    ),
  );

  return {
    approvedBookingsOf: (buyerId: number) => approvedOfBuyer.all(buyerId),
    requestedBookingsOf: (buyerId: number) => requestedOfBuyer.all(buyerId),
    visitStatusesOf,
    activeHoldsOf: (buyerId: number) => holdsOfBuyers.all(buyerId),
    forgetRefusalReasons: (buyerId: number) => {
      forgetRefusals.run(buyerId);
      forgetCancelReasons.run(buyerId);
    },
    /** Two buyers merged: the holds, bookings and plot history of `from` are `into`'s now. */
    moveBuyer: (from: number, into: number) => {
      for (const statement of moveBuyer) statement.run({ from, into });
    },
  };
}
