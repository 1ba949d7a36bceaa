import type { AssignmentReason } from '@iconia/shared';
import { formatIndiaTime } from '../format/lead-format.ts';
import type { createOutboxStatements } from '../store/outbox-store.ts';
import { ROUTING_CHANNEL } from './routing-messages.ts';
import type { RoutingNotices } from './routing-notices.ts';
import type { PersonRow, RoutingStore, SettingsRow } from './routing-store.ts';
import { workingDueAt, type WorkingHours } from './working-hours.ts';

/** A due reassignment on the routing channel; each message names the assignment it was queued for. */
export const ROUTING_DUE_KIND = 'routing.due';

export interface RoutingDuePayload {
  assignmentId: number;
}

export interface BuyerAssignment {
  buyerId: number;
  leadId: number | null;
  reason: AssignmentReason;
  attempt: number;
  /** Whether a missed target moves the buyer on (new buyers), or only shows (returning). */
  reassignOnDue: boolean;
}

export const toHours = (settings: SettingsRow): WorkingHours => ({
  startMinute: settings.start_minute,
  endMinute: settings.end_minute,
});

/** Who is next in turn after the last person served, leaving out `except`. */
export function nextInTurn(
  store: RoutingStore,
  settings: SettingsRow,
  except?: number,
): PersonRow | undefined {
  return store.nextInTurn(settings.last_user_id ?? 0, except);
}

export function dueText(dueAt: number): string {
  return `first response due by ${formatIndiaTime(dueAt)}`;
}

export interface AssignBuyerDeps {
  store: RoutingStore;
  outbox: ReturnType<typeof createOutboxStatements>;
  notices: Pick<RoutingNotices, 'agentAlert'>;
  /** The outbox channels of the CRM endpoints, told of each new owner as the desk tells them. */
  webhookChannels: readonly string[];
}

export type AssignBuyer = ReturnType<typeof createAssignBuyer>;

/** Handing a buyer to a person, and the routing entries on the buyer's timeline. */
export function createAssignBuyer({ store, outbox, notices, webhookChannels }: AssignBuyerDeps) {
  /** The buyer's owner becomes `person`; the CRM endpoints hear of it when it changed. */
  function changeOwner(buyerId: number, person: PersonRow, at: number): void {
    const before = store.buyer(buyerId);
    store.setOwner(buyerId, person.id);
    if (before && before.owner_id !== person.id) {
      outbox.announceBuyerUpdate(
        {
          buyerId,
          stage: before.stage,
          owner: { id: person.id, name: person.name },
          changed: ['owner'],
          at,
        },
        webhookChannels,
      );
    }
  }

  /**
   * Hands the buyer to `person`: the assignment before ends, the buyer's owner changes, the
   * person is emailed, and a timed assignment queues its due step for when the target passes.
   */
  function assign(
    assignment: BuyerAssignment,
    person: PersonRow,
    settings: SettingsRow,
    at: number,
  ): { id: number; dueAt: number } {
    const { buyerId, leadId, reason, attempt } = assignment;
    const dueAt = workingDueAt(at, settings.target_minutes, toHours(settings));
    store.endCurrent(buyerId, at);
    const id = store.insertAssignment({
      buyerId,
      leadId,
      userId: person.id,
      at,
      dueAt,
      reason,
      attempt,
    });
    changeOwner(buyerId, person, at);
    store.stopWaiting(buyerId);
    if (reason !== 'returning') store.movePointer(person.id);
    if (assignment.reassignOnDue) {
      const payload: RoutingDuePayload = { assignmentId: id };
      outbox.queue({
        messageId: `routing-due:${id}`,
        channel: ROUTING_CHANNEL,
        kind: ROUTING_DUE_KIND,
        leadId: leadId ?? undefined,
        payload,
        dueAt,
      });
    }
    notices.agentAlert(
      { id, buyer_id: buyerId, lead_id: leadId, reason, attempt, assigned_at: at, due_at: dueAt },
      person,
      settings,
    );
    return { id, dueAt };
  }

  /** A routing entry on the buyer's timeline, on the enquiry it is about (else their latest). */
  function event(buyerId: number, leadId: number | null, at: number, text: string): void {
    const on = leadId ?? store.buyer(buyerId)?.latest_lead_id ?? undefined;
    if (on !== undefined) store.addEvent(on, at, text);
  }

  return { assign, event };
}
