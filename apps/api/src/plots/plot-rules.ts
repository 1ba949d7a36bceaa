import { formatRupees } from '@iconia/shared';
import type { BuyerStore } from '../buyers/index.ts';
import { DeskError } from '../desk/desk-error.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { formatIndiaTime } from '../format/lead-format.ts';
import type { QueueHoldExpiry } from './hold-expiry.ts';
import type { PlotFacts, PlotRow } from './plot-rows.ts';
import type { PlotStore } from './plot-store.ts';

export const HOUR_MS = 3_600_000;

export const PLOT_NOT_FOUND = 'There is no plot with this id.';

/** A booking request, as the managers are told it waits for them. */
export interface BookingRequested {
  bookingId: number;
  leadId: number;
  plot: string;
  by: string;
  at: number;
}

/** What the inventory's use cases work with, and whom they tell of a change. */
export interface PlotInventoryDeps {
  plots: PlotStore;
  desk: BuyerStore;
  /** Queues a hold's expiry, in the transaction that sets it. */
  queueExpiry: QueueHoldExpiry;
  /** Called once a change queued a message for the CRM endpoints (a buyer became Booked). */
  onQueued?: (() => void) | undefined;
  /**
   * Called in the transaction of an approval that makes the buyer Booked: a stage change answers
   * the buyer for routing's first-response clock, as the desk's own changes do.
   */
  onStageChanged?: ((buyerId: number, at: number) => void) | undefined;
  /** Called in the transaction of a booking request: the managers are told that it waits. */
  onBookingRequested?: ((booking: BookingRequested) => void) | undefined;
  /** Called in the transaction of a booking's approval: a channel partner's brokerage is due. */
  onBookingApproved?:
    | ((booking: {
        bookingId: number;
        buyerId: number;
        plot: string;
        price: number;
        at: number;
      }) => void)
    | undefined;
  /** Called in the transaction of a booking's cancellation. */
  onBookingCancelled?: ((bookingId: number, at: number) => void) | undefined;
  /** Called once a booking request queued the managers' alert, so it goes out at once. */
  onEmailQueued?: (() => void) | undefined;
}

export function plotOf(plots: PlotStore, id: number): PlotRow {
  const plot = plots.byId(id);
  if (!plot) throw new DeskError(404, PLOT_NOT_FOUND);
  return plot;
}

/** The booking of the plot waiting for a manager's decision, or a 409 saying there is none. */
export function pendingBooking(plot: PlotRow) {
  if (
    plot.status !== 'booking_requested' ||
    plot.booking_id === null ||
    plot.hold_id === null ||
    plot.booking_buyer_id === null ||
    plot.expires_at === null
  ) {
    throw new DeskError(409, `Plot ${plot.number} has no booking waiting for approval.`);
  }
  return {
    bookingId: plot.booking_id,
    holdId: plot.hold_id,
    buyerId: plot.booking_buyer_id,
    expiresAt: plot.expires_at,
  };
}

export const heldBy = (plot: PlotRow): string =>
  `Plot ${plot.number} is already held by ${plot.hold_agent_name ?? 'someone'}` +
  (plot.expires_at === null ? '.' : ` until ${formatIndiaTime(plot.expires_at)}.`);

export function assertHolderOrManager(user: DeskUser, plot: PlotRow): void {
  if (user.role !== 'manager' && plot.hold_agent_id !== user.id) {
    throw new DeskError(
      403,
      `Plot ${plot.number} is held by ${plot.hold_agent_name ?? 'someone else'}; only they or a manager can do this.`,
    );
  }
}

/** The step on the buyer's timeline too, written on their latest enquiry. */
export function onBuyerTimeline(
  desk: BuyerStore,
  leadId: number | null,
  actorId: number | null,
  text: string,
  now: number,
  detail?: string,
): void {
  if (leadId === null) return;
  desk.addEvent(leadId, now, {
    type: 'plot',
    actorId,
    text,
    ...(detail !== undefined && { detail }),
  });
}

/** A plot's facts as its history writes them: phase, size, facing, corner and price. */
export function describe(facts: PlotFacts): string {
  const price =
    facts.price !== null
      ? formatRupees(facts.price)
      : `${formatRupees(facts.ratePerSqYd ?? 0)} per sq. yd`;
  return `${facts.phase}, ${facts.sizeSqYd} sq. yds, ${facts.facing.replace('_', '-')}${facts.corner ? ', corner' : ''}, ${price}`;
}
