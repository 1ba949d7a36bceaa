import type { PlotStore } from './plot-store.ts';

/**
 * An erased buyer's holds end and their plots are available again; a booking still waiting is
 * cancelled. An approved booking stays: its plot stays booked, and the buyer it names holds no
 * personal data any more. Runs inside the erasure's transaction.
 */
export function erasePlotBuyer(plots: PlotStore, buyerId: number, now: number): void {
  plots.forgetRefusalReasons(buyerId);
  for (const booking of plots.requestedBookingsOf(buyerId)) {
    plots.decideBooking(booking.id, 'cancelled', null, now);
  }
  for (const hold of plots.activeHoldsOf(buyerId)) {
    plots.endHold(hold.id, 'erased', now);
    plots.setStatus(hold.plot_id, 'available', now);
    plots.event({
      plotId: hold.plot_id,
      at: now,
      type: 'erased',
      actorId: null,
      buyerId,
      text: "Hold ended: the buyer's personal data was erased; the plot is available",
    });
  }
}
