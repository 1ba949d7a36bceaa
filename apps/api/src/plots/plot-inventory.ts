import { DEFAULT_HOLD_HOURS, formatRupees, PLOT_STATUS_LABELS } from '@iconia/shared';
import type { DeskStore } from '../desk/desk-store.ts';
import { DeskError } from '../desk/desk-error.ts';
import { assertMayWork, findLead } from '../desk/lead-work.ts';
import { STAGE_LABELS, STAGE_RANK, type DeskUser, type Person } from '../desk/desk-types.ts';
import { formatIndiaTime } from '../reports/lead-format.ts';
import { stageFromVisits } from '../visits/visits.ts';
import type {
  HoldExpiryPayload,
  ImportProblem,
  ImportRow,
  PlotFacts,
  PlotRow,
  PlotStore,
} from './plot-store.ts';

const HOUR_MS = 3_600_000;

export const PLOT_NOT_FOUND = 'There is no plot with this id.';

export class PlotImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} rows of the CSV cannot be imported`);
    this.name = 'PlotImportError';
  }
}

export type PlotInventory = ReturnType<typeof createPlotInventory>;

/**
 * What people do with plots: import and correct them, hold one for a buyer, ask for its booking,
 * approve or refuse it. Each step is one IMMEDIATE transaction that checks the plot's state
 * after taking the write lock, so two agents holding one plot at once cannot both win; the
 * loser is told who holds it.
 */
export function createPlotInventory(deps: {
  plots: PlotStore;
  desk: DeskStore;
  /** Called once a change queued a message for the CRM endpoints (a buyer became Booked). */
  onQueued?: (() => void) | undefined;
  /**
   * Called in the transaction of an approval that makes the buyer Booked: a stage change answers
   * the buyer for routing's first-response clock, as the desk's own changes do.
   */
  onStageChanged?: ((buyerId: number, at: number) => void) | undefined;
  /** Called in the transaction of a booking request: the managers are told that it waits. */
  onBookingRequested?:
    | ((booking: {
        bookingId: number;
        leadId: number;
        plot: string;
        by: string;
        at: number;
      }) => void)
    | undefined;
}) {
  const { plots, desk } = deps;

  const plotOf = (id: number): PlotRow => {
    const plot = plots.byId(id);
    if (!plot) throw new DeskError(404, PLOT_NOT_FOUND);
    return plot;
  };

  /** The booking of the plot waiting for a manager's decision, or a 409 saying there is none. */
  const pendingBooking = (plot: PlotRow) => {
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
  };

  const heldBy = (plot: PlotRow): string =>
    `Plot ${plot.number} is already held by ${plot.hold_agent_name ?? 'someone'}` +
    (plot.expires_at === null ? '.' : ` until ${formatIndiaTime(plot.expires_at)}.`);

  const assertHolderOrManager = (user: DeskUser, plot: PlotRow): void => {
    if (user.role !== 'manager' && plot.hold_agent_id !== user.id) {
      throw new DeskError(
        403,
        `Plot ${plot.number} is held by ${plot.hold_agent_name ?? 'someone else'}; only they or a manager can do this.`,
      );
    }
  };

  /** The step on the buyer's timeline too, written on their latest enquiry. */
  const onBuyerTimeline = (
    leadId: number | null,
    actorId: number | null,
    text: string,
    now: number,
    detail?: string,
  ) => {
    if (leadId === null) return;
    desk.addEvent(leadId, now, {
      type: 'plot',
      actorId,
      text,
      ...(detail !== undefined && { detail }),
    });
  };

  const describe = (facts: PlotFacts): string => {
    const price =
      facts.price !== null
        ? formatRupees(facts.price)
        : `${formatRupees(facts.ratePerSqYd ?? 0)} per sq. yd`;
    return `${facts.phase}, ${facts.sizeSqYd} sq. yds, ${facts.facing.replace('_', '-')}${facts.corner ? ', corner' : ''}, ${price}`;
  };

  return {
    plotOf,

    /**
     * Applies every row or none: a new number adds a plot, a known one updates its facts and
     * keeps its holds and bookings. A CSV's `booked` marks a plot sold outside the desk; its
     * `available` frees such a plot again, and never ends a hold or a booking made in the desk.
     */
    importRows(rows: readonly ImportRow[], actor: Person, now: number) {
      return plots.transaction(() => {
        const problems: ImportProblem[] = [];
        let created = 0;
        let updated = 0;
        for (const row of rows) {
          const known = plots.byNumber(row.number);
          const facts: PlotFacts = { ...row };
          if (!known) {
            if (row.status === 'desk') {
              problems.push({
                line: row.line,
                message: `plot ${row.number} is new: it is imported available or booked, and held in the desk.`,
              });
              continue;
            }
            const id = plots.insertPlot(facts, row.status ?? 'available', now);
            plots.event({
              plotId: id,
              at: now,
              type: 'imported',
              actorId: actor.id,
              buyerId: null,
              text: `Imported: ${describe(facts)}${row.status === 'booked' ? ', booked' : ''}`,
            });
            created += 1;
            continue;
          }
          if (row.status === 'booked' && known.status !== 'booked') {
            if (known.status !== 'available') {
              problems.push({
                line: row.line,
                message: `plot ${row.number} is ${PLOT_STATUS_LABELS[known.status].toLowerCase()} for a buyer in the desk; settle that there before marking it booked.`,
              });
              continue;
            }
          }
          plots.updatePlot(known.id, facts, now);
          let text = `Updated by import: ${describe(facts)}`;
          if (row.status === 'booked' && known.status === 'available') {
            plots.setStatus(known.id, 'booked', now);
            text += ', booked';
          } else if (row.status === 'available' && known.status === 'booked' && !known.booked) {
            plots.setStatus(known.id, 'available', now);
            text += ', available';
          }
          plots.event({
            plotId: known.id,
            at: now,
            type: 'imported',
            actorId: actor.id,
            buyerId: null,
            text,
          });
          updated += 1;
        }
        // Thrown inside the transaction, so nothing of the file stays.
        if (problems.length > 0) throw new PlotImportError(problems);
        return { created, updated };
      });
    },

    edit(plotId: number, change: Partial<Omit<PlotFacts, 'number'>>, actor: Person, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
        const facts: PlotFacts = {
          number: plot.number,
          phase: change.phase ?? plot.phase,
          sizeSqYd: change.sizeSqYd ?? plot.size_sq_yd,
          facing: change.facing ?? plot.facing,
          corner: change.corner ?? plot.corner === 1,
          price: change.price === undefined ? plot.price : change.price,
          ratePerSqYd: change.ratePerSqYd === undefined ? plot.rate_per_sq_yd : change.ratePerSqYd,
        };
        if (facts.price === null && facts.ratePerSqYd === null) {
          throw new DeskError(400, 'A plot needs a price or a rate per sq. yd.');
        }
        plots.updatePlot(plotId, facts, now);
        plots.event({
          plotId,
          at: now,
          type: 'edited',
          actorId: actor.id,
          buyerId: null,
          text: `Corrected: ${describe(facts)}`,
        });
      });
      return plotOf(plotId);
    },

    hold(plotId: number, leadId: number, user: DeskUser, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
        const lead = findLead(desk, leadId);
        assertMayWork(user, lead);
        if (lead.erased_at !== null) {
          throw new DeskError(
            409,
            "This buyer's personal data was erased; no plot can be held for them.",
          );
        }
        if (plot.status === 'held' || plot.status === 'booking_requested') {
          throw new DeskError(409, heldBy(plot));
        }
        if (plot.status === 'booked') {
          throw new DeskError(409, `Plot ${plot.number} is booked.`);
        }
        const expiresAt = now + DEFAULT_HOLD_HOURS * HOUR_MS;
        plots.insertHold({ plotId, buyerId: lead.buyer_id, agentId: user.id, now, expiresAt });
        plots.setStatus(plotId, 'held', now);
        plots.event({
          plotId,
          at: now,
          type: 'held',
          actorId: user.id,
          buyerId: lead.buyer_id,
          text: `Held until ${formatIndiaTime(expiresAt)}`,
        });
        onBuyerTimeline(
          lead.id,
          user.id,
          `Plot ${plot.number} held until ${formatIndiaTime(expiresAt)}`,
          now,
        );
      });
      return plotOf(plotId);
    },

    extend(plotId: number, hours: number, user: DeskUser, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
        if (plot.hold_id === null || plot.expires_at === null) {
          throw new DeskError(409, `Plot ${plot.number} is not held.`);
        }
        const expiresAt = Math.max(plot.expires_at, now) + hours * HOUR_MS;
        plots.setExpiry(plot.hold_id, expiresAt);
        plots.event({
          plotId,
          at: now,
          type: 'extended',
          actorId: user.id,
          buyerId: plot.hold_buyer_id,
          text: `Hold extended until ${formatIndiaTime(expiresAt)}`,
        });
        onBuyerTimeline(
          plot.hold_lead_id,
          user.id,
          `Hold of plot ${plot.number} extended until ${formatIndiaTime(expiresAt)}`,
          now,
        );
      });
      return plotOf(plotId);
    },

    release(plotId: number, user: DeskUser, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
        if (plot.status !== 'held' || plot.hold_id === null) {
          throw new DeskError(
            409,
            plot.status === 'booking_requested'
              ? `Plot ${plot.number} waits for a manager's decision on its booking.`
              : `Plot ${plot.number} is not held.`,
          );
        }
        assertHolderOrManager(user, plot);
        plots.endHold(plot.hold_id, 'released', now);
        plots.setStatus(plotId, 'available', now);
        plots.event({
          plotId,
          at: now,
          type: 'released',
          actorId: user.id,
          buyerId: plot.hold_buyer_id,
          text: 'Hold released; the plot is available',
        });
        onBuyerTimeline(plot.hold_lead_id, user.id, `Hold of plot ${plot.number} released`, now);
      });
      return plotOf(plotId);
    },

    requestBooking(plotId: number, user: DeskUser, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
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
        onBuyerTimeline(
          plot.hold_lead_id,
          user.id,
          `Booking of plot ${plot.number} requested`,
          now,
        );
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
      return plotOf(plotId);
    },

    /** The buyer becomes Booked here and only here: the stage follows the approved booking. */
    approve(plotId: number, user: DeskUser, now: number) {
      let queued = false;
      plots.transaction(() => {
        const plot = plotOf(plotId);
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
        const leadId = plot.booking_lead_id;
        onBuyerTimeline(leadId, user.id, `Booking of plot ${plot.number} approved`, now);
        const work = leadId === null ? undefined : desk.workOf(leadId);
        if (leadId !== null && work && work.stage !== 'booked') {
          desk.saveWork(
            leadId,
            {
              ...work,
              stage: 'booked',
              lost_reason: null,
              furthest_stage: Math.max(work.furthest_stage, STAGE_RANK.booked),
            },
            now,
            [
              {
                type: 'stage',
                actorId: user.id,
                text: `Stage changed from ${STAGE_LABELS[work.stage]} to ${STAGE_LABELS.booked}`,
              },
            ],
            ['stage'],
          );
          deps.onStageChanged?.(buyerId, now);
          queued = true;
        }
      });
      if (queued) deps.onQueued?.();
      return plotOf(plotId);
    },

    /** A refused booking returns the plot to the buyer's hold; an expiry already passed restarts. */
    refuse(plotId: number, reason: string, user: DeskUser, now: number) {
      plots.transaction(() => {
        const plot = plotOf(plotId);
        const { bookingId, holdId, buyerId, expiresAt } = pendingBooking(plot);
        plots.decideBooking(bookingId, 'refused', user.id, now);
        plots.setStatus(plotId, 'held', now);
        if (expiresAt <= now) plots.setExpiry(holdId, now + DEFAULT_HOLD_HOURS * HOUR_MS);
        plots.event({
          plotId,
          at: now,
          type: 'refused',
          actorId: user.id,
          buyerId,
          text: `Booking refused: ${reason}`,
        });
        // What the manager typed is the entry's detail, which an erasure clears.
        onBuyerTimeline(
          plot.booking_lead_id,
          user.id,
          `Booking of plot ${plot.number} refused`,
          now,
          reason,
        );
      });
      return plotOf(plotId);
    },

    /**
     * A manager cancels an approved booking (the buyer withdrew): the plot is available again and,
     * unless another plot stays booked for them, the buyer's stage goes back to what their visit
     * records say, else Contacted. Their furthest stage stays: the funnel counts how far buyers
     * got, while the bookings figures count approved booking records only.
     */
    cancelBooking(plotId: number, reason: string, user: DeskUser, now: number) {
      let queued = false;
      plots.transaction(() => {
        const plot = plotOf(plotId);
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
        plots.setStatus(plotId, 'available', now);
        plots.event({
          plotId,
          at: now,
          type: 'booking_cancelled',
          actorId: user.id,
          buyerId,
          text: `Booking cancelled: ${reason}; the plot is available`,
        });
        const leadId = plot.booking_lead_id;
        onBuyerTimeline(leadId, user.id, `Booking of plot ${plot.number} cancelled`, now, reason);
        const work = leadId === null ? undefined : desk.workOf(leadId);
        if (leadId === null || !work || work.stage !== 'booked') return;
        if (plots.approvedBookingsOf(buyerId).length > 0) return;
        const stage = stageFromVisits('contacted', plots.visitStatusesOf(buyerId), 'cancelled');
        desk.saveWork(
          leadId,
          { ...work, stage },
          now,
          [
            {
              type: 'stage',
              actorId: user.id,
              text: `Stage changed from ${STAGE_LABELS.booked} to ${STAGE_LABELS[stage]}`,
            },
          ],
          ['stage'],
        );
        deps.onStageChanged?.(buyerId, now);
        queued = true;
      });
      if (queued) deps.onQueued?.();
      return plotOf(plotId);
    },

    /**
     * The worker's step for a hold's expiry message. Does nothing unless the hold is still the
     * plot's, only held (a booking request keeps it), and still expires when the message was
     * queued for: a message run twice, or queued before an extension, changes nothing.
     */
    expire(payload: HoldExpiryPayload, now: number): boolean {
      return plots.transaction(() => {
        const hold = plots.holdById(payload.holdId);
        if (!hold || hold.ended_at !== null || hold.expires_at !== payload.expiresAt) return false;
        if (hold.expires_at > now) return false;
        const plot = plotOf(hold.plot_id);
        if (plot.status !== 'held') return false;
        plots.endHold(hold.id, 'expired', now);
        plots.setStatus(plot.id, 'available', now);
        plots.event({
          plotId: plot.id,
          at: now,
          type: 'expired',
          actorId: null,
          buyerId: hold.buyer_id,
          text: 'Hold expired; the plot is available',
        });
        onBuyerTimeline(plot.hold_lead_id, null, `Hold of plot ${plot.number} expired`, now);
        return true;
      });
    },

    /**
     * An erased buyer's holds end and their plots are available again; a booking still waiting
     * is cancelled. An approved booking stays: its plot stays booked, and the buyer it names
     * holds no personal data any more. Runs inside the erasure's transaction.
     */
    eraseBuyer(buyerId: number, now: number): void {
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
    },
  };
}
