import {
  controlCharacterRefusal,
  FACING_LABELS,
  hasControlCharacters,
  MAX_PLOT_SIZE,
  parseFacing,
  PHASE_MAX_LENGTH,
  PLOT_CSV_COLUMNS,
  PLOT_NUMBER_MAX_LENGTH,
} from '@iconia/shared';
import { toCsv } from '../format/csv.ts';
import { readCsvRecords } from '../format/csv-records.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { totalPrice } from './plot-json.ts';
import type { BookingExportRow, ImportProblem, ImportRow, PlotRow } from './plot-rows.ts';

type Column = (typeof PLOT_CSV_COLUMNS)[number];

/** Header names people use for each column, written as `headerKey` reduces them. */
const HEADER_NAMES: Record<string, Column> = {
  number: 'number',
  plot: 'number',
  plot_no: 'number',
  plot_number: 'number',
  phase: 'phase',
  size: 'size_sq_yd',
  size_sq_yd: 'size_sq_yd',
  size_sq_yds: 'size_sq_yd',
  size_in_sq_yds: 'size_sq_yd',
  facing: 'facing',
  corner: 'corner',
  price: 'price',
  rate: 'rate_per_sq_yd',
  rate_per_sq_yd: 'rate_per_sq_yd',
  rate_per_sq_yds: 'rate_per_sq_yd',
  status: 'status',
};
/** Each column as a refusal names it. */
const FIELD_NAMES: Record<Column, string> = {
  number: 'the plot number',
  phase: 'the phase',
  size_sq_yd: 'the size',
  facing: 'the facing',
  corner: 'corner',
  price: 'the price',
  rate_per_sq_yd: 'the rate per sq. yd',
  status: 'the status',
};
const REQUIRED: readonly Column[] = ['number', 'phase', 'size_sq_yd', 'facing'];
/** More plots than a community this size could have: a file this long is not an inventory. */
export const MAX_IMPORT_ROWS = 10_000;

const headerKey = (cell: string): string =>
  cell
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const YES = new Set(['yes', 'y', 'true', '1', 'corner']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/** Rupees as sheets write them: ₹, Rs., commas and spaces allowed; whole rupees only. */
function parseRupees(text: string): number | undefined | 'bad' {
  const digits = text.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/[,\s]/g, '');
  if (digits === '') return undefined;
  if (!/^\d{1,13}$/.test(digits)) return 'bad';
  const value = Number(digits);
  return value > 0 ? value : 'bad';
}

function parseRow(cells: Map<Column, string>, line: number): ImportRow | string {
  // Checked before any field is read: a NUL or a line break in a plot number would be stored
  // and shown, and the price's own reading would drop a line separator as white space.
  for (const [column, text] of cells) {
    if (hasControlCharacters(text)) {
      return controlCharacterRefusal(FIELD_NAMES[column]);
    }
  }
  const number = cells.get('number') ?? '';
  if (number === '') return 'the plot number is empty.';
  if (number.length > PLOT_NUMBER_MAX_LENGTH) {
    return `the plot number is longer than ${PLOT_NUMBER_MAX_LENGTH} characters.`;
  }
  const phase = cells.get('phase') ?? '';
  if (phase === '' || phase.length > PHASE_MAX_LENGTH) {
    return `the phase must be 1 to ${PHASE_MAX_LENGTH} characters.`;
  }
  const sizeText = (cells.get('size_sq_yd') ?? '').replace(/,/g, '');
  const size = /^\d{1,6}(\.\d{1,2})?$/.test(sizeText) ? Number(sizeText) : NaN;
  if (!(size > 0 && size <= MAX_PLOT_SIZE)) {
    return `the size "${sizeText}" is not a number of square yards (above 0, up to ${MAX_PLOT_SIZE}).`;
  }
  const facingText = cells.get('facing') ?? '';
  const facing = parseFacing(facingText);
  if (!facing) {
    return `the facing "${facingText}" is not one of ${Object.values(FACING_LABELS).join(', ')}.`;
  }
  const cornerText = (cells.get('corner') ?? '').toLowerCase();
  if (!YES.has(cornerText) && !NO.has(cornerText)) {
    return `corner must be yes or no, not "${cornerText}".`;
  }
  const price = parseRupees(cells.get('price') ?? '');
  if (price === 'bad') return `the price "${cells.get('price')}" is not whole rupees.`;
  const rate = parseRupees(cells.get('rate_per_sq_yd') ?? '');
  if (rate === 'bad') {
    return `the rate per sq. yd "${cells.get('rate_per_sq_yd')}" is not whole rupees.`;
  }
  if (price === undefined && rate === undefined) return 'give a price or a rate per sq. yd.';
  const statusText = (cells.get('status') ?? '').toLowerCase().trim();
  const statusKey = headerKey(statusText);
  let status: ImportRow['status'];
  if (statusKey === 'available' || statusKey === 'booked') status = statusKey;
  else if (statusKey === 'sold') status = 'booked';
  else if (statusKey === 'held' || statusKey === 'booking_requested') status = 'desk';
  else if (statusText !== '') {
    return `the status "${statusText}" is not one of available, held, booking requested, booked.`;
  }
  return {
    line,
    number,
    phase,
    sizeSqYd: size,
    facing,
    corner: YES.has(cornerText),
    price: price ?? null,
    ratePerSqYd: rate ?? null,
    status,
  };
}

/**
 * Reads an inventory CSV (RFC 4180, with a header row naming the columns in any order) into
 * rows to import, or every problem found, each with its line in the file (the header is 1).
 */
export function parsePlotCsv(text: string): { rows: ImportRow[] } | { problems: ImportProblem[] } {
  const read = readCsvRecords(text);
  if ('problem' in read) return { problems: [read.problem] };
  const { records } = read;
  const [header, ...body] = records;
  if (!header) return { problems: [{ line: 1, message: 'the file is empty.' }] };
  const columns = header.record.map((cell) => HEADER_NAMES[headerKey(cell)]);
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      problems: [
        {
          line: header.line,
          message: `the header lacks ${missing.join(', ')}; the columns are ${PLOT_CSV_COLUMNS.join(', ')}.`,
        },
      ],
    };
  }
  if (body.length === 0) return { problems: [{ line: 2, message: 'the file has no plots.' }] };
  if (body.length > MAX_IMPORT_ROWS) {
    return {
      problems: [{ line: 1, message: `the file has more than ${MAX_IMPORT_ROWS} plots.` }],
    };
  }
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const entry of body) {
    const line = entry.line;
    if (entry.record.length > header.record.length) {
      problems.push({
        line,
        message: `the row has ${entry.record.length} cells and the header ${header.record.length}.`,
      });
      continue;
    }
    const cells = new Map<Column, string>();
    columns.forEach((column, index) => {
      if (column) cells.set(column, entry.record[index] ?? '');
    });
    const row = parseRow(cells, line);
    if (typeof row === 'string') {
      problems.push({ line, message: row });
      continue;
    }
    const key = row.number.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ line, message: `plot ${row.number} is also on line ${earlier}.` });
      continue;
    }
    seen.set(key, line);
    rows.push(row);
  }
  return problems.length > 0 ? { problems } : { rows };
}

/** The inventory as managers export it: the import's columns first, so it imports back. */
export function inventoryCsv(rows: readonly PlotRow[]): string {
  return toCsv(
    [...PLOT_CSV_COLUMNS, 'total_price', 'buyer', 'agent', 'held_until', 'updated_at'],
    rows.map((row) => [
      row.number,
      row.phase,
      row.size_sq_yd,
      FACING_LABELS[row.facing],
      row.corner === 1 ? 'yes' : 'no',
      row.price,
      row.rate_per_sq_yd,
      row.status,
      totalPrice(row),
      row.booking_buyer_name ?? row.hold_buyer_name,
      row.hold_agent_name ?? row.requested_by_name,
      row.expires_at === null ? null : indiaTimestamp(row.expires_at),
      indiaTimestamp(row.updated_at),
    ]),
  );
}

export function bookingsCsv(rows: readonly BookingExportRow[]): string {
  return toCsv(
    [
      'booking',
      'plot',
      'phase',
      'size_sq_yd',
      'total_price',
      'status',
      'buyer',
      'lead_id',
      'origin',
      'utm_source',
      'utm_campaign',
      'requested_by',
      'requested_at',
      'decided_by',
      'decided_at',
      'cancelled_by',
      'cancelled_at',
      'cancel_reason',
    ],
    rows.map((row) => [
      row.id,
      row.number,
      row.phase,
      row.size_sq_yd,
      totalPrice(row),
      row.status,
      row.buyer_name,
      row.lead_id,
      row.origin,
      row.utm_source,
      row.utm_campaign,
      row.requested_by_name,
      indiaTimestamp(row.requested_at),
      row.decided_by_name,
      row.decided_at === null ? null : indiaTimestamp(row.decided_at),
      row.cancelled_by_name,
      row.cancelled_at === null ? null : indiaTimestamp(row.cancelled_at),
      row.cancel_reason,
    ]),
  );
}
