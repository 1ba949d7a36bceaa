import { formatSlotTime, formatVisitDate, VISIT_BOOKING_DAYS, type Weekday } from '@iconia/shared';
import { addDays, indiaDay } from '../format/india-day.ts';
import type { VisitRow } from '../store/visit-schema.ts';
import type { VisitStore } from './visit-store.ts';

/** A refusal the desk answers with its status; the message is for people. */
export class VisitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'VisitError';
  }
}

export const VISIT_NOT_FOUND = 'There is no visit with this id.';

/** The person acting: their account id. */
export interface Actor {
  id: number;
}

/** The enquiry a visit is booked from, as the desk found it. */
export interface VisitLead {
  id: number;
  buyerId: number;
}

export interface BookVisit {
  date: string;
  time: string;
  people: number;
  pickup: boolean;
  notes: string;
}

const INDIA_OFFSET = '+05:30';

/** The instant a slot starts: India keeps one offset all year. */
export function slotStart(day: string, time: string): number {
  return Date.parse(`${day}T${time}:00${INDIA_OFFSET}`);
}

/** The ISO weekday of a YYYY-MM-DD day. */
export function weekdayOf(day: string): Weekday {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() || 7) as Weekday;
}

export function describeSlot(day: string, time: string): string {
  return `${formatVisitDate(day)} at ${formatSlotTime(time)}`;
}

export function visitOrFail(store: Pick<VisitStore, 'byId'>, id: number): VisitRow {
  const visit = store.byId(id);
  if (!visit) throw new VisitError(404, VISIT_NOT_FOUND);
  return visit;
}

/**
 * The slot the visit goes into: open that weekday, still to come, not beyond the window, with
 * room left (the visit `except` aside). Returns when it starts.
 */
export function checkSlot(
  store: Pick<VisitStore, 'slotAt' | 'bookedAt'>,
  day: string,
  time: string,
  now: number,
  except = 0,
): number {
  const today = indiaDay(now);
  if (day < today) throw new VisitError(400, 'This day has passed. Choose a day from today on.');
  if (day > addDays(today, VISIT_BOOKING_DAYS)) {
    throw new VisitError(
      400,
      `Visits are booked at most ${VISIT_BOOKING_DAYS} days ahead. Choose an earlier day.`,
    );
  }
  const slot = store.slotAt(weekdayOf(day), time);
  if (!slot) {
    throw new VisitError(
      400,
      `There is no ${formatSlotTime(time)} slot on ${formatVisitDate(day)}. Choose one of the day's slots.`,
    );
  }
  const startsAt = slotStart(day, time);
  if (startsAt <= now) {
    throw new VisitError(400, 'This slot has already started. Choose a later slot.');
  }
  if (store.bookedAt(day, time, except) >= slot.capacity) {
    throw new VisitError(
      409,
      `The ${describeSlot(day, time)} slot is full (${slot.capacity} ${slot.capacity === 1 ? 'visit' : 'visits'}). Choose another slot.`,
    );
  }
  return startsAt;
}

export function assertOpen(visit: VisitRow, doing: string): void {
  if (visit.status === 'cancelled') {
    throw new VisitError(409, `This visit was cancelled; it cannot be ${doing}.`);
  }
  if (visit.status === 'done') {
    throw new VisitError(409, `This visit is done; it cannot be ${doing}.`);
  }
}

export function assertNotErased(store: Pick<VisitStore, 'buyerWork'>, buyerId: number): void {
  if (store.buyerWork(buyerId)?.erased_at != null) {
    throw new VisitError(409, "This buyer's personal data was erased; no visit can be booked.");
  }
}
