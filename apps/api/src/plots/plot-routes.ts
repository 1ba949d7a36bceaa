import express, { type RequestHandler, type Router } from 'express';
import {
  PLOT_STATUSES,
  plotCancelBookingSchema,
  plotEditSchema,
  plotExtendSchema,
  plotHoldRequestSchema,
  plotRefusalSchema,
  plotsQuerySchema,
  type BuyerPlotsAnswer,
  type PlotCounts,
  type PlotImportRefusal,
  type PlotsAnswer,
  type PlotStatus,
  type PlotView,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError, MESSAGES } from '../desk/desk-error.ts';
import { parse, pathId } from '../desk/desk-input.ts';
import type { DeskStore } from '../desk/desk-store.ts';
import { findLead } from '../desk/lead-work.ts';
import { indiaDay } from '../reports/india-day.ts';
import { bookingsCsv, inventoryCsv, parsePlotCsv } from './plot-csv.ts';
import { PlotImportError, PLOT_NOT_FOUND, type PlotInventory } from './plot-inventory.ts';
import { toPlotEventJson, toPlotJson } from './plot-json.ts';
import type { PlotStore } from './plot-store.ts';

export interface PlotRouteDeps {
  plots: PlotStore;
  inventory: PlotInventory;
  desk: DeskStore;
  clock: Clock;
  logger: Logger;
  requireSession: RequestHandler;
  requireManager: RequestHandler;
  /** Called once a booking request queued the managers' alert, so it goes out at once. */
  onEmailQueued?: (() => void) | undefined;
}

/** An inventory of 800 plots is some 40 kB of CSV; a megabyte leaves room for long phase names. */
const IMPORT_LIMIT = '1mb';

function countsOf(rows: ReadonlyArray<{ phase: string; status: PlotStatus; count: number }>) {
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

function csvAttachment(res: express.Response, name: string, body: string): void {
  res
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${name}"`)
    .send(body);
}

/** The plot inventory's endpoints, on the desk router itself (see docs/desk-api.md). */
export function registerPlotRoutes(router: Router, deps: PlotRouteDeps): void {
  const { plots, inventory, desk, clock, logger, requireSession, requireManager } = deps;
  const plotId = (req: express.Request) => pathId(req, PLOT_NOT_FOUND);
  const plotAnswer = (id: number) => ({ plot: toPlotJson(inventory.plotOf(id)) });

  router.get('/plots', requireSession, (req, res) => {
    const query = parse(plotsQuerySchema, req.query);
    const answer: PlotsAnswer = {
      plots: plots
        .list({
          phase: query.phase,
          facing: query.facing,
          corner: query.corner,
          status: query.status,
          minSize: query.minSize,
          maxSize: query.maxSize,
          holderId: query.mine === true ? currentUser(res).id : undefined,
        })
        .map(toPlotJson),
      counts: countsOf(plots.counts()),
    };
    res.json(answer);
  });

  // Registered before /plots/:id, which would otherwise take these names for ids.
  router.get('/plots.csv', requireSession, requireManager, (_req, res) => {
    const now = clock.now();
    const rows = plots.list({});
    logger.info({ userId: currentUser(res).id, rows: rows.length }, 'plot inventory export');
    csvAttachment(res, `elegant-iconia-plots-${indiaDay(now)}.csv`, inventoryCsv(rows));
  });

  router.get('/plot-bookings.csv', requireSession, requireManager, (_req, res) => {
    const now = clock.now();
    const rows = plots.bookings();
    logger.info({ userId: currentUser(res).id, rows: rows.length }, 'plot bookings export');
    csvAttachment(res, `elegant-iconia-bookings-${indiaDay(now)}.csv`, bookingsCsv(rows));
  });

  router.post(
    '/plots/import',
    requireSession,
    requireManager,
    express.text({ type: 'text/csv', limit: IMPORT_LIMIT }),
    (req, res) => {
      if (typeof req.body !== 'string') {
        throw new DeskError(415, 'Send the CSV file itself, with content-type: text/csv.');
      }
      const parsed = parsePlotCsv(req.body);
      const user = currentUser(res);
      const refuse = (problems: PlotImportRefusal['problems']) => {
        const answer: PlotImportRefusal = {
          error: `${problems.length === 1 ? 'One row' : `${problems.length} rows`} of the CSV cannot be imported; nothing was imported.`,
          problems,
        };
        res.status(400).json(answer);
      };
      if ('problems' in parsed) {
        refuse(parsed.problems);
        return;
      }
      try {
        const result = inventory.importRows(parsed.rows, user, clock.now());
        logger.info({ userId: user.id, ...result }, 'plot inventory imported');
        res.json(result);
      } catch (error) {
        if (!(error instanceof PlotImportError)) throw error;
        refuse(error.problems);
      }
    },
  );

  router.get('/plots/:id', requireSession, (req, res) => {
    const id = plotId(req);
    const answer: PlotView = {
      plot: toPlotJson(inventory.plotOf(id)),
      history: plots.history(id).map(toPlotEventJson),
    };
    res.json(answer);
  });

  router.patch('/plots/:id', requireSession, requireManager, (req, res) => {
    const change = parse(plotEditSchema, req.body);
    const id = plotId(req);
    inventory.edit(id, change, currentUser(res), clock.now());
    res.json(plotAnswer(id));
  });

  router.post('/plots/:id/hold', requireSession, (req, res) => {
    const { leadId } = parse(plotHoldRequestSchema, req.body);
    const id = plotId(req);
    inventory.hold(id, leadId, currentUser(res), clock.now());
    res.status(201).json(plotAnswer(id));
  });

  router.delete('/plots/:id/hold', requireSession, (req, res) => {
    const id = plotId(req);
    inventory.release(id, currentUser(res), clock.now());
    res.json(plotAnswer(id));
  });

  router.post('/plots/:id/hold/extend', requireSession, requireManager, (req, res) => {
    const { hours } = parse(plotExtendSchema, req.body);
    const id = plotId(req);
    inventory.extend(id, hours, currentUser(res), clock.now());
    res.json(plotAnswer(id));
  });

  router.post('/plots/:id/booking', requireSession, (req, res) => {
    const id = plotId(req);
    inventory.requestBooking(id, currentUser(res), clock.now());
    deps.onEmailQueued?.();
    res.status(201).json(plotAnswer(id));
  });

  router.post('/plots/:id/booking/approve', requireSession, requireManager, (req, res) => {
    const id = plotId(req);
    inventory.approve(id, currentUser(res), clock.now());
    res.json(plotAnswer(id));
  });

  router.post('/plots/:id/booking/refuse', requireSession, requireManager, (req, res) => {
    const { reason } = parse(plotRefusalSchema, req.body);
    const id = plotId(req);
    inventory.refuse(id, reason, currentUser(res), clock.now());
    res.json(plotAnswer(id));
  });

  router.post('/plots/:id/booking/cancel', requireSession, requireManager, (req, res) => {
    const { reason } = parse(plotCancelBookingSchema, req.body);
    const id = plotId(req);
    const user = currentUser(res);
    inventory.cancelBooking(id, reason, user, clock.now());
    logger.info({ userId: user.id, plotId: id }, 'plot booking cancelled');
    res.json(plotAnswer(id));
  });

  router.get('/leads/:id/plots', requireSession, (req, res) => {
    const lead = findLead(desk, pathId(req, MESSAGES.leadNotFound));
    const answer: BuyerPlotsAnswer = { plots: plots.ofBuyer(lead.buyer_id).map(toPlotJson) };
    res.json(answer);
  });
}
