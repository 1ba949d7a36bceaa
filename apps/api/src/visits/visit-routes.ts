import type { Request, Response } from 'express';
import {
  cancelVisitSchema,
  checkInSchema,
  newVisitSchema,
  rescheduleVisitSchema,
  visitAnswerSchema,
  visitAvailabilityQuerySchema,
  visitAvailabilitySchema,
  visitOutcomeSchema,
  visitSlotsAnswerSchema,
  visitSlotsSchema,
  visitsAnswerSchema,
  visitsQuerySchema,
  type VisitAvailability,
  type Weekday,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import { assertMayWork, findLead, type BuyerStore } from '../buyers/index.ts';
import { routeFor } from '../desk/route.ts';
import type { Logger } from '../logger.ts';
import { addDays, indiaDay } from '../format/india-day.ts';
import type { VisitRow } from '../store/visit-schema.ts';
import { VISIT_CALENDAR_TYPE, visitCalendar, type CalendarPublisher } from './visit-calendar.ts';
import { toSlotJson, toVisitJson } from './visit-json.ts';
import { VISIT_NOT_FOUND, VisitError, weekdayOf } from './visit-rules.ts';
import type { Visits } from './visits.ts';

export interface VisitRouteDeps {
  visits: Visits;
  store: BuyerStore;
  clock: Clock;
  logger: Logger;
  /** The UIDs' domain and the organiser of the calendar files. */
  calendar: CalendarPublisher;
}

const route = routeFor<VisitRouteDeps>();

/** How many days the Visits screen lists by default, today included. */
const DEFAULT_DAYS = 14;
const MAX_DAYS = 92;

const LEAD_NOT_FOUND = 'There is no lead with this id.';
const VISIT_ANSWER = { status: 200, description: 'The visit.', json: visitAnswerSchema };
const VISITS_ANSWER = { status: 200, description: 'The visits.', json: visitsAnswerSchema };

/** The use case's refusals, as the desk answers them. */
function visitChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof VisitError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

const visitId = (req: Request) => pathId(req, VISIT_NOT_FOUND);
const found = (visits: Visits, id: number) => visitChange(() => visits.visit(id));
const answer = (visits: Visits, id: number) => ({ visit: toVisitJson(found(visits, id)) });

/** Moving or cancelling a visit is work on its buyer, by the rules of the buyer's owner. */
function mayChange(store: BuyerStore, row: VisitRow, res: Response): void {
  assertMayWork(currentUser(res), findLead(store, row.lead_id));
}

/**
 * The week's slots and a day's room in them: anyone signed in reads them, managers set the
 * week's.
 */
const slotRoutes = [
  route({
    method: 'get',
    path: '/visit-slots',
    summary: "The week's site visit slots",
    who: 'signed in',
    answer: { status: 200, description: 'Every slot.', json: visitSlotsAnswerSchema },
    handle: (_input, { visits }) => ({ slots: visits.slots().map(toSlotJson) }),
  }),
  route({
    method: 'put',
    path: '/visit-slots',
    summary: "Replace the week's site visit slots",
    who: 'manager',
    description:
      'The whole week at once: a slot left out takes no new booking; visits already booked into it stay.',
    body: visitSlotsSchema,
    answer: { status: 200, description: 'The slots as stored.', json: visitSlotsAnswerSchema },
    handle: ({ body: { slots }, res }, { visits, logger }) => {
      visits.replaceSlots(slots);
      logger.info({ userId: currentUser(res).id, slots: slots.length }, 'visit slots changed');
      return { slots: visits.slots().map(toSlotJson) };
    },
  }),
  route({
    method: 'get',
    path: '/visit-availability',
    summary: "A day's slots and the visits each has left",
    who: 'signed in',
    query: visitAvailabilityQuerySchema,
    answer: { status: 200, description: "The day's slots.", json: visitAvailabilitySchema },
    handle: ({ query: { date } }, { visits, clock }): VisitAvailability => ({
      date,
      weekday: weekdayOf(date) satisfies Weekday,
      slots: visits.availability(date, clock.now()),
    }),
  }),
];

/** A day's or a buyer's visits, and booking one. */
const listRoutes = [
  route({
    method: 'get',
    path: '/visits',
    summary: 'Site visits by day and slot',
    who: 'signed in',
    description: 'Every visit starting on the days asked for (at most 92), cancelled ones too.',
    query: visitsQuerySchema,
    answer: VISITS_ANSWER,
    handle: ({ query }, { visits, clock }) => {
      const from = query.from ?? indiaDay(clock.now());
      const to = query.to ?? addDays(from, DEFAULT_DAYS - 1);
      if (to > addDays(from, MAX_DAYS - 1)) {
        throw new DeskError(400, `List at most ${MAX_DAYS} days of visits at once.`);
      }
      return { visits: visits.onDays(from, to).map(toVisitJson) };
    },
  }),
  route({
    method: 'get',
    path: '/leads/{id}/visits',
    summary: "The buyer's site visits",
    who: 'signed in',
    answer: VISITS_ANSWER,
    handle: ({ req }, { visits, store }) => {
      const lead = findLead(store, pathId(req, LEAD_NOT_FOUND));
      return { visits: visits.ofBuyer(lead.buyer_id).map(toVisitJson) };
    },
  }),
  route({
    method: 'post',
    path: '/leads/{id}/visits',
    summary: 'Book a site visit for the buyer',
    who: 'signed in',
    description:
      "Into one of the day's slots while it has room; the buyer's stage becomes Site visit scheduled and the owner's reminders are planned. A full slot is refused with 409.",
    body: newVisitSchema,
    answer: { ...VISIT_ANSWER, status: 201 },
    errors: [409],
    handle: ({ req, res, body }, { visits, store, clock, logger }) => {
      const lead = findLead(store, pathId(req, LEAD_NOT_FOUND));
      const user = currentUser(res);
      assertMayWork(user, lead);
      const id = visitChange(() =>
        visits.book({ id: lead.id, buyerId: lead.buyer_id }, user, body, clock.now()),
      );
      logger.info({ userId: user.id, visitId: id }, 'site visit booked');
      return answer(visits, id);
    },
  }),
];

/**
 * One visit: reading it, and each change of it. Anyone signed in books, moves and cancels the
 * visits of the buyers they may work, and checks any visitor in at the site.
 */
const visitRoutesOfOne = [
  route({
    method: 'get',
    path: '/visits/{id}',
    summary: 'A site visit',
    who: 'signed in',
    answer: VISIT_ANSWER,
    handle: ({ req }, { visits }) => answer(visits, visitId(req)),
  }),
  route({
    method: 'post',
    path: '/visits/{id}/reschedule',
    summary: 'Move a site visit to another slot',
    who: 'signed in',
    description: 'Its reminders are planned again for the new time.',
    body: rescheduleVisitSchema,
    answer: VISIT_ANSWER,
    errors: [409],
    handle: ({ req, res, body }, { visits, store, clock }) => {
      const row = found(visits, visitId(req));
      mayChange(store, row, res);
      visitChange(() => visits.reschedule(row.id, currentUser(res), body, clock.now()));
      return answer(visits, row.id);
    },
  }),
  route({
    method: 'post',
    path: '/visits/{id}/cancel',
    summary: 'Cancel a site visit',
    who: 'signed in',
    body: cancelVisitSchema,
    answer: VISIT_ANSWER,
    errors: [409],
    handle: ({ req, res, body: { reason } }, { visits, store, clock }) => {
      const row = found(visits, visitId(req));
      mayChange(store, row, res);
      visitChange(() => visits.cancel(row.id, currentUser(res), reason, clock.now()));
      return answer(visits, row.id);
    },
  }),
  route({
    method: 'post',
    path: '/visits/{id}/check-in',
    summary: 'Check a visitor in at the site, or mark them absent',
    who: 'signed in',
    description: 'Any signed-in person may, on the day of the visit; who did it is recorded.',
    body: checkInSchema,
    answer: VISIT_ANSWER,
    errors: [409],
    handle: ({ req, res, body: { arrival } }, { visits, clock }) => {
      const id = visitId(req);
      visitChange(() => visits.checkIn(id, currentUser(res), arrival, clock.now()));
      return answer(visits, id);
    },
  }),
  route({
    method: 'post',
    path: '/visits/{id}/outcome',
    summary: 'Write the outcome of a visit; it is done',
    who: 'signed in',
    description: "After the visitor's arrival; the buyer's stage becomes Site visit done.",
    body: visitOutcomeSchema,
    answer: VISIT_ANSWER,
    errors: [409],
    handle: ({ req, res, body: { outcome } }, { visits, clock }) => {
      const id = visitId(req);
      visitChange(() => visits.close(id, currentUser(res), outcome, clock.now()));
      return answer(visits, id);
    },
  }),
  route({
    method: 'get',
    path: '/visits/{id}/calendar.ics',
    summary: 'The visit as a calendar file for the buyer',
    who: 'signed in',
    description:
      'iCalendar (RFC 5545), published (`METHOD:PUBLISH`, and `method=PUBLISH` in the Content-Type), in Asia/Kolkata time with its VTIMEZONE, the site address as the location; its UID stays the same when the visit moves. Its ORGANIZER is the sales inbox (the first MAIL_TO address), which a buyer can write back to; it names no buyer and no agent.',
    answer: {
      status: 200,
      description: 'An .ics attachment.',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    },
    handle: ({ req, res }, { visits, calendar }) => {
      const row = found(visits, visitId(req));
      const file = visitCalendar(
        {
          id: row.id,
          day: row.day,
          time: row.time,
          people: row.people,
          revision: row.revision,
          cancelled: row.status === 'cancelled',
          changedAt: Math.max(row.booked_at, row.cancelled_at ?? 0),
        },
        calendar,
      );
      res
        .status(200)
        .set('Content-Type', VISIT_CALENDAR_TYPE)
        .set('Content-Disposition', `attachment; filename="site-visit-${row.day}.ics"`)
        .send(file);
    },
  }),
];

/** The site visits' desk routes (docs/desk-api.md), in the order they are mounted. */
export const visitRoutes = [...slotRoutes, ...listRoutes, ...visitRoutesOfOne];
