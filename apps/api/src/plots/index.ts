/**
 * The plot inventory: the plots themselves (imported from CSV, corrected by a manager, exported),
 * an agent's hold of a plot for a buyer and its expiry (the `plots` outbox channel), booking
 * requests and a manager's approval, refusal or cancellation, each plot's history, and the
 * bookings export. Its tables (plots, plot_holds, plot_bookings, plot_events; their schema is
 * migrated in store/plot-schema.ts) are written here only; the rest of the API uses what this
 * module exports: the desk's routes, a buyer's erasure (`eraseBuyer`) and merge
 * (`moveBuyer`), and the hold-expiry worker's channel.
 */
import type { DeskRoute } from '../desk/route.ts';
import { holdRoutes } from './hold-routes.ts';
import { inventoryRoutes, type PlotRouteDeps } from './plot-routes.ts';

export { createHoldExpiryQueue } from './hold-expiry.ts';
export { createPlotsChannel, PLOTS_WORKER } from './plot-channel.ts';
export { createPlotInventory, type PlotInventory } from './plot-inventory.ts';
export { createPlotStore, type PlotStore } from './plot-store.ts';
export type { PlotRouteDeps };

/** The desk API's plot routes, in the order they are mounted. */
export const plotRoutes: readonly DeskRoute<PlotRouteDeps>[] = [...inventoryRoutes, ...holdRoutes];
export { createPriceSheet, type PriceSheetRow } from './price-sheet.ts';
