import type Database from 'better-sqlite3';
import {
  formatSlotTime,
  formatVisitDate,
  STAGE_LABELS,
  STAGE_RANK,
  VISIT_BOOKING_DAYS,
  type Arrival,
  type Stage,
  type Weekday,
} from '@iconia/shared';
import { addDays, indiaDay, indiaDayStart } from '../format/india-day.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { createPushStore } from '../push/index.ts';
import {
  createVisitStore,
  VISIT_REMINDER_KIND,
  type BuyerWorkRow,
  type SlotRow,
  type VisitRow,
  type VisitReminderPayload,
  type VisitStatusValue,
} from '../store/visit-store.ts';
import { planReminders, reminderMessageId } from './visit-reminders.ts';

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

export interface VisitsDeps {
  db: Database.Database;
  /** The CRM endpoints told of a change of a buyer's stage (as the desk's own changes are). */
  webhookChannels: readonly string[];
  /** The domain of the reminders' Message-IDs (the sender's). */
  messageIdDomain: string;
  /**
   * Called in the transaction of a change of the buyer's stage: any stage change answers the
   * buyer for routing's first-response clock, as the desk's own changes do.
   */
  onStageChanged?: (buyerId: number, at: number) => void;
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

function describeSlot(day: string, time: string): string {
  return `${formatVisitDate(day)} at ${formatSlotTime(time)}`;
}

const ACTIVE: readonly VisitStatusValue[] = ['scheduled', 'arrived'];

/**
 * The stage the buyer's visit records give, after `event`. Booked (a plot) is beyond any visit
 * and stays. A buyer marked Lost comes back when a visit is booked or done, not when one is
 * cancelled or missed. With no visit left to come or done, a stage the visits had set falls back
 * to Contacted: someone spoke to the buyer to book it.
 */
export function stageFromVisits(
  current: Stage,
  statuses: readonly VisitStatusValue[],
  event: 'booked' | 'moved' | 'cancelled' | 'arrived' | 'no_show' | 'done',
): Stage {
  if (current === 'booked') return current;
  if (current === 'lost' && event !== 'booked' && event !== 'done') return current;
  if (statuses.includes('done')) return 'visit_done';
  if (statuses.some((status) => ACTIVE.includes(status))) return 'visit_scheduled';
  return current === 'visit_scheduled' || current === 'visit_done' ? 'contacted' : current;
}

/** Slots, bookings and the visits' effect on the buyer's stage; see docs/sales-desk.md. */
export function createVisits(deps: VisitsDeps) {
  const { db } = deps;
  const store = createVisitStore(db);
  const outbox = createOutboxStatements(db);
  const pushes = createPushStore(db);

  function visitOrFail(id: number): VisitRow {
    const visit = store.byId(id);
    if (!visit) throw new VisitError(404, VISIT_NOT_FOUND);
    return visit;
  }

  /** The slot the visit goes into: open that weekday, still to come, not beyond the window. */
  function checkSlot(day: string, time: string, now: number, except = 0): number {
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

  /**
   * The visit's reminders: an email, and a push to each device of the person it reminds (the
   * buyer's owner, else who booked it) that turned alerts on. The email finds its person when
   * it goes out; a push that finds the buyer in other hands by then is not sent.
   */
  function queueReminders(
    visit: { id: number; revision: number; day: string },
    remind: number | null,
    startsAt: number,
    now: number,
  ) {
    for (const reminder of planReminders(visit.day, startsAt, now)) {
      const payload: VisitReminderPayload = {
        visitId: visit.id,
        revision: visit.revision,
        which: reminder.which,
      };
      if (remind !== null) {
        pushes.queueToUser(remind, {
          alertId: `visit-${visit.id}-${visit.revision}-${reminder.which}`,
          alert: { kind: 'visit', ...payload },
          dueAt: reminder.dueAt,
        });
      }
      outbox.queueOnce({
        messageId: reminderMessageId(
          visit.id,
          visit.revision,
          reminder.which,
          deps.messageIdDomain,
        ),
        channel: EMAIL_CHANNEL,
        kind: VISIT_REMINDER_KIND,
        payload,
        dueAt: reminder.dueAt,
      });
    }
  }

  /** Moves the buyer's stage to what their visits say, on the timeline and to the CRM. */
  function followStage(
    buyerId: number,
    leadId: number,
    actorId: number,
    event: Parameters<typeof stageFromVisits>[2],
    now: number,
  ): void {
    const work = store.buyerWork(buyerId);
    if (!work) return;
    const stage = stageFromVisits(work.stage as Stage, store.statusesOfBuyer(buyerId), event);
    if (stage === work.stage) return;
    const next: BuyerWorkRow = {
      ...work,
      stage,
      lost_reason: null,
      furthest_stage:
        stage === 'lost' ? work.furthest_stage : Math.max(work.furthest_stage, STAGE_RANK[stage]),
      ...(work.first_contact_at === null
        ? { first_contact_at: now, first_contact_by: actorId }
        : {}),
    };
    store.saveBuyerWork(next);
    deps.onStageChanged?.(buyerId, now);
    store.addEvent(leadId, now, {
      type: 'stage',
      actorId,
      text: `Stage changed from ${STAGE_LABELS[work.stage as Stage]} to ${STAGE_LABELS[stage]}`,
    });
    outbox.announceBuyerUpdate(
      {
        buyerId,
        stage,
        owner:
          work.owner_id !== null && work.owner_name !== null
            ? { id: work.owner_id, name: work.owner_name }
            : null,
        changed: ['stage'],
        at: now,
      },
      deps.webhookChannels,
    );
  }

  function assertOpen(visit: VisitRow, doing: string): void {
    if (visit.status === 'cancelled') {
      throw new VisitError(409, `This visit was cancelled; it cannot be ${doing}.`);
    }
    if (visit.status === 'done') {
      throw new VisitError(409, `This visit is done; it cannot be ${doing}.`);
    }
  }

  function assertNotErased(buyerId: number): void {
    if (store.buyerWork(buyerId)?.erased_at != null) {
      throw new VisitError(409, "This buyer's personal data was erased; no visit can be booked.");
    }
  }

  const book = db.transaction(
    (lead: VisitLead, actor: Actor, visit: BookVisit, now: number): number => {
      assertNotErased(lead.buyerId);
      const startsAt = checkSlot(visit.date, visit.time, now);
      const id = store.insert({
        buyerId: lead.buyerId,
        leadId: lead.id,
        day: visit.date,
        time: visit.time,
        startsAt,
        people: visit.people,
        pickup: visit.pickup,
        notes: visit.notes,
        bookedAt: now,
        bookedBy: actor.id,
      });
      const party = `${visit.people} ${visit.people === 1 ? 'person' : 'people'}`;
      store.addEvent(lead.id, now, {
        type: 'visit',
        actorId: actor.id,
        text: `Site visit booked for ${describeSlot(visit.date, visit.time)} (${party}${visit.pickup ? ', pickup needed' : ''})`,
        ...(visit.notes !== '' ? { detail: visit.notes } : {}),
      });
      queueReminders(
        { id, revision: 0, day: visit.date },
        store.buyerWork(lead.buyerId)?.owner_id ?? actor.id,
        startsAt,
        now,
      );
      followStage(lead.buyerId, lead.id, actor.id, 'booked', now);
      return id;
    },
  );

  const reschedule = db.transaction(
    (id: number, actor: Actor, to: { date: string; time: string }, now: number): void => {
      const visit = visitOrFail(id);
      assertOpen(visit, 'moved');
      if (visit.status !== 'scheduled') {
        throw new VisitError(
          409,
          'The visitor was already checked in; this visit cannot be moved.',
        );
      }
      if (visit.day === to.date && visit.time === to.time) return;
      const startsAt = checkSlot(to.date, to.time, now, visit.id);
      store.move(visit.id, to.date, to.time, startsAt);
      store.dropPendingReminders(visit.id);
      queueReminders(
        { id: visit.id, revision: visit.revision + 1, day: to.date },
        visit.owner_id ?? visit.booked_by,
        startsAt,
        now,
      );
      store.addEvent(visit.lead_id, now, {
        type: 'visit',
        actorId: actor.id,
        text: `Site visit moved from ${describeSlot(visit.day, visit.time)} to ${describeSlot(to.date, to.time)}`,
      });
    },
  );

  const cancel = db.transaction((id: number, actor: Actor, reason: string, now: number): void => {
    const visit = visitOrFail(id);
    assertOpen(visit, 'cancelled');
    store.cancel(visit.id, reason, now, actor.id);
    store.dropPendingReminders(visit.id);
    store.addEvent(visit.lead_id, now, {
      type: 'visit',
      actorId: actor.id,
      text: `Site visit on ${describeSlot(visit.day, visit.time)} cancelled`,
      ...(reason !== '' ? { detail: reason } : {}),
    });
    followStage(visit.buyer_id, visit.lead_id, actor.id, 'cancelled', now);
  });

  const checkIn = db.transaction(
    (id: number, actor: Actor, arrival: Arrival, now: number): void => {
      const visit = visitOrFail(id);
      assertOpen(visit, 'checked in');
      if (visit.status === arrival) return;
      if (indiaDay(now) < visit.day) {
        throw new VisitError(
          409,
          `This visit is on ${formatVisitDate(visit.day)}; check the visitor in on the day.`,
        );
      }
      store.checkIn(visit.id, arrival, now, actor.id);
      store.dropPendingReminders(visit.id);
      store.addEvent(visit.lead_id, now, {
        type: 'visit',
        actorId: actor.id,
        text:
          arrival === 'arrived'
            ? `Visitor arrived at the site for the ${formatSlotTime(visit.time)} visit`
            : `Visitor did not come to the ${describeSlot(visit.day, visit.time)} visit (no-show)`,
      });
      followStage(visit.buyer_id, visit.lead_id, actor.id, arrival, now);
    },
  );

  const close = db.transaction((id: number, actor: Actor, outcome: string, now: number): void => {
    const visit = visitOrFail(id);
    assertOpen(visit, 'closed again');
    if (visit.status !== 'arrived') {
      throw new VisitError(409, 'Check the visitor in as arrived before writing the outcome.');
    }
    store.close(visit.id, outcome, now, actor.id);
    store.addEvent(visit.lead_id, now, {
      type: 'visit',
      actorId: actor.id,
      text: `Site visit on ${describeSlot(visit.day, visit.time)} done`,
      detail: outcome,
    });
    followStage(visit.buyer_id, visit.lead_id, actor.id, 'done', now);
  });

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
      book.immediate(lead, actor, visit, now),
    reschedule: (id: number, actor: Actor, to: { date: string; time: string }, now: number) => {
      reschedule.immediate(id, actor, to, now);
    },
    cancel: (id: number, actor: Actor, reason: string, now: number) => {
      cancel.immediate(id, actor, reason, now);
    },
    checkIn: (id: number, actor: Actor, arrival: Arrival, now: number) => {
      checkIn.immediate(id, actor, arrival, now);
    },
    close: (id: number, actor: Actor, outcome: string, now: number) => {
      close.immediate(id, actor, outcome, now);
    },
    visit: visitOrFail,
    /** Visits starting on the India days from `first` to `last`, both included. */
    onDays: (first: string, last: string) =>
      store.between(indiaDayStart(first), indiaDayStart(addDays(last, 1))),
    ofBuyer: (buyerId: number) => store.ofBuyer(buyerId),
  };
}

export type Visits = ReturnType<typeof createVisits>;
