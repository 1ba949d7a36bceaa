import * as v from 'valibot';
import { isDay } from './day.ts';
import { personSchema } from './desk.ts';
import { fromQuery, jsonBody } from './desk-requests.ts';
import { MAP_DIRECTIONS_URL, PHONES, PROJECT_NAME, SITE_ADDRESS_LINE } from './project.ts';

/*
 * Site visits (docs/desk-api.md, "Site visits"): the slots managers open per weekday, the
 * visits booked into them, and what the desk and the API say about a visit. The buyer's stages
 * "Site visit scheduled" and "Site visit done" follow these records and are never set by hand.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** The stages the visit records set; a hand-made change to them is refused. */
export const VISIT_STAGES = ['visit_scheduled', 'visit_done'] as const;

/**
 * scheduled: booked and still to come · arrived: checked in at the site · no_show: did not come
 * · done: the visit happened and its outcome is written · cancelled.
 */
export const VISIT_STATUSES = ['scheduled', 'arrived', 'no_show', 'done', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  arrived: 'Arrived',
  no_show: 'No-show',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const ARRIVALS = ['arrived', 'no_show'] as const;
export type Arrival = (typeof ARRIVALS)[number];

export const MAX_SLOT_CAPACITY = 50;
export const MAX_VISIT_PEOPLE = 30;
export const VISIT_NOTES_MAX_LENGTH = 1_000;
export const VISIT_OUTCOME_MAX_LENGTH = 1_000;
export const MAX_SLOTS_PER_WEEK = 70;
/** How far ahead a visit may be booked, in days. */
export const VISIT_BOOKING_DAYS = 180;

const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const id = v.pipe(v.number(), v.integer());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const timestamp = v.pipe(
  v.string(),
  v.metadata({ format: 'date-time', examples: ['2026-11-28T10:00:00+05:30'] }),
  v.description('India time with its offset.'),
);

const slotTime = (name: string) => {
  const message = `"${name}" must be a time of day written HH:MM (24-hour), such as 10:00 or 15:30.`;
  return v.pipe(
    v.string(message),
    v.regex(TIME_PATTERN, message),
    v.metadata({ description: 'India time, HH:MM, 24-hour.', examples: ['10:00'] }),
  );
};

const visitDay = (name: string) => {
  const message = `"${name}" must be a day written YYYY-MM-DD.`;
  return v.pipe(
    v.string(message),
    v.isoDate(message),
    v.check(isDay, message),
    v.metadata({ description: 'A day in India, YYYY-MM-DD.', examples: ['2026-11-28'] }),
  );
};

const slotEntries = {
  weekday: v.pipe(
    v.number('"weekday" must be 1 (Monday) to 7 (Sunday).'),
    v.integer('"weekday" must be 1 (Monday) to 7 (Sunday).'),
    v.minValue(1, '"weekday" must be 1 (Monday) to 7 (Sunday).'),
    v.maxValue(7, '"weekday" must be 1 (Monday) to 7 (Sunday).'),
    v.description('1 is Monday, 7 is Sunday.'),
  ),
  time: slotTime('time'),
  capacity: v.pipe(
    v.number(`"capacity" must be a whole number from 1 to ${MAX_SLOT_CAPACITY}.`),
    v.integer(`"capacity" must be a whole number from 1 to ${MAX_SLOT_CAPACITY}.`),
    v.minValue(1, `"capacity" must be a whole number from 1 to ${MAX_SLOT_CAPACITY}.`),
    v.maxValue(
      MAX_SLOT_CAPACITY,
      `"capacity" must be a whole number from 1 to ${MAX_SLOT_CAPACITY}.`,
    ),
    v.description('How many visits (groups, not people) the slot takes.'),
  ),
};

export const visitSlotSchema = v.object({
  weekday: v.pipe(v.picklist(WEEKDAYS), v.description('1 is Monday, 7 is Sunday.')),
  time: v.pipe(v.string(), v.description('India time, HH:MM, 24-hour.')),
  capacity: v.pipe(count, v.description('How many visits (groups, not people) the slot takes.')),
});
export type VisitSlot = v.InferOutput<typeof visitSlotSchema>;

/** PUT /visit-slots: the whole week's slots, replacing the ones before. */
export const visitSlotsSchema = jsonBody({
  slots: v.pipe(
    v.array(
      v.strictObject(
        slotEntries,
        'Each slot is an object with weekday, time and capacity, and nothing else.',
      ),
      '"slots" must be a list of slots.',
    ),
    v.maxLength(MAX_SLOTS_PER_WEEK, `At most ${MAX_SLOTS_PER_WEEK} slots a week.`),
    v.check(
      (slots) => new Set(slots.map((slot) => `${slot.weekday} ${slot.time}`)).size === slots.length,
      'Each weekday can have a time only once.',
    ),
    v.description('Every slot of the week; a slot left out is closed to new bookings.'),
  ),
});
export type VisitSlotsBody = v.InferInput<typeof visitSlotsSchema>;

export const visitSlotsAnswerSchema = v.object({
  slots: v.pipe(v.array(visitSlotSchema), v.description('By weekday, then time.')),
});
export type VisitSlotsAnswer = v.InferOutput<typeof visitSlotsAnswerSchema>;

export const visitAvailabilityFields = v.object({ date: visitDay('date') });
export const visitAvailabilityQuerySchema = fromQuery(visitAvailabilityFields);

export const visitAvailabilitySchema = v.object({
  date: v.pipe(v.string(), v.metadata({ format: 'date' })),
  weekday: v.picklist(WEEKDAYS),
  slots: v.array(
    v.object({
      time: v.string(),
      capacity: count,
      booked: v.pipe(count, v.description('Visits booked into it, cancelled ones aside.')),
      left: count,
      past: v.pipe(v.boolean(), v.description('Its time has gone: it takes no booking.')),
    }),
  ),
});
export type VisitAvailability = v.InferOutput<typeof visitAvailabilitySchema>;

const PEOPLE_MESSAGE = `"people" must be a whole number from 1 to ${MAX_VISIT_PEOPLE}.`;
const NOTES_MESSAGE = `"notes" must be text of at most ${VISIT_NOTES_MAX_LENGTH} characters.`;

export const newVisitSchema = jsonBody({
  date: visitDay('date'),
  time: v.pipe(slotTime('time'), v.description("One of the day's slots.")),
  people: v.pipe(
    v.number(PEOPLE_MESSAGE),
    v.integer(PEOPLE_MESSAGE),
    v.minValue(1, PEOPLE_MESSAGE),
    v.maxValue(MAX_VISIT_PEOPLE, PEOPLE_MESSAGE),
  ),
  pickup: v.boolean('"pickup" must be true or false.'),
  notes: v.optional(
    v.pipe(v.string(NOTES_MESSAGE), v.trim(), v.maxLength(VISIT_NOTES_MAX_LENGTH, NOTES_MESSAGE)),
    '',
  ),
});
export type NewVisitBody = v.InferInput<typeof newVisitSchema>;

export const rescheduleVisitSchema = jsonBody({
  date: visitDay('date'),
  time: v.pipe(slotTime('time'), v.description("One of the day's slots.")),
});
export type RescheduleVisitBody = v.InferInput<typeof rescheduleVisitSchema>;

const REASON_MESSAGE = `"reason" must be text of at most ${VISIT_NOTES_MAX_LENGTH} characters.`;

export const cancelVisitSchema = jsonBody({
  reason: v.optional(
    v.pipe(v.string(REASON_MESSAGE), v.trim(), v.maxLength(VISIT_NOTES_MAX_LENGTH, REASON_MESSAGE)),
    '',
  ),
});
export type CancelVisitBody = v.InferInput<typeof cancelVisitSchema>;

export const checkInSchema = jsonBody({
  arrival: v.picklist(ARRIVALS, `"arrival" must be ${ARRIVALS.join(' or ')}.`),
});
export type CheckInBody = v.InferInput<typeof checkInSchema>;

const OUTCOME_REQUIRED = `"outcome" is required: what came of the visit, at most ${VISIT_OUTCOME_MAX_LENGTH} characters.`;

export const visitOutcomeSchema = jsonBody({
  outcome: v.pipe(
    v.string(OUTCOME_REQUIRED),
    v.trim(),
    v.nonEmpty(OUTCOME_REQUIRED),
    v.maxLength(VISIT_OUTCOME_MAX_LENGTH, OUTCOME_REQUIRED),
  ),
});
export type VisitOutcomeBody = v.InferInput<typeof visitOutcomeSchema>;

export const visitsFields = v.object({
  from: v.optional(
    v.pipe(visitDay('from'), v.description('The first India day listed; today by default.')),
  ),
  to: v.optional(
    v.pipe(
      visitDay('to'),
      v.description('The last India day listed, included; 14 days from `from` by default.'),
    ),
  ),
});

export const visitsQuerySchema = fromQuery(
  v.pipe(
    visitsFields,
    v.check(
      ({ from, to }) => from === undefined || to === undefined || from <= to,
      '"from" is after "to".',
    ),
  ),
);

const stamp = v.object({ at: timestamp, by: v.nullable(personSchema) });

export const visitSchema = v.object({
  id,
  leadId: v.pipe(id, v.description('The enquiry the visit was booked from; opens the buyer.')),
  buyerId: id,
  name: v.pipe(v.string(), v.description("The buyer's name; empty once erased.")),
  mobile: v.pipe(v.string(), v.description('E.164; empty once erased.')),
  owner: v.nullable(personSchema),
  date: v.pipe(v.string(), v.metadata({ format: 'date' })),
  time: v.pipe(v.string(), v.description('The slot, HH:MM India time.')),
  startsAt: timestamp,
  people: count,
  pickup: v.boolean(),
  notes: v.pipe(v.string(), v.description('Empty once erased.')),
  status: v.picklist(VISIT_STATUSES),
  booked: stamp,
  checkIn: v.pipe(
    v.nullable(v.object({ arrival: v.picklist(ARRIVALS), at: timestamp, by: personSchema })),
    v.description('Who checked the visitor in at the site (or marked them absent), and when.'),
  ),
  outcome: v.nullable(v.object({ text: v.string(), at: timestamp, by: v.nullable(personSchema) })),
  cancelled: v.nullable(
    v.object({ reason: v.string(), at: timestamp, by: v.nullable(personSchema) }),
  ),
});
export type Visit = v.InferOutput<typeof visitSchema>;

export const visitAnswerSchema = v.object({ visit: visitSchema });
export type VisitAnswer = v.InferOutput<typeof visitAnswerSchema>;

export const visitsAnswerSchema = v.object({
  visits: v.pipe(v.array(visitSchema), v.description('By start time, then id.')),
});
export type VisitsAnswer = v.InferOutput<typeof visitsAnswerSchema>;

/* ------------------------------------------------------------------ the buyer's confirmation -- */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 2026-11-28 → Saturday, 28 November 2026 (the same on every device, whatever its locale). */
export function formatVisitDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7) as Weekday;
  return `${WEEKDAY_NAMES[weekday]}, ${date} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** 15:30 → 3:30 PM. */
export function formatSlotTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const half = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${half}`;
}

export interface VisitConfirmation {
  /** The buyer's name as they gave it. */
  name: string;
  date: string;
  time: string;
  people: number;
  pickup: boolean;
}

/** What the buyer receives on WhatsApp when their visit is booked. */
export function visitConfirmationText(visit: VisitConfirmation): string {
  const greeting = visit.name.trim() === '' ? 'Hello' : `Hello ${visit.name.trim()}`;
  const party = visit.people === 1 ? '1 person' : `${visit.people} people`;
  return [
    `${greeting}, your site visit to ${PROJECT_NAME} is confirmed for ${formatVisitDate(visit.date)} at ${formatSlotTime(visit.time)} (${party}).`,
    ...(visit.pickup ? ['We will arrange your pickup and call you before we leave.'] : []),
    `Address: ${SITE_ADDRESS_LINE}`,
    `Map: ${MAP_DIRECTIONS_URL}`,
    `Questions or a change of plan: ${PHONES.sales.display}`,
  ].join('\n');
}

/** WhatsApp's click-to-chat link to `mobile` (E.164) with `text` filled in. */
export function whatsAppLink(mobile: string, text: string): string {
  return `https://wa.me/${mobile.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
