import type { RequestHandler, Router } from 'express';
import {
  cancelVisitSchema,
  checkInSchema,
  newVisitSchema,
  rescheduleVisitSchema,
  visitAvailabilityQuerySchema,
  visitOutcomeSchema,
  visitSlotsSchema,
  visitsQuerySchema,
  type Visit,
  type VisitAvailability,
  type VisitSlot,
  type Weekday,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { addDays, indiaDay, indiaTimestamp } from '../format/india-day.ts';
import type { SlotRow, VisitRow } from '../store/visit-store.ts';
import {
  VISIT_CALENDAR_TYPE,
  visitCalendar,
  type CalendarPublisher,
} from '../visits/visit-calendar.ts';
import { VISIT_NOT_FOUND, VisitError, weekdayOf, type Visits } from '../visits/visits.ts';
import { currentUser } from './auth.ts';
import { DeskError } from './desk-error.ts';
import { parse, pathId } from './desk-input.ts';
import type { DeskStore } from '../desk-api/desk-store.ts';
import { assertMayWork, findLead } from '../buyers/index.ts';

export interface VisitRoutesDeps {
  visits: Visits;
  store: DeskStore;
  clock: Clock;
  logger: Logger;
  requireSession: RequestHandler;
  requireManager: RequestHandler;
  /** The UIDs' domain and the organiser of the calendar files. */
  calendar: CalendarPublisher;
}

/** How many days the Visits screen lists by default, today included. */
const DEFAULT_DAYS = 14;
const MAX_DAYS = 92;

function person(id: number | null, name: string | null) {
  return id !== null && name !== null ? { id, name } : null;
}

/** A visit as docs/desk-api.md gives it (`visitSchema` in packages/shared). */
export function toVisitJson(row: VisitRow): Visit {
  const checkedInBy = person(row.checked_in_by, row.checked_in_by_name);
  return {
    id: row.id,
    leadId: row.lead_id,
    buyerId: row.buyer_id,
    name: row.name,
    mobile: row.mobile,
    owner: person(row.owner_id, row.owner_name),
    date: row.day,
    time: row.time,
    startsAt: indiaTimestamp(row.starts_at),
    people: row.people,
    pickup: row.pickup === 1,
    notes: row.notes,
    status: row.status,
    booked: { at: indiaTimestamp(row.booked_at), by: person(row.booked_by, row.booked_by_name) },
    checkIn:
      row.checked_in_at !== null &&
      checkedInBy !== null &&
      (row.status === 'arrived' || row.status === 'no_show' || row.status === 'done')
        ? {
            arrival: row.status === 'no_show' ? 'no_show' : 'arrived',
            at: indiaTimestamp(row.checked_in_at),
            by: checkedInBy,
          }
        : null,
    outcome:
      row.outcome_at !== null
        ? {
            text: row.outcome ?? '',
            at: indiaTimestamp(row.outcome_at),
            by: person(row.outcome_by, row.outcome_by_name),
          }
        : null,
    cancelled:
      row.cancelled_at !== null
        ? {
            reason: row.cancel_reason ?? '',
            at: indiaTimestamp(row.cancelled_at),
            by: person(row.cancelled_by, row.cancelled_by_name),
          }
        : null,
  };
}

function toSlotJson(row: SlotRow): VisitSlot {
  return { weekday: row.weekday as Weekday, time: row.time, capacity: row.capacity };
}

/** The use case's refusals, as the desk answers them. */
function visitChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof VisitError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

/**
 * The site visits' endpoints, on the desk's own router (the security test reads its routes).
 * Anyone signed in books, moves and cancels the visits of the buyers they may work, and checks
 * any visitor in at the site; managers set the week's slots.
 */
export function registerVisitRoutes(router: Router, deps: VisitRoutesDeps): void {
  const { visits, store, clock, logger, requireSession, requireManager } = deps;
  const visitId = (req: Parameters<RequestHandler>[0]) => pathId(req, VISIT_NOT_FOUND);
  const found = (id: number) => visitChange(() => visits.visit(id));
  /** Moving or cancelling a visit is work on its buyer, by the rules of the buyer's owner. */
  const mayChange = (row: VisitRow, res: Parameters<RequestHandler>[1]) => {
    assertMayWork(currentUser(res), findLead(store, row.lead_id));
  };
  const answer = (id: number) => ({ visit: toVisitJson(found(id)) });

  router.get('/visit-slots', requireSession, (_req, res) => {
    res.json({ slots: visits.slots().map(toSlotJson) });
  });

  router.put('/visit-slots', requireSession, requireManager, (req, res) => {
    const { slots } = parse(visitSlotsSchema, req.body);
    visits.replaceSlots(slots);
    logger.info({ userId: currentUser(res).id, slots: slots.length }, 'visit slots changed');
    res.json({ slots: visits.slots().map(toSlotJson) });
  });

  router.get('/visit-availability', requireSession, (req, res) => {
    const { date } = parse(visitAvailabilityQuerySchema, req.query);
    const availability: VisitAvailability = {
      date,
      weekday: weekdayOf(date) satisfies Weekday,
      slots: visits.availability(date, clock.now()),
    };
    res.json(availability);
  });

  router.get('/visits', requireSession, (req, res) => {
    const query = parse(visitsQuerySchema, req.query);
    const from = query.from ?? indiaDay(clock.now());
    const to = query.to ?? addDays(from, DEFAULT_DAYS - 1);
    if (to > addDays(from, MAX_DAYS - 1)) {
      throw new DeskError(400, `List at most ${MAX_DAYS} days of visits at once.`);
    }
    res.json({ visits: visits.onDays(from, to).map(toVisitJson) });
  });

  router.get('/leads/:id/visits', requireSession, (req, res) => {
    const lead = findLead(store, pathId(req, 'There is no lead with this id.'));
    res.json({ visits: visits.ofBuyer(lead.buyer_id).map(toVisitJson) });
  });

  router.post('/leads/:id/visits', requireSession, (req, res) => {
    const body = parse(newVisitSchema, req.body);
    const lead = findLead(store, pathId(req, 'There is no lead with this id.'));
    const user = currentUser(res);
    assertMayWork(user, lead);
    const id = visitChange(() =>
      visits.book({ id: lead.id, buyerId: lead.buyer_id }, user, body, clock.now()),
    );
    logger.info({ userId: user.id, visitId: id }, 'site visit booked');
    res.status(201).json(answer(id));
  });

  router.get('/visits/:id', requireSession, (req, res) => {
    res.json(answer(visitId(req)));
  });

  router.post('/visits/:id/reschedule', requireSession, (req, res) => {
    const to = parse(rescheduleVisitSchema, req.body);
    const row = found(visitId(req));
    mayChange(row, res);
    visitChange(() => visits.reschedule(row.id, currentUser(res), to, clock.now()));
    res.json(answer(row.id));
  });

  router.post('/visits/:id/cancel', requireSession, (req, res) => {
    const { reason } = parse(cancelVisitSchema, req.body);
    const row = found(visitId(req));
    mayChange(row, res);
    visitChange(() => visits.cancel(row.id, currentUser(res), reason, clock.now()));
    res.json(answer(row.id));
  });

  router.post('/visits/:id/check-in', requireSession, (req, res) => {
    const { arrival } = parse(checkInSchema, req.body);
    const id = visitId(req);
    visitChange(() => visits.checkIn(id, currentUser(res), arrival, clock.now()));
    res.json(answer(id));
  });

  router.post('/visits/:id/outcome', requireSession, (req, res) => {
    const { outcome } = parse(visitOutcomeSchema, req.body);
    const id = visitId(req);
    visitChange(() => visits.close(id, currentUser(res), outcome, clock.now()));
    res.json(answer(id));
  });

  router.get('/visits/:id/calendar.ics', requireSession, (req, res) => {
    const row = found(visitId(req));
    const changedAt = Math.max(row.booked_at, row.cancelled_at ?? 0);
    const calendar = visitCalendar(
      {
        id: row.id,
        day: row.day,
        time: row.time,
        people: row.people,
        revision: row.revision,
        cancelled: row.status === 'cancelled',
        changedAt,
      },
      deps.calendar,
    );
    res
      .status(200)
      .set('Content-Type', VISIT_CALENDAR_TYPE)
      .set('Content-Disposition', `attachment; filename="site-visit-${row.day}.ics"`)
      .send(calendar);
  });
}
