import {
  costReportSchema,
  reportQuerySchema,
  spendEntrySchema,
  spendImportAnswerSchema,
  spendRowSchema,
  SPEND_EXPORTS,
  type CostReport,
  type SpendImportAnswer,
  type SpendRow,
} from '@iconia/shared';
import * as v from 'valibot';
import type { Response } from 'express';
import { currentUser } from '../desk/auth.ts';
import { csvAttachment, csvBody } from '../desk/csv-body.ts';
import { routeFor } from '../desk/route.ts';
import { addDays, indiaDay } from '../format/india-day.ts';
import { toCsv } from '../format/csv.ts';
import { buildCostReport } from './cost-report.ts';
import type { ReportRouteDeps } from './report-routes.ts';
import { parseSpendCsv, type SpendProblem } from './spend-csv.ts';
import type { SpendDbRow } from './spend-queries.ts';

const route = routeFor<ReportRouteDeps>();

const spendImportRefusalSchema = v.object({
  error: v.pipe(v.string(), v.description('A sentence for people: nothing was imported.')),
  problems: v.pipe(
    v.array(v.object({ line: v.number(), message: v.string() })),
    v.description('Every bad row, by its line in the file.'),
  ),
});

function refuseImport(res: Response, problems: readonly SpendProblem[]): void {
  res.status(400).json({
    error: `${problems.length === 1 ? 'One row' : `${problems.length} rows`} of the file cannot be imported; nothing was imported.`,
    problems,
  });
}

function toSpendJson(row: SpendDbRow): SpendRow {
  return {
    platform: row.platform,
    campaign: row.campaign,
    campaignId: row.campaign_id,
    day: row.day,
    amountPaise: row.amount_paise,
    how: row.how,
    enteredBy: row.entered_by_name,
  };
}

/** Rupees as a spreadsheet reads them: 1234.50. */
const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));

const COST_CSV_HEADER = [
  'platform',
  'campaign',
  'spend_inr',
  'buyers',
  'contacted',
  'site_visits',
  'bookings',
  'cost_per_buyer_inr',
  'cost_per_visit_inr',
  'cost_per_booking_inr',
];

function costCsv(report: CostReport): string {
  const line = (platform: string, campaign: string, row: CostReport['total']) => [
    platform,
    campaign,
    rupees(row.spendPaise),
    row.buyers,
    row.contacted,
    row.siteVisits,
    row.bookings,
    rupees(row.costPerBuyer),
    rupees(row.costPerVisit),
    rupees(row.costPerBooking),
  ];
  return toCsv(COST_CSV_HEADER, [
    ...report.byCampaign.map((row) => line(row.platform, row.campaign, row)),
    line('all', 'Total', report.total),
  ]);
}

/** Ad spend in (the platforms' exports, or typed), and what it cost per buyer, visit and booking. */
export const spendRoutes = [
  route({
    method: 'post',
    path: '/spend/import',
    summary: 'Import ad spend from a Google Ads or Meta Ads Manager export',
    who: 'manager',
    description: `The body is the CSV file itself (content-type: text/csv, at most 1 MB) as the platform exports it, broken down by day (docs/ad-spend.md): Google Ads' campaign report (Day, Campaign, optionally Campaign ID and Currency code, Cost) or Meta Ads Manager's export (Day or Reporting starts and ends, Campaign name, optionally Campaign ID, Amount spent (INR)). Which one it is is read from the header. All rows or none: a 400 lists every bad row with its line. Importing the same days again replaces them; it never adds them twice. Platforms: ${SPEND_EXPORTS.join(', ')}.`,
    answer: { status: 200, description: 'What the file held.', json: spendImportAnswerSchema },
    errors: [413, 415],
    badInput: spendImportRefusalSchema,
    bodyContent: {
      'text/csv': {
        schema: { type: 'string' },
        example:
          'Campaign report\r\n"1 November 2026 - 27 November 2026"\r\nDay,Campaign,Currency code,Cost\r\n2026-11-01,Plots Search - Hyderabad,INR,"4,520.75"\r\n',
      },
    },
    handle: async ({ req, res }, { store, clock, logger }): Promise<SpendImportAnswer | void> => {
      const parsed = parseSpendCsv(await csvBody(req, res));
      if ('problems' in parsed) return refuseImport(res, parsed.problems);
      const user = currentUser(res);
      const { platform, rows } = parsed;
      const replaced = store.saveSpend(
        rows.map((row) => ({ ...row, platform, how: platform })),
        user.id,
        clock.now(),
      );
      const days = rows.map((row) => row.day).sort();
      const answer: SpendImportAnswer = {
        platform,
        rows: rows.length,
        campaigns: new Set(rows.map((row) => row.campaign.toLowerCase())).size,
        firstDay: days[0]!,
        lastDay: days.at(-1)!,
        replaced,
        amountPaise: rows.reduce((sum, row) => sum + row.amountPaise, 0),
      };
      logger.info({ userId: user.id, ...answer }, 'ad spend imported');
      return answer;
    },
  }),
  route({
    method: 'put',
    path: '/spend',
    summary: 'Set one day’s spend of a campaign by hand',
    who: 'manager',
    description:
      'For what no export brings: a portal, a hoarding, a newspaper, or a correction. It replaces the day’s amount of that platform and campaign (0 removes it).',
    body: spendEntrySchema,
    answer: {
      status: 200,
      description: 'The day’s spend as kept; null when 0 removed it.',
      json: v.object({ spend: v.nullable(spendRowSchema) }),
    },
    handle: ({ res, body }, { store, clock }) => {
      const user = currentUser(res);
      const { platform, campaign, day, amount } = body;
      const entry = { platform, campaign, day, amountPaise: amount, campaignId: null };
      store.saveSpend([{ ...entry, how: 'hand' }], user.id, clock.now());
      const kept = store
        .spendSince(body.day)
        .find(
          (row) =>
            row.day === body.day &&
            row.platform === body.platform &&
            row.campaign_key === body.campaign.toLowerCase(),
        );
      return { spend: kept ? toSpendJson(kept) : null };
    },
  }),
  route({
    method: 'get',
    path: '/spend',
    summary: 'The spend of the period, day by day',
    who: 'manager',
    query: reportQuerySchema,
    answer: {
      status: 200,
      description: 'Newest day first.',
      json: v.object({ spend: v.array(spendRowSchema) }),
    },
    handle: ({ query: { days } }, { store, clock }) => {
      const today = indiaDay(clock.now());
      const since = addDays(today, -(days - 1));
      return {
        spend: store
          .spendSince(since)
          .filter((row) => row.day <= today)
          .map(toSpendJson),
      };
    },
  }),
  route({
    method: 'get',
    path: '/reports/cost',
    summary: 'Spend and cost per buyer, site visit and booking, per campaign and platform',
    who: 'manager',
    query: reportQuerySchema,
    answer: { status: 200, description: 'The cost tables.', json: costReportSchema },
    handle: ({ query: { days } }, { store, clock }): CostReport =>
      buildCostReport(store, days, clock.now()),
  }),
  route({
    method: 'get',
    path: '/reports/cost.csv',
    summary: 'The cost per campaign as CSV',
    who: 'manager',
    description: 'The per-campaign table of `/reports/cost` and its total, amounts in rupees.',
    query: reportQuerySchema,
    answer: {
      status: 200,
      description: 'A CSV attachment.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    handle: ({ res, query: { days } }, { store, clock }) => {
      const now = clock.now();
      const report = buildCostReport(store, days, now);
      csvAttachment(res, `elegant-iconia-cost-${indiaDay(now)}.csv`, costCsv(report));
    },
  }),
];
