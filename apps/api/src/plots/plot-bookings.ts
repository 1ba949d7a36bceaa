import { DEFAULT_HOLD_HOURS } from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import type { WorkRow } from '../buyers/index.ts';
import { STAGE_LABELS, STAGE_RANK, type DeskUser } from '../desk/desk-types.ts';
import { stageFromVisits } from '../visits/index.ts';
import type { PlotRow } from './plot-rows.ts';
import { totalPrice } from './plot-json.ts';
import {
  assertHolderOrManager,
  HOUR_MS,
  onBuyerTimeline,
  pendingBooking,
  plotOf,
  type PlotInventoryDeps,
} from './plot-rules.ts';

/**
 * The holder or a manager asks for the booking of a held plot; the hold stays while a manager
 * decides, and the managers are told (their alert goes out at once).
 */
export function requestBooking(
  deps: PlotInventoryDeps,
  plotId: number,
  user: DeskUser,
  now: number,
) {
  const { plots, desk } = deps;
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    if (plot.status !== 'held' || plot.hold_id === null || plot.hold_buyer_id === null) {
      throw new DeskError(
        409,
        plot.status === 'booking_requested'
          ? `The booking of plot ${plot.number} is already requested.`
          : `Plot ${plot.number} must be held for the buyer before its booking is requested.`,
      );
    }
    assertHolderOrManager(user, plot);
    const bookingId = plots.insertBooking({
      plotId,
      holdId: plot.hold_id,
      buyerId: plot.hold_buyer_id,
      by: user.id,
      now,
    });
    plots.setStatus(plotId, 'booking_requested', now);
    plots.event({
      plotId,
      at: now,
      type: 'booking_requested',
      actorId: user.id,
      buyerId: plot.hold_buyer_id,
      text: 'Booking requested; the hold stays while a manager decides',
    });
    const text = `Booking of plot ${plot.number} requested`;
    onBuyerTimeline(desk, plot.hold_lead_id, user.id, text, now);
    if (plot.hold_lead_id !== null) {
      deps.onBookingRequested?.({
        bookingId,
        leadId: plot.hold_lead_id,
        plot: plot.number,
        by: user.name,
        at: now,
      });
    }
  });
  deps.onEmailQueued?.();
  return plotOf(plots, plotId);
}

/** The buyer's new stage saved on their latest enquiry, with its line on their timeline. */
function saveStage(
  deps: PlotInventoryDeps,
  leadId: number,
  work: WorkRow,
  changed: WorkRow,
  user: DeskUser,
  now: number,
): void {
  const text = `Stage changed from ${STAGE_LABELS[work.stage]} to ${STAGE_LABELS[changed.stage]}`;
  deps.desk.saveWork(leadId, changed, now, [{ type: 'stage', actorId: user.id, text }], ['stage']);
}

/** The buyer's stage becomes Booked, on their latest enquiry; false when it was already. */
function markBooked(deps: PlotInventoryDeps, plot: PlotRow, user: DeskUser, now: number): boolean {
  const leadId = plot.booking_lead_id;
  const work = leadId === null ? undefined : deps.desk.workOf(leadId);
  if (leadId === null || !work || work.stage === 'booked') return false;
  const booked: WorkRow = {
    ...work,
    stage: 'booked',
    lost_reason: null,
    furthest_stage: Math.max(work.furthest_stage, STAGE_RANK.booked),
  };
  saveStage(deps, leadId, work, booked, user, now);
  return true;
}

/** The buyer becomes Booked here and only here: the stage follows the approved booking. */
export function approveBooking(
  deps: PlotInventoryDeps,
  plotId: number,
  user: DeskUser,
  now: number,
) {
  const { plots, desk } = deps;
  let queued = false;
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    const { bookingId, holdId, buyerId } = pendingBooking(plot);
    plots.decideBooking(bookingId, 'approved', user.id, now);
    plots.endHold(holdId, 'booked', now);
    plots.setStatus(plotId, 'booked', now);
    plots.event({
      plotId,
      at: now,
      type: 'approved',
      actorId: user.id,
      buyerId,
      text: 'Booking approved; the plot is booked',
    });
    const text = `Booking of plot ${plot.number} approved`;
    onBuyerTimeline(desk, plot.booking_lead_id, user.id, text, now);
    deps.onBookingApproved?.({
      bookingId,
      buyerId,
      plot: plot.number,
      price: totalPrice(plot),
      at: now,
    });
    if (markBooked(deps, plot, user, now)) {
      deps.onStageChanged?.(buyerId, now);
      queued = true;
    }
  });
  if (queued) deps.onQueued?.();
  return plotOf(plots, plotId);
}

/** A refused booking returns the plot to the buyer's hold; an expiry already passed restarts. */
export function refuseBooking(
  { plots, desk, queueExpiry }: PlotInventoryDeps,
  plotId: number,
  reason: string,
  user: DeskUser,
  now: number,
) {
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    const { bookingId, holdId, buyerId, expiresAt } = pendingBooking(plot);
    plots.decideBooking(bookingId, 'refused', user.id, now);
    plots.setStatus(plotId, 'held', now);
    if (expiresAt <= now) {
      const restarted = now + DEFAULT_HOLD_HOURS * HOUR_MS;
      plots.setExpiry(holdId, restarted);
      queueExpiry(holdId, restarted);
    }
    plots.event({
      plotId,
      at: now,
      type: 'refused',
      actorId: user.id,
      buyerId,
      text: `Booking refused: ${reason}`,
    });
    // What the manager typed is the entry's detail, which an erasure clears.
    const text = `Booking of plot ${plot.number} refused`;
    onBuyerTimeline(desk, plot.booking_lead_id, user.id, text, now, reason);
  });
  return plotOf(plots, plotId);
}

/** The buyer's stage leaves Booked for what their visit records say, else Contacted. */
function unmarkBooked(deps: PlotInventoryDeps, plot: PlotRow, user: DeskUser, now: number) {
  const { plots, desk } = deps;
  const leadId = plot.booking_lead_id;
  const buyerId = plot.booking_buyer_id;
  const work = leadId === null ? undefined : desk.workOf(leadId);
  if (leadId === null || buyerId === null || !work || work.stage !== 'booked') return false;
  if (plots.approvedBookingsOf(buyerId).length > 0) return false;
  const stage = stageFromVisits('contacted', plots.visitStatusesOf(buyerId), 'cancelled');
  saveStage(deps, leadId, work, { ...work, stage }, user, now);
  return true;
}

/**
 * A manager cancels an approved booking (the buyer withdrew): the plot is available again and,
 * unless another plot stays booked for them, the buyer's stage goes back to what their visit
 * records say, else Contacted. Their furthest stage stays: the funnel counts how far buyers got,
 * while the bookings figures count approved booking records only.
 */
export function cancelBooking(
  deps: PlotInventoryDeps,
  plotId: number,
  reason: string,
  user: DeskUser,
  now: number,
) {
  const { plots, desk } = deps;
  let queued = false;
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    if (
      plot.status !== 'booked' ||
      plot.booking_status !== 'approved' ||
      plot.booking_id === null ||
      plot.booking_buyer_id === null
    ) {
      throw new DeskError(
        409,
        plot.status === 'booked'
          ? `Plot ${plot.number} was marked booked by an import, without a booking in the desk; import it as available to free it.`
          : `Plot ${plot.number} is not booked; only an approved booking can be cancelled.`,
      );
    }
    const buyerId = plot.booking_buyer_id;
    plots.cancelBooking(plot.booking_id, user.id, reason, now);
    deps.onBookingCancelled?.(plot.booking_id, now);
    plots.setStatus(plotId, 'available', now);
    plots.event({
      plotId,
      at: now,
      type: 'booking_cancelled',
      actorId: user.id,
      buyerId,
      text: `Booking cancelled: ${reason}; the plot is available`,
    });
    const text = `Booking of plot ${plot.number} cancelled`;
    onBuyerTimeline(desk, plot.booking_lead_id, user.id, text, now, reason);
    if (unmarkBooked(deps, plot, user, now)) {
      deps.onStageChanged?.(buyerId, now);
      queued = true;
    }
  });
  if (queued) deps.onQueued?.();
  return plotOf(plots, plotId);
}
