import {
  deskReportSchema,
  exportQuerySchema,
  reportQuerySchema,
  type DeskReport,
} from '@iconia/shared';
import { leadFilterOf } from '../buyers/index.ts';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { routeFor } from '../desk/route.ts';
import type { Logger } from '../logger.ts';
import { buyerNotes, csvOf, exportLogFilters } from './desk-export.ts';
import { buildReports } from './desk-reports.ts';
import { spendRoutes } from './spend-routes.ts';
import type { ReportStore } from './report-store.ts';
import { indiaDay } from '../format/india-day.ts';

export interface ReportRouteDeps {
  store: ReportStore;
  clock: Clock;
  logger: Logger;
}

const route = routeFor<ReportRouteDeps>();

/** The Reports screen's figures, and the managers' CSV export of the leads. */
const screenRoutes = [
  route({
    method: 'get',
    path: '/reports',
    summary: 'Leads per day, campaigns, the funnel and first-contact times',
    who: 'signed in',
    query: reportQuerySchema,
    answer: { status: 200, description: 'The figures.', json: deskReportSchema },
    handle: ({ query: { days } }, { store, clock }): DeskReport =>
      buildReports(store, days, clock.now()),
  }),
  route({
    method: 'get',
    path: '/export.csv',
    summary: 'The filtered leads as CSV',
    who: 'manager',
    description:
      "Every column of `pnpm leads export` (origin, email, message and problems among them, then one per question of the leads' own forms, in the order the questions first came in), then the buyer's stage, owner, follow-up, Lost reason and first contact, and with `notes=1` their notes. Every export is recorded with who, when, the filters (and whether notes went with it) and the number of rows.",
    query: exportQuerySchema,
    answer: {
      status: 200,
      description: 'A CSV attachment, newest lead first.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    handle: ({ req, res, query }, { store, clock, logger }) => {
      const now = clock.now();
      const user = currentUser(res);
      const filter = leadFilterOf(query, user, now);
      const rows = store.exportLeads(filter);
      store.recordExport(user.id, now, exportLogFilters(req, filter), rows.length);
      logger.info({ userId: user.id, rows: rows.length }, 'desk export');
      res
        .status(200)
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set(
          'Content-Disposition',
          `attachment; filename="elegant-iconia-leads-${indiaDay(now)}.csv"`,
        )
        .send(csvOf(rows, query.notes === true ? buyerNotes(store) : undefined));
    },
  }),
];

export const reportRoutes = [...screenRoutes, ...spendRoutes];
