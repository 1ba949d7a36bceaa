import { formatSlotTime, formatVisitDate, type Arrival } from '@iconia/shared';
import { indiaDay } from '../format/india-day.ts';
import type { VisitContext } from './visit-context.ts';
import { queueReminders } from './visit-reminders.ts';
import { queueVisitNews } from './visit-whatsapp.ts';
import {
  assertNotErased,
  assertOpen,
  checkSlot,
  describeSlot,
  visitOrFail,
  VisitError,
  type Actor,
  type BookVisit,
  type VisitLead,
} from './visit-rules.ts';
import { followStage } from './visit-stage.ts';

// Each change runs in its caller's IMMEDIATE transaction (`createVisits`).

export function bookVisit(
  ctx: VisitContext,
  lead: VisitLead,
  actor: Actor,
  visit: BookVisit,
  now: number,
): number {
  const { store } = ctx;
  assertNotErased(store, lead.buyerId);
  const startsAt = checkSlot(store, visit.date, visit.time, now);
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
    ctx,
    { id, revision: 0, day: visit.date },
    store.buyerWork(lead.buyerId)?.owner_id ?? actor.id,
    startsAt,
    now,
  );
  queueVisitNews(ctx, { visitId: id, revision: 0, which: 'booked' }, now);
  followStage(ctx, { buyerId: lead.buyerId, leadId: lead.id }, actor.id, 'booked', now);
  return id;
}

export function rescheduleVisit(
  ctx: VisitContext,
  id: number,
  actor: Actor,
  to: { date: string; time: string },
  now: number,
): void {
  const { store } = ctx;
  const visit = visitOrFail(store, id);
  assertOpen(visit, 'moved');
  if (visit.status !== 'scheduled') {
    throw new VisitError(409, 'The visitor was already checked in; this visit cannot be moved.');
  }
  if (visit.day === to.date && visit.time === to.time) return;
  const startsAt = checkSlot(store, to.date, to.time, now, visit.id);
  store.move(visit.id, to.date, to.time, startsAt);
  store.dropPendingReminders(visit.id);
  queueReminders(
    ctx,
    { id: visit.id, revision: visit.revision + 1, day: to.date },
    visit.owner_id ?? visit.booked_by,
    startsAt,
    now,
  );
  queueVisitNews(ctx, { visitId: visit.id, revision: visit.revision + 1, which: 'moved' }, now);
  store.addEvent(visit.lead_id, now, {
    type: 'visit',
    actorId: actor.id,
    text: `Site visit moved from ${describeSlot(visit.day, visit.time)} to ${describeSlot(to.date, to.time)}`,
  });
}

export function cancelVisit(
  ctx: VisitContext,
  id: number,
  actor: Actor,
  reason: string,
  now: number,
): void {
  const { store } = ctx;
  const visit = visitOrFail(store, id);
  assertOpen(visit, 'cancelled');
  store.cancel(visit.id, reason, now, actor.id);
  store.dropPendingReminders(visit.id);
  queueVisitNews(ctx, { visitId: visit.id, revision: visit.revision, which: 'cancelled' }, now);
  store.addEvent(visit.lead_id, now, {
    type: 'visit',
    actorId: actor.id,
    text: `Site visit on ${describeSlot(visit.day, visit.time)} cancelled`,
    ...(reason !== '' ? { detail: reason } : {}),
  });
  followStage(ctx, { buyerId: visit.buyer_id, leadId: visit.lead_id }, actor.id, 'cancelled', now);
}

export function checkInVisit(
  ctx: VisitContext,
  id: number,
  actor: Actor,
  arrival: Arrival,
  now: number,
): void {
  const { store } = ctx;
  const visit = visitOrFail(store, id);
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
  followStage(ctx, { buyerId: visit.buyer_id, leadId: visit.lead_id }, actor.id, arrival, now);
}

export function closeVisit(
  ctx: VisitContext,
  id: number,
  actor: Actor,
  outcome: string,
  now: number,
): void {
  const { store } = ctx;
  const visit = visitOrFail(store, id);
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
  followStage(ctx, { buyerId: visit.buyer_id, leadId: visit.lead_id }, actor.id, 'done', now);
}
