/**
 * Reports: the desk's Reports screen (leads per day, campaigns, the funnel, first contacts,
 * bookings, visits and response times), the ad spend managers import or type (`ad_spend`) and
 * what each campaign's buyers, visits and bookings cost, and the managers' CSV export of the leads, with the log of
 * every export (`desk_exports`). Below them, the pure reading of stored leads every part of the
 * server formats with (India's calendar, a lead's state and counts, the export's columns, CSV).
 */
export { createExportQueries, type ExportRow } from './export-queries.ts';
export {
  createReportQueries,
  type AssignmentReportRow,
  type CampaignRow,
  type FirstContactRow,
  type ResponseSettingsRow,
  type VisitReportRow,
} from './report-queries.ts';
export { reportRoutes, type ReportRouteDeps } from './report-routes.ts';
export { createSpendQueries } from './spend-queries.ts';
