import type { BuyerStore } from '../buyers/index.ts';
import type { createExportQueries } from './export-queries.ts';
import type { createReportQueries } from './report-queries.ts';
import type { createSpendQueries } from './spend-queries.ts';

/**
 * What the Reports screen and the export read: this feature's figures and export rows, the
 * buyers' notes, and the log of exports. The desk hands it the one store of all its features.
 */
export type ReportStore = ReturnType<typeof createReportQueries> &
  ReturnType<typeof createExportQueries> &
  ReturnType<typeof createSpendQueries> &
  Pick<BuyerStore, 'notesOfBuyer'>;
