import type { Arrival } from '@iconia/shared';
import { addDays, indiaDayStart } from '../format/india-day.ts';
import type { SlotRow } from './slot-queries.ts';
import {
  bookVisit,
  cancelVisit,
  checkInVisit,
  closeVisit,
  rescheduleVisit,
} from './visit-changes.ts';
import { createVisitContext, type VisitsDeps } from './visit-context.ts';
import {
  slotStart,
  visitOrFail,
  weekdayOf,
  type Actor,
  type BookVisit,
  type VisitLead,
} from './visit-rules.ts';

/** Slots, bookings and the visits' effect on the buyer's stage; see docs/sales-desk.md. */
export function createVisits(deps: VisitsDeps) {
  const { db } = deps;
  const ctx = createVisitContext(deps);
  const { store } = ctx;
  const book = db.transaction(bookVisit);
  const reschedule = db.transaction(rescheduleVisit);
  const cancel = db.transaction(cancelVisit);
  const checkIn = db.transaction(checkInVisit);
  const close = db.transaction(closeVisit);
  const replaceSlots = db.transaction((slots: readonly SlotRow[]) => {
    store.replaceSlots(slots);
  });

  return {
    slots: () => store.slots(),
    replaceSlots: (slots: readonly SlotRow[]) => {
      replaceSlots.immediate(slots);
    },
    /** The day's slots with what each has left. */
    availability(day: string, now: number) {
      const booked = new Map(store.bookedOn(day).map((row) => [row.time, row.count]));
      return store.slotsOf(weekdayOf(day)).map((slot) => {
        const count = booked.get(slot.time) ?? 0;
        return {
          time: slot.time,
          capacity: slot.capacity,
          booked: count,
          left: Math.max(0, slot.capacity - count),
          past: slotStart(day, slot.time) <= now,
        };
      });
    },
    /**
     * Books a visit into its slot. The capacity is checked and the visit stored in one
     * IMMEDIATE transaction: two desks booking the last place at once (even from two
     * processes on the file) get one visit and one refusal.
     */
    book: (lead: VisitLead, actor: Actor, visit: BookVisit, now: number) =>
      book.immediate(ctx, lead, actor, visit, now),
    reschedule: (id: number, actor: Actor, to: { date: string; time: string }, now: number) => {
      reschedule.immediate(ctx, id, actor, to, now);
    },
    cancel: (id: number, actor: Actor, reason: string, now: number) => {
      cancel.immediate(ctx, id, actor, reason, now);
    },
    checkIn: (id: number, actor: Actor, arrival: Arrival, now: number) => {
      checkIn.immediate(ctx, id, actor, arrival, now);
    },
    close: (id: number, actor: Actor, outcome: string, now: number) => {
      close.immediate(ctx, id, actor, outcome, now);
    },
    visit: (id: number) => visitOrFail(store, id),
    /** Visits starting on the India days from `first` to `last`, both included. */
    onDays: (first: string, last: string) =>
      store.between(indiaDayStart(first), indiaDayStart(addDays(last, 1))),
    ofBuyer: (buyerId: number) => store.ofBuyer(buyerId),
  };
}

export type Visits = ReturnType<typeof createVisits>;
