import * as v from 'valibot';
import { personSchema } from './desk.ts';
import { flag, fromQuery, jsonBody } from './desk-requests.ts';
import { hasControlCharacters } from './text.ts';

/*
 * The plot inventory of the sales desk (docs/desk-api.md): what the Plots screen, the buyer page
 * and the API exchange. A plot is available, held for a buyer by an agent until an expiry,
 * booking requested (the hold stays while a manager decides) or booked.
 */

export const PLOT_STATUSES = ['available', 'held', 'booking_requested', 'booked'] as const;
export type PlotStatus = (typeof PLOT_STATUSES)[number];

export const PLOT_STATUS_LABELS: Record<PlotStatus, string> = {
  available: 'Available',
  held: 'Held',
  booking_requested: 'Booking requested',
  booked: 'Booked',
};

const RUPEES = /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Rupees as Indian buyers read them, in lakhs and crores, whole: ₹24,00,000. */
export function formatRupees(rupees: number): string {
  return RUPEES.format(rupees);
}

export const FACINGS = [
  'north',
  'north_east',
  'east',
  'south_east',
  'south',
  'south_west',
  'west',
  'north_west',
] as const;
export type Facing = (typeof FACINGS)[number];

export const FACING_LABELS: Record<Facing, string> = {
  north: 'North',
  north_east: 'North-east',
  east: 'East',
  south_east: 'South-east',
  south: 'South',
  south_west: 'South-west',
  west: 'West',
  north_west: 'North-west',
};

const FACING_WORDS: Record<string, Facing> = {
  n: 'north',
  north: 'north',
  ne: 'north_east',
  northeast: 'north_east',
  e: 'east',
  east: 'east',
  se: 'south_east',
  southeast: 'south_east',
  s: 'south',
  south: 'south',
  sw: 'south_west',
  southwest: 'south_west',
  w: 'west',
  west: 'west',
  nw: 'north_west',
  northwest: 'north_west',
};

/** A facing as people write it (North-East, NE, north east, north_east), or undefined. */
export function parseFacing(text: string): Facing | undefined {
  return FACING_WORDS[text.toLowerCase().replace(/[\s_-]+/g, '')];
}

/** How long a hold lasts unless a manager extends it. */
export const DEFAULT_HOLD_HOURS = 48;
/** The most a manager may add to a hold at once: a week. */
export const MAX_HOLD_EXTENSION_HOURS = 168;
export const REFUSAL_MAX_LENGTH = 200;
export const PLOT_NUMBER_MAX_LENGTH = 20;
export const PHASE_MAX_LENGTH = 40;
/** Sizes are square yards; no plot of a villa community comes near this. */
export const MAX_PLOT_SIZE = 100_000;

/** The CSV columns of an import, in the order the inventory export writes them. */
export const PLOT_CSV_COLUMNS = [
  'number',
  'phase',
  'size_sq_yd',
  'facing',
  'corner',
  'price',
  'rate_per_sq_yd',
  'status',
] as const;

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const rupees = v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Whole rupees.'));
const time = v.pipe(
  v.string(),
  v.metadata({ format: 'date-time', examples: ['2026-11-21T15:45:00+05:30'] }),
  v.description('India time with its offset.'),
);

export const plotBuyerSchema = v.object({
  buyerId: id,
  leadId: v.pipe(
    v.nullable(id),
    v.description("The buyer's latest enquiry: /leads/{id} opens the buyer."),
  ),
  name: v.pipe(v.string(), v.description('Empty once the buyer’s data is erased.')),
});
export type PlotBuyer = v.InferOutput<typeof plotBuyerSchema>;

export const plotHoldSchema = v.object({
  buyer: plotBuyerSchema,
  agent: v.pipe(personSchema, v.description('Who holds the plot for the buyer.')),
  heldAt: time,
  expiresAt: v.pipe(time, v.description('The plot is available again then, unless extended.')),
});
export type PlotHold = v.InferOutput<typeof plotHoldSchema>;

export const plotBookingSchema = v.object({
  id,
  status: v.picklist(['requested', 'approved']),
  buyer: plotBuyerSchema,
  requestedBy: personSchema,
  requestedAt: time,
  decidedBy: v.nullable(personSchema),
  decidedAt: v.nullable(time),
});
export type PlotBooking = v.InferOutput<typeof plotBookingSchema>;

export const plotSchema = v.object({
  id,
  number: v.string(),
  phase: v.string(),
  sizeSqYd: v.pipe(v.number(), v.description('Square yards.')),
  facing: v.picklist(FACINGS),
  corner: v.boolean(),
  price: v.pipe(v.nullable(rupees), v.description('The price of the whole plot, when set.')),
  ratePerSqYd: v.pipe(v.nullable(rupees), v.description('Rupees per square yard, when set.')),
  totalPrice: v.pipe(rupees, v.description('The price, else the rate times the size.')),
  status: v.picklist(PLOT_STATUSES),
  hold: v.pipe(
    v.nullable(plotHoldSchema),
    v.description('While held or booking requested: for whom, by whom, until when.'),
  ),
  booking: v.pipe(
    v.nullable(plotBookingSchema),
    v.description(
      'The open booking: requested, or approved (booked). A plot imported as booked has none.',
    ),
  ),
  updatedAt: time,
});
export type Plot = v.InferOutput<typeof plotSchema>;

export const PLOT_EVENT_TYPES = [
  'imported',
  'edited',
  'held',
  'extended',
  'released',
  'expired',
  'booking_requested',
  'approved',
  'refused',
  'erased',
  'booking_cancelled',
] as const;
export type PlotEventType = (typeof PLOT_EVENT_TYPES)[number];

export const plotEventSchema = v.object({
  at: time,
  type: v.picklist(PLOT_EVENT_TYPES),
  actor: v.pipe(v.nullable(personSchema), v.description('Null when the server acted.')),
  buyer: v.nullable(plotBuyerSchema),
  text: v.pipe(v.string(), v.description('A readable sentence.')),
});
export type PlotEvent = v.InferOutput<typeof plotEventSchema>;

const statusCountsSchema = v.array(v.object({ status: v.picklist(PLOT_STATUSES), count }));

export const plotCountsSchema = v.object({
  total: count,
  byStatus: v.pipe(statusCountsSchema, v.description('Every status, in order, zeros included.')),
  byPhase: v.array(v.object({ phase: v.string(), total: count, byStatus: statusCountsSchema })),
});
export type PlotCounts = v.InferOutput<typeof plotCountsSchema>;

export const plotsAnswerSchema = v.object({
  plots: v.pipe(v.array(plotSchema), v.description('The plots that match, by phase and number.')),
  counts: v.pipe(plotCountsSchema, v.description('The whole inventory, whatever the filters.')),
});
export type PlotsAnswer = v.InferOutput<typeof plotsAnswerSchema>;

export const plotAnswerSchema = v.object({ plot: plotSchema });
export type PlotAnswer = v.InferOutput<typeof plotAnswerSchema>;

export const plotViewSchema = v.object({
  plot: plotSchema,
  history: v.pipe(v.array(plotEventSchema), v.description('Oldest first.')),
});
export type PlotView = v.InferOutput<typeof plotViewSchema>;

export const buyerPlotsAnswerSchema = v.object({
  plots: v.pipe(
    v.array(plotSchema),
    v.description('The plots held, booking requested or booked for the buyer.'),
  ),
});
export type BuyerPlotsAnswer = v.InferOutput<typeof buyerPlotsAnswerSchema>;

export const plotImportAnswerSchema = v.object({
  created: v.pipe(count, v.description('Plots new to the inventory.')),
  updated: v.pipe(count, v.description('Plots already there, updated by number.')),
});
export type PlotImportAnswer = v.InferOutput<typeof plotImportAnswerSchema>;

export const plotImportRefusalSchema = v.object({
  error: v.pipe(v.string(), v.description('A sentence for people: nothing was imported.')),
  problems: v.pipe(
    v.array(
      v.object({ line: v.pipe(count, v.description('1 is the header.')), message: v.string() }),
    ),
    v.description('Every bad row, by its line in the file.'),
  ),
});
export type PlotImportRefusal = v.InferOutput<typeof plotImportRefusalSchema>;

const sizeText = (name: string) => `"${name}" must be a number of square yards above 0.`;

export const plotsFields = v.object({
  phase: v.optional(v.pipe(v.string(), v.description('The phase, exactly.'))),
  facing: v.optional(v.picklist(FACINGS, (issue) => `"${String(issue.input)}" is not a facing.`)),
  corner: v.optional(
    v.pipe(
      v.picklist(['1', '0'], '"corner" must be 1 (corner plots) or 0 (the others).'),
      v.description('1: corner plots only; 0: the others.'),
      v.transform((value) => value === '1'),
    ),
  ),
  status: v.optional(
    v.picklist(PLOT_STATUSES, (issue) => `"${String(issue.input)}" is not a plot status.`),
  ),
  minSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}(\.\d{1,2})?$/, sizeText('minSize')),
      v.description('Square yards, at least.'),
      v.transform(Number),
    ),
  ),
  maxSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}(\.\d{1,2})?$/, sizeText('maxSize')),
      v.description('Square yards, at most.'),
      v.transform(Number),
    ),
  ),
  mine: flag('Only the plots the signed-in agent holds.'),
});
export const plotsQuerySchema = fromQuery(
  v.pipe(
    plotsFields,
    v.check(
      ({ minSize, maxSize }) =>
        minSize === undefined || maxSize === undefined || minSize <= maxSize,
      '"minSize" is above "maxSize".',
    ),
  ),
);
export type PlotsQuery = v.InferOutput<typeof plotsQuerySchema>;
export type PlotsParams = v.InferInput<typeof plotsFields>;

const LEAD_ID = '"leadId" must be the id of one of the buyer’s enquiries.';

export const plotHoldRequestSchema = jsonBody({
  leadId: v.pipe(
    v.number(LEAD_ID),
    v.safeInteger(LEAD_ID),
    v.minValue(1, LEAD_ID),
    v.description('Any enquiry of the buyer the plot is held for.'),
  ),
});
export type PlotHoldBody = v.InferInput<typeof plotHoldRequestSchema>;

const HOURS = `"hours" must be a whole number from 1 to ${MAX_HOLD_EXTENSION_HOURS}.`;

export const plotExtendSchema = jsonBody({
  hours: v.pipe(
    v.number(HOURS),
    v.safeInteger(HOURS),
    v.minValue(1, HOURS),
    v.maxValue(MAX_HOLD_EXTENSION_HOURS, HOURS),
    v.description('Added to the hold’s expiry.'),
  ),
});
export type PlotExtendBody = v.InferInput<typeof plotExtendSchema>;

const REASON = `"reason" must be text of 1 to ${REFUSAL_MAX_LENGTH} characters.`;
const reason = (description: string) =>
  v.pipe(
    v.string(REASON),
    v.trim(),
    v.nonEmpty(REASON),
    v.maxLength(REFUSAL_MAX_LENGTH, REASON),
    v.description(description),
  );

export const plotRefusalSchema = jsonBody({
  reason: reason('Why the booking is refused; the agent sees it on the plot’s history.'),
});
export type PlotRefusalBody = v.InferInput<typeof plotRefusalSchema>;

export const plotCancelBookingSchema = jsonBody({
  reason: reason(
    'Why the approved booking is cancelled (the buyer withdrew, say); on the plot’s history.',
  ),
});
export type PlotCancelBookingBody = v.InferInput<typeof plotCancelBookingSchema>;

/** The refusal of a plot's field (`the phase`, `"phase"`) that holds a control character. */
export const controlCharacterRefusal = (field: string): string =>
  `${field} holds a control character (a NUL, a tab, a line break…).`;

const PHASE = `"phase" must be text of 1 to ${PHASE_MAX_LENGTH} characters.`;
const SIZE = `"sizeSqYd" must be a number of square yards above 0 and up to ${MAX_PLOT_SIZE}.`;
const PRICE = (name: string) => `"${name}" must be whole rupees, or null.`;
const price = (name: string) =>
  v.optional(
    v.nullable(
      v.pipe(v.number(PRICE(name)), v.safeInteger(PRICE(name)), v.minValue(1, PRICE(name))),
    ),
  );

export const plotEditSchema = v.pipe(
  jsonBody({
    phase: v.optional(
      v.pipe(
        v.string(PHASE),
        v.trim(),
        v.nonEmpty(PHASE),
        v.maxLength(PHASE_MAX_LENGTH, PHASE),
        v.check((phase) => !hasControlCharacters(phase), controlCharacterRefusal('"phase"')),
      ),
    ),
    sizeSqYd: v.optional(
      v.pipe(
        v.number(SIZE),
        v.gtValue(0, SIZE),
        v.maxValue(MAX_PLOT_SIZE, SIZE),
        v.check((size) => Math.round(size * 100) === size * 100, SIZE),
      ),
    ),
    facing: v.optional(v.picklist(FACINGS, `"facing" must be one of ${FACINGS.join(', ')}.`)),
    corner: v.optional(v.boolean('"corner" must be true or false.')),
    price: price('price'),
    ratePerSqYd: price('ratePerSqYd'),
  }),
  v.description('Only the fields sent change; a plot keeps a price or a rate.'),
);
export type PlotEditBody = v.InferInput<typeof plotEditSchema>;
