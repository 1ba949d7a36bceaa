import {
  PLOT_STATUSES,
  type Plot,
  type PlotBuyer,
  type PlotCounts,
  type PlotEvent,
  type PlotStatus,
} from '@iconia/shared';
import { indiaTimestamp } from '../format/india-day.ts';
import type { PlotEventRow, PlotRow } from './plot-rows.ts';

/** The price of the whole plot: its own, else the rate times the size, in whole rupees. */
export function totalPrice(row: Pick<PlotRow, 'price' | 'rate_per_sq_yd' | 'size_sq_yd'>): number {
  return row.price ?? Math.round((row.rate_per_sq_yd ?? 0) * row.size_sq_yd);
}

function buyer(
  buyerId: number | null,
  leadId: number | null,
  name: string | null,
): PlotBuyer | null {
  return buyerId === null ? null : { buyerId, leadId, name: name ?? '' };
}

export function toPlotJson(row: PlotRow): Plot {
  const holdBuyer = buyer(row.hold_buyer_id, row.hold_lead_id, row.hold_buyer_name);
  const bookingBuyer = buyer(row.booking_buyer_id, row.booking_lead_id, row.booking_buyer_name);
  return {
    id: row.id,
    number: row.number,
    phase: row.phase,
    sizeSqYd: row.size_sq_yd,
    facing: row.facing,
    corner: row.corner === 1,
    price: row.price,
    ratePerSqYd: row.rate_per_sq_yd,
    totalPrice: totalPrice(row),
    status: row.status,
    hold:
      holdBuyer && row.hold_agent_id !== null && row.held_at !== null && row.expires_at !== null
        ? {
            buyer: holdBuyer,
            agent: { id: row.hold_agent_id, name: row.hold_agent_name ?? '' },
            heldAt: indiaTimestamp(row.held_at),
            expiresAt: indiaTimestamp(row.expires_at),
          }
        : null,
    booking:
      bookingBuyer &&
      row.booking_id !== null &&
      row.booking_status !== null &&
      row.requested_by !== null &&
      row.requested_at !== null
        ? {
            id: row.booking_id,
            status: row.booking_status,
            buyer: bookingBuyer,
            requestedBy: { id: row.requested_by, name: row.requested_by_name ?? '' },
            requestedAt: indiaTimestamp(row.requested_at),
            decidedBy:
              row.decided_by === null
                ? null
                : { id: row.decided_by, name: row.decided_by_name ?? '' },
            decidedAt: row.decided_at === null ? null : indiaTimestamp(row.decided_at),
          }
        : null,
    updatedAt: indiaTimestamp(row.updated_at),
  };
}

export function toPlotEventJson(row: PlotEventRow): PlotEvent {
  return {
    at: indiaTimestamp(row.at),
    type: row.type,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
    buyer: buyer(row.buyer_id, row.buyer_lead_id, row.buyer_name),
    text: row.text,
  };
}

/** How many plots of each status there are, in all and by phase. */
export function toPlotCounts(
  rows: ReadonlyArray<{ phase: string; status: PlotStatus; count: number }>,
) {
  const zero = () => new Map<PlotStatus, number>(PLOT_STATUSES.map((status) => [status, 0]));
  const listed = (counts: Map<PlotStatus, number>) =>
    PLOT_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  const all = zero();
  const phases = new Map<string, Map<PlotStatus, number>>();
  for (const row of rows) {
    all.set(row.status, (all.get(row.status) ?? 0) + row.count);
    const phase = phases.get(row.phase) ?? zero();
    phase.set(row.status, (phase.get(row.status) ?? 0) + row.count);
    phases.set(row.phase, phase);
  }
  const sum = (counts: Map<PlotStatus, number>) =>
    [...counts.values()].reduce((total, count) => total + count, 0);
  const counts: PlotCounts = {
    total: sum(all),
    byStatus: listed(all),
    byPhase: [...phases].map(([phase, byStatus]) => ({
      phase,
      total: sum(byStatus),
      byStatus: listed(byStatus),
    })),
  };
  return counts;
}
