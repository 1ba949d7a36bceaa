import type { Request, Response } from 'express';
import {
  buyerPlotsAnswerSchema,
  plotAnswerSchema,
  plotEditSchema,
  plotImportAnswerSchema,
  plotImportRefusalSchema,
  fromQuery,
  plotsAnswerSchema,
  plotsFields,
  plotsQuerySchema,
  plotViewSchema,
  type BuyerPlotsAnswer,
  type PlotImportRefusal,
  type PlotsAnswer,
  type PlotsQuery,
  type PlotView,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from '../desk/auth.ts';
import { csvAttachment, csvBody } from '../desk/csv-body.ts';
import { MESSAGES } from '../desk/desk-error.ts';
import { parse, pathId } from '../desk/desk-input.ts';
import type { BuyerStore } from '../buyers/index.ts';
import { findLead } from '../buyers/index.ts';
import { routeFor } from '../desk/route.ts';
import { indiaDay } from '../format/india-day.ts';
import { bookingsCsv, inventoryCsv, parsePlotCsv } from './plot-csv.ts';
import { PlotImportError } from './plot-import.ts';
import type { PlotInventory } from './plot-inventory.ts';
import { toPlotCounts, toPlotEventJson, toPlotJson } from './plot-json.ts';
import { PLOT_NOT_FOUND } from './plot-rules.ts';
import type { PlotStore } from './plot-store.ts';

export interface PlotRouteDeps {
  plots: PlotStore;
  inventory: PlotInventory;
  desk: BuyerStore;
  clock: Clock;
  logger: Logger;
}

export const route = routeFor<PlotRouteDeps>();

export const plotId = (req: Request): number => pathId(req, PLOT_NOT_FOUND);

const CSV = { 'text/csv': { schema: { type: 'string' } } };

/**
 * The list's query fields as the published contract gives them. The handler reads the query with
 * `plotsQuerySchema`, which adds the check of the size range: declaring that one here would add its
 * sentence to the contract's 400 examples, which the kept desk-api.openapi.json does not list.
 */
const plotsQueryFields = fromQuery(plotsFields);

function listAnswer(plots: PlotStore, query: PlotsQuery, userId: number): PlotsAnswer {
  return {
    plots: plots
      .list({
        phase: query.phase,
        facing: query.facing,
        corner: query.corner,
        status: query.status,
        minSize: query.minSize,
        maxSize: query.maxSize,
        holderId: query.mine === true ? userId : undefined,
      })
      .map(toPlotJson),
    counts: toPlotCounts(plots.counts()),
  };
}

function refuseImport(res: Response, problems: PlotImportRefusal['problems']): void {
  const answer: PlotImportRefusal = {
    error: `${problems.length === 1 ? 'One row' : `${problems.length} rows`} of the CSV cannot be imported; nothing was imported.`,
    problems,
  };
  res.status(400).json(answer);
}

/** The plot inventory as a whole: listing, exporting and importing it, a plot and its history. */
export const inventoryRoutes = [
  route({
    method: 'get',
    path: '/plots',
    summary: 'The plot inventory, filtered, with counts per status and phase',
    who: 'signed in',
    description: 'The counts cover the whole inventory whatever the filters.',
    query: plotsQueryFields,
    answer: { status: 200, description: 'The plots and the counts.', json: plotsAnswerSchema },
    handle: ({ req, res }, { plots }): PlotsAnswer => {
      const query = parse(plotsQuerySchema, req.query);
      return listAnswer(plots, query, currentUser(res).id);
    },
  }),
  route({
    method: 'get',
    path: '/plots.csv',
    summary: 'The inventory as CSV',
    who: 'manager',
    description:
      'The import’s columns first (so the file imports back), then the total price, buyer, agent and hold expiry. Cells that a spreadsheet would run as a formula are prefixed with a quote.',
    answer: {
      status: 200,
      description: 'A CSV attachment, by phase and number.',
      content: CSV,
    },
    handle: ({ res }, { plots, clock, logger }) => {
      const now = clock.now();
      const rows = plots.list({});
      logger.info({ userId: currentUser(res).id, rows: rows.length }, 'plot inventory export');
      csvAttachment(res, `elegant-iconia-plots-${indiaDay(now)}.csv`, inventoryCsv(rows));
    },
  }),
  route({
    method: 'get',
    path: '/plot-bookings.csv',
    summary: 'The booking records as CSV',
    who: 'manager',
    description:
      'Every booking requested, approved, refused or cancelled, newest first, with the buyer’s first enquiry’s origin and campaign, and who cancelled a cancelled one, when and why. Formula-safe as the leads export.',
    answer: { status: 200, description: 'A CSV attachment.', content: CSV },
    handle: ({ res }, { plots, clock, logger }) => {
      const now = clock.now();
      const rows = plots.bookings();
      logger.info({ userId: currentUser(res).id, rows: rows.length }, 'plot bookings export');
      csvAttachment(res, `elegant-iconia-bookings-${indiaDay(now)}.csv`, bookingsCsv(rows));
    },
  }),
  route({
    method: 'post',
    path: '/plots/import',
    summary: 'Import the inventory from CSV',
    who: 'manager',
    description:
      'The body is the CSV file itself (content-type: text/csv, at most 1 MB), with a header row: number, phase, size_sq_yd, facing, corner, price and/or rate_per_sq_yd, optionally status (available or booked; held and booking requested leave the desk’s state as it is). All rows or none: a 400 lists every bad row with its line. A known number updates its plot and keeps its hold or booking.',
    answer: {
      status: 200,
      description: 'How many plots were added and updated.',
      json: plotImportAnswerSchema,
    },
    errors: [413, 415],
    badInput: plotImportRefusalSchema,
    bodyContent: {
      'text/csv': {
        schema: { type: 'string' },
        example:
          'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status\r\nA-12,Phase 1,240,North-East,yes,,18000,available\r\n',
      },
    },
    handle: async ({ req, res }, { inventory, clock, logger }) => {
      const parsed = parsePlotCsv(await csvBody(req, res));
      if ('problems' in parsed) return refuseImport(res, parsed.problems);
      const user = currentUser(res);
      try {
        const result = inventory.importRows(parsed.rows, user, clock.now());
        logger.info({ userId: user.id, ...result }, 'plot inventory imported');
        return result;
      } catch (error) {
        if (!(error instanceof PlotImportError)) throw error;
        return refuseImport(res, error.problems);
      }
    },
  }),
  route({
    method: 'get',
    path: '/plots/{id}',
    summary: 'A plot and its history',
    who: 'signed in',
    answer: { status: 200, description: 'The plot.', json: plotViewSchema },
    handle: ({ req }, { plots, inventory }): PlotView => {
      const id = plotId(req);
      return {
        plot: toPlotJson(inventory.plotOf(id)),
        history: plots.history(id).map(toPlotEventJson),
      };
    },
  }),
  route({
    method: 'patch',
    path: '/plots/{id}',
    summary: 'Correct a plot',
    who: 'manager',
    body: plotEditSchema,
    answer: { status: 200, description: 'The plot as it is now.', json: plotAnswerSchema },
    handle: ({ req, res, body }, { inventory, clock }) => ({
      plot: toPlotJson(inventory.edit(plotId(req), body, currentUser(res), clock.now())),
    }),
  }),
  route({
    method: 'get',
    path: '/leads/{id}/plots',
    summary: 'The plots held or booked for the lead’s buyer',
    who: 'signed in',
    answer: { status: 200, description: 'The plots.', json: buyerPlotsAnswerSchema },
    handle: ({ req }, { plots, desk }): BuyerPlotsAnswer => {
      const lead = findLead(desk, pathId(req, MESSAGES.leadNotFound));
      return { plots: plots.ofBuyer(lead.buyer_id).map(toPlotJson) };
    },
  }),
];
