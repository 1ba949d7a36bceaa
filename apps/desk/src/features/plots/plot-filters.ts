import {
  FACINGS,
  PLOT_STATUSES,
  type Facing,
  type PlotsParams,
  type PlotStatus,
} from '../../lib/types.ts';

/** The Plots screen's filters, kept in the address so a filtered view can be shared or reloaded. */
export interface PlotFilters {
  phase: string;
  /** Square yards as typed; '' when not set. */
  minSize: string;
  maxSize: string;
  facing: Facing | '';
  /** '1' corner plots only, '0' the others. */
  corner: '1' | '0' | '';
  status: PlotStatus | '';
  /** Only the plots the signed-in person holds. */
  mine: boolean;
}

/** The address parameter naming the buyer (one of their enquiries) a plot is being chosen for. */
export const FOR_BUYER_PARAM = 'for';

const isStatus = (value: string): value is PlotStatus =>
  (PLOT_STATUSES as readonly string[]).includes(value);
const isFacing = (value: string): value is Facing => (FACINGS as readonly string[]).includes(value);
/** As the API takes a size: up to six digits and two decimals. */
const SIZE = /^\d{1,6}(?:\.\d{1,2})?$/;

export function parsePlotFilters(params: URLSearchParams): PlotFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const size = (key: string) => (SIZE.test(text(key)) ? text(key) : '');
  const facing = text('facing');
  const corner = text('corner');
  const status = text('status');
  return {
    phase: text('phase'),
    minSize: size('minSize'),
    maxSize: size('maxSize'),
    facing: isFacing(facing) ? facing : '',
    corner: corner === '1' || corner === '0' ? corner : '',
    status: isStatus(status) ? status : '',
    mine: text('mine') === '1',
  };
}

/** The filters that are set, as the API's query and the page's address both take them. */
export function plotFiltersQuery(filters: PlotFilters): URLSearchParams {
  const params: PlotsParams = {};
  if (filters.phase) params.phase = filters.phase;
  if (filters.minSize) params.minSize = filters.minSize;
  if (filters.maxSize) params.maxSize = filters.maxSize;
  if (filters.facing) params.facing = filters.facing;
  if (filters.corner) params.corner = filters.corner;
  if (filters.status) params.status = filters.status;
  if (filters.mine) params.mine = '1';
  return new URLSearchParams(params);
}

export function isPlotFiltered(filters: PlotFilters): boolean {
  return plotFiltersQuery(filters).size > 0;
}
