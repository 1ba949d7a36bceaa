import type { Router } from 'express';
import {
  dutyChangeSchema,
  routingSettingsChangeSchema,
  type DutyAnswer,
  type OverdueAnswer,
  type RoutingAnswer,
  type UnansweredAnswer,
  type WaitingAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { indiaTimestamp } from '../reports/india-day.ts';
import { RoutingError, type Routing } from '../routing/routing.ts';
import { currentUser, type Auth } from './auth.ts';
import { DeskError } from './desk-error.ts';
import { parse, pathId } from './desk-input.ts';
import type { DeskStore } from './desk-store.ts';
import { toLeadRow } from './lead-json.ts';

export interface RoutingRouteDeps {
  routing: Routing;
  store: DeskStore;
  auth: Pick<Auth, 'requireSession' | 'requireManager'>;
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

/**
 * Duty, the managers' routing panel, each person's unanswered buyers, the managers' Overdue now
 * and what waits for them (docs/desk-api.md), on the desk's own router.
 */
export function registerRoutingRoutes(router: Router, deps: RoutingRouteDeps): void {
  const { routing, store, clock, logger } = deps;
  const { requireSession, requireManager } = deps.auth;

  const dutyAnswer = (userId: number): DutyAnswer => {
    const duty = routing.duty(userId);
    if (!duty) throw new DeskError(404, 'There is no active account with this id.');
    return { duty };
  };

  const setDuty = (userId: number, actorId: number, onDuty: boolean): DutyAnswer => {
    const { duty, handedOut } = routingChange(() => routing.setDuty(userId, onDuty, clock.now()));
    logger.info({ userId: actorId, person: userId, onDuty, handedOut }, 'desk duty changed');
    if (handedOut > 0) deps.onQueued?.();
    return { duty };
  };

  router.get('/duty', requireSession, (_req, res) => {
    res.json(dutyAnswer(currentUser(res).id));
  });

  router.put('/duty', requireSession, (req, res) => {
    const { onDuty } = parse(dutyChangeSchema, req.body);
    const user = currentUser(res);
    res.json(setDuty(user.id, user.id, onDuty));
  });

  router.put('/users/:id/duty', requireSession, requireManager, (req, res) => {
    const id = pathId(req, 'There is no account with this id.');
    const { onDuty } = parse(dutyChangeSchema, req.body);
    res.json(setDuty(id, currentUser(res).id, onDuty));
  });

  router.get('/routing', requireSession, requireManager, (_req, res) => {
    const answer: RoutingAnswer = routing.panel();
    res.json(answer);
  });

  router.patch('/routing', requireSession, requireManager, (req, res) => {
    const change = parse(routingSettingsChangeSchema, req.body);
    const handedOut = routingChange(() => routing.changeSettings(change, clock.now()));
    logger.info({ userId: currentUser(res).id, ...change, handedOut }, 'routing settings changed');
    if (handedOut > 0) deps.onQueued?.();
    const answer: RoutingAnswer = routing.panel();
    res.json(answer);
  });

  router.get('/routing/unanswered', requireSession, (_req, res) => {
    const answer: UnansweredAnswer = {
      buyers: routing.unanswered(currentUser(res).id, clock.now()).flatMap((row) => {
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
    res.json(answer);
  });

  router.get('/routing/overdue', requireSession, requireManager, (_req, res) => {
    const answer: OverdueAnswer = {
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
    res.json(answer);
  });

  router.get('/waiting', requireSession, requireManager, (_req, res) => {
    const answer: WaitingAnswer = routing.waiting(clock.now());
    res.json(answer);
  });
}
