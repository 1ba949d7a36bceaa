import type Database from 'better-sqlite3';
import { FACING_LABELS } from '@iconia/shared';
import { totalPrice } from './plot-json.ts';
import { createPlotList } from './plot-list.ts';

/** An available plot as a price sheet lists it: no holder, buyer or history. */
export interface PriceSheetRow {
  number: string;
  phase: string;
  sizeSqYd: number;
  /** As people read it: "North-East". */
  facing: string;
  corner: boolean;
  /** Whole rupees: the plot's own price, else its rate times its size. */
  price: number;
}

/** The plots on sale now, by phase and number, with their prices: what the channel partners see. */
export function createPriceSheet(db: Database.Database): () => PriceSheetRow[] {
  const list = createPlotList(db);
  return () =>
    list({ status: 'available' }).map((plot) => ({
      number: plot.number,
      phase: plot.phase,
      sizeSqYd: plot.size_sq_yd,
      facing: FACING_LABELS[plot.facing],
      corner: plot.corner === 1,
      price: totalPrice(plot),
    }));
}
