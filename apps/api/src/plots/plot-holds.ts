import { DEFAULT_HOLD_HOURS } from '@iconia/shared';
import { DeskError } from '../desk/desk-error.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { assertMayWork, findLead } from '../buyers/index.ts';
import { formatIndiaTime } from '../format/lead-format.ts';
import type { HoldExpiryPayload } from './hold-expiry.ts';
import {
  assertHolderOrManager,
  heldBy,
  HOUR_MS,
  onBuyerTimeline,
  plotOf,
  type PlotInventoryDeps,
} from './plot-rules.ts';

type Deps = Pick<PlotInventoryDeps, 'plots' | 'desk' | 'queueExpiry'>;

/** Holds the plot for the lead's buyer for 48 hours, and queues the hold's expiry. */
export function holdPlot(
  { plots, desk, queueExpiry }: Deps,
  plotId: number,
  leadId: number,
  user: DeskUser,
  now: number,
) {
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
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
    const holdId = plots.insertHold({
      plotId,
      buyerId: lead.buyer_id,
      agentId: user.id,
      now,
      expiresAt,
    });
    queueExpiry(holdId, expiresAt);
    plots.setStatus(plotId, 'held', now);
    plots.event({
      plotId,
      at: now,
      type: 'held',
      actorId: user.id,
      buyerId: lead.buyer_id,
      text: `Held until ${formatIndiaTime(expiresAt)}`,
    });
    const text = `Plot ${plot.number} held until ${formatIndiaTime(expiresAt)}`;
    onBuyerTimeline(desk, lead.id, user.id, text, now);
  });
  return plotOf(plots, plotId);
}

/** Moves the hold's expiry later, and queues the new one; the old one's message does nothing. */
export function extendHold(
  { plots, desk, queueExpiry }: Deps,
  plotId: number,
  hours: number,
  user: DeskUser,
  now: number,
) {
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
    if (plot.hold_id === null || plot.expires_at === null) {
      throw new DeskError(409, `Plot ${plot.number} is not held.`);
    }
    const expiresAt = Math.max(plot.expires_at, now) + hours * HOUR_MS;
    plots.setExpiry(plot.hold_id, expiresAt);
    queueExpiry(plot.hold_id, expiresAt);
    plots.event({
      plotId,
      at: now,
      type: 'extended',
      actorId: user.id,
      buyerId: plot.hold_buyer_id,
      text: `Hold extended until ${formatIndiaTime(expiresAt)}`,
    });
    const text = `Hold of plot ${plot.number} extended until ${formatIndiaTime(expiresAt)}`;
    onBuyerTimeline(desk, plot.hold_lead_id, user.id, text, now);
  });
  return plotOf(plots, plotId);
}

/** The holder or a manager ends the hold; the plot is available again. */
export function releaseHold({ plots, desk }: Deps, plotId: number, user: DeskUser, now: number) {
  plots.transaction(() => {
    const plot = plotOf(plots, plotId);
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
    const text = `Hold of plot ${plot.number} released`;
    onBuyerTimeline(desk, plot.hold_lead_id, user.id, text, now);
  });
  return plotOf(plots, plotId);
}

/**
 * The worker's step for a hold's expiry message. Does nothing unless the hold is still the
 * plot's, only held (a booking request keeps it), and still expires when the message was
 * queued for: a message run twice, or queued before an extension, changes nothing.
 */
export function expireHold({ plots, desk }: Deps, payload: HoldExpiryPayload, now: number) {
  return plots.transaction(() => {
    const hold = plots.holdById(payload.holdId);
    if (!hold || hold.ended_at !== null || hold.expires_at !== payload.expiresAt) return false;
    if (hold.expires_at > now) return false;
    const plot = plotOf(plots, hold.plot_id);
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
    onBuyerTimeline(desk, plot.hold_lead_id, null, `Hold of plot ${plot.number} expired`, now);
    return true;
  });
}
