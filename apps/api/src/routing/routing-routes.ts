import {
  dutyAnswerSchema,
  dutyChangeSchema,
  overdueAnswerSchema,
  routingAnswerSchema,
  routingSettingsChangeSchema,
  unansweredAnswerSchema,
  waitingAnswerSchema,
  type DutyAnswer,
  type OverdueAnswer,
  type RoutingAnswer,
  type UnansweredAnswer,
  type WaitingAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { pathId } from '../desk/desk-input.ts';
import type { BuyerStore } from '../buyers/index.ts';
import { toLeadRow } from '../buyers/index.ts';
import { routeFor } from '../desk/route.ts';
import type { Logger } from '../logger.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { RoutingError } from './routing-error.ts';
import type { Routing } from './routing.ts';

export interface RoutingRouteDeps {
  routing: Routing;
  store: BuyerStore;
  clock: Clock;
  logger: Logger;
  /** Called once a change queued emails (buyers handed out), so they go out at once. */
  onQueued?: (() => void) | undefined;
}

/** Routing's refusals, as the desk answers them. */
function routingChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof RoutingError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

function dutyAnswer({ routing }: RoutingRouteDeps, userId: number): DutyAnswer {
  const duty = routing.duty(userId);
  if (!duty) throw new DeskError(404, 'There is no active account with this id.');
  return { duty };
}

function setDuty(
  deps: RoutingRouteDeps,
  userId: number,
  actorId: number,
  onDuty: boolean,
): DutyAnswer {
  const { routing, clock, logger } = deps;
  const { duty, handedOut } = routingChange(() => routing.setDuty(userId, onDuty, clock.now()));
  logger.info({ userId: actorId, person: userId, onDuty, handedOut }, 'desk duty changed');
  if (handedOut > 0) deps.onQueued?.();
  return { duty };
}

function unansweredAnswer(deps: RoutingRouteDeps, userId: number): UnansweredAnswer {
  const { routing, store, clock } = deps;
  return {
    buyers: routing.unanswered(userId, clock.now()).flatMap((row) => {
      const lead = store.leadById(row.leadId);
      if (!lead) return [];
      return [
        {
          lead: toLeadRow(lead),
          assignedAt: indiaTimestamp(row.assignedAt),
          reason: row.reason,
          dueAt: row.dueAt === null ? null : indiaTimestamp(row.dueAt),
          workingMinutesLeft: row.workingMinutesLeft,
        },
      ];
    }),
  };
}

function overdueAnswer({ routing, store, clock }: RoutingRouteDeps): OverdueAnswer {
  return {
    buyers: routing.overdue(clock.now()).flatMap((row) => {
      const lead = store.leadById(row.leadId);
      if (!lead) return [];
      return [
        {
          lead: toLeadRow(lead),
          holder: row.holder,
          dueAt: indiaTimestamp(row.dueAt),
          workingMinutesLate: row.workingMinutesLate,
        },
      ];
    }),
  };
}

const route = routeFor<RoutingRouteDeps>();

/**
 * Duty, the managers' routing panel, each person's unanswered buyers, the managers' Overdue now
 * and what waits for them (docs/desk-api.md).
 */
export const routingRoutes = [
  route({
    method: 'get',
    path: '/duty',
    summary: 'Whether the signed-in person is on duty',
    who: 'signed in',
    answer: { status: 200, description: 'Their duty.', json: dutyAnswerSchema },
    handle: ({ res }, deps) => dutyAnswer(deps, currentUser(res).id),
  }),
  route({
    method: 'put',
    path: '/duty',
    summary: 'Come on duty or go off duty',
    who: 'signed in',
    description:
      'On duty, the person takes new buyers in turn; coming on duty hands them the buyers that waited because nobody was. Off duty, their own buyers stay theirs.',
    body: dutyChangeSchema,
    answer: { status: 200, description: 'Their duty as it is now.', json: dutyAnswerSchema },
    handle: ({ res, body: { onDuty } }, deps) => {
      const user = currentUser(res);
      return setDuty(deps, user.id, user.id, onDuty);
    },
  }),
  route({
    method: 'put',
    path: '/users/{id}/duty',
    summary: "Set someone's duty",
    who: 'manager',
    body: dutyChangeSchema,
    answer: { status: 200, description: 'Their duty as it is now.', json: dutyAnswerSchema },
    handle: ({ req, res, body: { onDuty } }, deps) => {
      const id = pathId(req, 'There is no account with this id.');
      return setDuty(deps, id, currentUser(res).id, onDuty);
    },
  }),
  route({
    method: 'get',
    path: '/routing',
    summary: 'The routing panel',
    who: 'manager',
    description:
      'Automatic assignment, the first-response target, the working hours (India time, every day), who gets the next new buyer, everyone’s duty and how many buyers wait unassigned. See docs/operations.md.',
    answer: { status: 200, description: 'The panel.', json: routingAnswerSchema },
    handle: (_input, { routing }): RoutingAnswer => routing.panel(),
  }),
  route({
    method: 'patch',
    path: '/routing',
    summary: 'Change the routing settings',
    who: 'manager',
    description:
      'Fields left out keep their value. Turning automatic assignment back on hands out the buyers that waited. A new target or working hours apply to assignments made from now on.',
    body: routingSettingsChangeSchema,
    answer: { status: 200, description: 'The panel as it is now.', json: routingAnswerSchema },
    handle: ({ res, body: change }, deps): RoutingAnswer => {
      const { routing, clock, logger } = deps;
      const handedOut = routingChange(() => routing.changeSettings(change, clock.now()));
      logger.info(
        { userId: currentUser(res).id, ...change, handedOut },
        'routing settings changed',
      );
      if (handedOut > 0) deps.onQueued?.();
      return routing.panel();
    },
  }),
  route({
    method: 'get',
    path: '/routing/unanswered',
    summary: "The person's buyers waiting for a first response",
    who: 'signed in',
    description:
      'Buyers assigned to the signed-in person that nobody has called, messaged on WhatsApp or moved to another stage since, soonest due first (at most 100).',
    answer: { status: 200, description: 'The buyers.', json: unansweredAnswerSchema },
    handle: ({ res }, deps) => unansweredAnswer(deps, currentUser(res).id),
  }),
  route({
    method: 'get',
    path: '/routing/overdue',
    summary: 'Overdue now: every buyer past their first-response target',
    who: 'manager',
    description:
      'Buyers whose first call, WhatsApp or stage change is past its target, whoever holds them, the latest first (at most 500), with how many working minutes late. The managers’ summaries link here.',
    answer: { status: 200, description: 'The buyers.', json: overdueAnswerSchema },
    handle: (_input, deps) => overdueAnswer(deps),
  }),
  route({
    method: 'get',
    path: '/waiting',
    summary: 'What waits for a manager',
    who: 'manager',
    description:
      'How many leads are held over the per-address limit, how many plots wait for a decision on their booking, and how many buyers are past their first-response target: the numbers the desk’s Held, Plots and Overdue now links show.',
    answer: { status: 200, description: 'The counts.', json: waitingAnswerSchema },
    handle: (_input, { routing, clock }): WaitingAnswer => routing.waiting(clock.now()),
  }),
];
