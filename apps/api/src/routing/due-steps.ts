import type Database from 'better-sqlite3';
import { dueText, nextInTurn, type AssignBuyer, type RoutingDuePayload } from './assign-buyer.ts';
import type { ManagerAlerts, ManagerSummaryDuePayload } from './manager-alerts.ts';
import type { ManagerAlertEvent } from './routing-messages.ts';
import type { RoutingNotices } from './routing-notices.ts';
import type { AssignmentRow, RoutingStore } from './routing-store.ts';

/** Reassignments of one buyer before they are left with the last person. */
export const MAX_REASSIGNMENTS = 3;

/** What a due step did, for the worker's log line. */
export type DueOutcome = 'reassigned' | 'left-with-last' | 'no-one-else-on-duty' | 'nothing-to-do';

export interface DueStepDeps {
  store: RoutingStore;
  assigner: AssignBuyer;
  notices: Pick<RoutingNotices, 'managersAlert'>;
  managerAlerts: Pick<ManagerAlerts, 'sendSummary'>;
}

/**
 * The steps the routing channel performs when they fall due: moving on a buyer whose first
 * response is late, and sending the managers' summary of a window that closed. Each runs in a
 * write transaction of its own.
 */
export function createDueSteps(db: Database.Database, deps: DueStepDeps) {
  const { store, assigner, notices } = deps;

  /** The assignment's target passed unanswered: on to the next person, or the managers told. */
  function missed(current: AssignmentRow, at: number): DueOutcome {
    const settings = store.settings();
    const from = store.person(current.user_id);
    const missedBy = { id: current.user_id, name: from?.name ?? 'a former account' };
    const target = `${settings.target_minutes} working minute${settings.target_minutes === 1 ? '' : 's'}`;
    const alert = (event: ManagerAlertEvent, nowWith: { id: number; name: string }) =>
      notices.managersAlert({ event, missed: current, missedBy, nowWith, settings, at });
    const event = (text: string) => assigner.event(current.buyer_id, current.lead_id, at, text);
    if (current.attempt >= MAX_REASSIGNMENTS) {
      if (alert('left-with-last', missedBy)) {
        event(
          `Not answered within ${target} after ${MAX_REASSIGNMENTS} reassignments: left with ${missedBy.name}; managers alerted`,
        );
      }
      return 'left-with-last';
    }
    const next = nextInTurn(store, settings, current.user_id);
    if (!next) {
      if (alert('no-one-else-on-duty', missedBy)) {
        event(
          `Not answered within ${target} by ${missedBy.name}, and no one else is on duty: managers alerted`,
        );
      }
      return 'no-one-else-on-duty';
    }
    const { dueAt } = assigner.assign(
      {
        buyerId: current.buyer_id,
        leadId: current.lead_id,
        reason: 'reassigned',
        attempt: current.attempt + 1,
        reassignOnDue: true,
      },
      next,
      settings,
      at,
    );
    alert('reassigned', { id: next.id, name: next.name });
    event(
      `Not answered within ${target}: reassigned from ${missedBy.name} to ${next.name}; ${dueText(dueAt)}; managers alerted`,
    );
    return 'reassigned';
  }

  /**
   * The step a due message performs, once: the assignment it was queued for must still be
   * current and unanswered, and what it queues has an id of its own, so running it again after
   * a crash (before the outbox marked it sent) changes nothing.
   */
  const runDueTx = db.transaction((assignmentId: number, at: number): DueOutcome => {
    const current = store.assignment(assignmentId);
    if (!current || current.ended_at !== null || current.answered_at !== null) {
      return 'nothing-to-do';
    }
    const buyer = store.buyer(current.buyer_id);
    if (!buyer || buyer.erased_at !== null) return 'nothing-to-do';
    return missed(current, at);
  });

  const sendSummaryTx = db.transaction((windowAt: number, at: number) =>
    deps.managerAlerts.sendSummary(windowAt, at),
  );

  return {
    /** Sends the managers' summary of a window that closed (the routing channel's send). */
    sendSummary: (payload: ManagerSummaryDuePayload, at: number): boolean =>
      sendSummaryTx.immediate(payload.windowAt, at),
    /** Performs a due step (the routing channel's send), in its own transaction. */
    runDue: (payload: RoutingDuePayload, at: number): DueOutcome =>
      runDueTx.immediate(payload.assignmentId, at),
  };
}
