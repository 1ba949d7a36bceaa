import type { DeskUser, Person } from '../desk/desk-types.ts';
import type { HoldExpiryPayload } from './hold-expiry.ts';
import { approveBooking, cancelBooking, refuseBooking, requestBooking } from './plot-bookings.ts';
import { erasePlotBuyer } from './plot-erasure.ts';
import { extendHold, expireHold, holdPlot, releaseHold } from './plot-holds.ts';
import { editPlot, importPlots } from './plot-import.ts';
import type { ImportRow, PlotFacts } from './plot-rows.ts';
import { plotOf, type PlotInventoryDeps } from './plot-rules.ts';

export type PlotInventory = ReturnType<typeof createPlotInventory>;

/**
 * What people do with plots: import and correct them, hold one for a buyer, ask for its booking,
 * approve or refuse it. Each step is one IMMEDIATE transaction that checks the plot's state
 * after taking the write lock, so two agents holding one plot at once cannot both win; the
 * loser is told who holds it.
 */
export function createPlotInventory(deps: PlotInventoryDeps) {
  const { plots } = deps;
  return {
    plotOf: (id: number) => plotOf(plots, id),
    importRows: (rows: readonly ImportRow[], actor: Person, now: number) =>
      importPlots(plots, rows, actor, now),
    edit: (
      plotId: number,
      change: Partial<Omit<PlotFacts, 'number'>>,
      actor: Person,
      now: number,
    ) => editPlot(plots, plotId, change, actor, now),
    hold: (plotId: number, leadId: number, user: DeskUser, now: number) =>
      holdPlot(deps, plotId, leadId, user, now),
    extend: (plotId: number, hours: number, user: DeskUser, now: number) =>
      extendHold(deps, plotId, hours, user, now),
    release: (plotId: number, user: DeskUser, now: number) => releaseHold(deps, plotId, user, now),
    requestBooking: (plotId: number, user: DeskUser, now: number) =>
      requestBooking(deps, plotId, user, now),
    approve: (plotId: number, user: DeskUser, now: number) =>
      approveBooking(deps, plotId, user, now),
    refuse: (plotId: number, reason: string, user: DeskUser, now: number) =>
      refuseBooking(deps, plotId, reason, user, now),
    cancelBooking: (plotId: number, reason: string, user: DeskUser, now: number) =>
      cancelBooking(deps, plotId, reason, user, now),
    expire: (payload: HoldExpiryPayload, now: number) => expireHold(deps, payload, now),
    eraseBuyer: (buyerId: number, now: number) => erasePlotBuyer(plots, buyerId, now),
  };
}
