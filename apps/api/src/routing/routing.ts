import type Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import {
  formatClockTime,
  parseClockTime,
  workingDueAt,
  workingMinutesBetween,
  type WorkingHours,
} from './working-hours.ts';
import { formatIndiaTime } from '../reports/lead-format.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import type { StoredLeadFacts } from '../store/lead-store.ts';
import type { AssignmentReason, RoutingSettingsChange } from '@iconia/shared';
import {
  createRoutingStore,
  type AssignmentRow,
  type PersonRow,
  type SettingsRow,
} from './routing-store.ts';
import { createRoutingNotices, type RoutingNoticeOptions } from './routing-notices.ts';
import { ROUTING_CHANNEL, type ManagerAlertEvent } from './routing-messages.ts';
import {
  createManagerAlerts,
  type ManagerSummaryDuePayload,
  type OverdueAssignment,
} from './manager-alerts.ts';

/**
 * Who gets a buyer, as a use case of its own. Every step runs inside a transaction on the lead
 * store's connection: a new lead's assignment in the transaction that stores it, a desk's answer
 * in the desk's write, a due reassignment in the outbox step that performs it. The state is all
 * in the database (the round robin's pointer included), so several instances of this object on
 * one file, or a restart, see the same turn.
 */

/** A due reassignment on the routing channel; each message names the assignment it was queued for. */
export { ROUTING_CHANNEL } from './routing-messages.ts';
export const ROUTING_DUE_KIND = 'routing.due';

/** Reassignments of one buyer before they are left with the last person. */
export const MAX_REASSIGNMENTS = 3;

export interface RoutingDuePayload {
  assignmentId: number;
}

export interface RoutingSettingsView {
  autoAssign: boolean;
  targetMinutes: number;
  workStart: string;
  workEnd: string;
}

export interface PersonOnDuty {
  id: number;
  name: string;
  role: PersonRow['role'];
  onDuty: boolean;
}

export interface UnansweredAssignment {
  /** The buyer's latest enquiry: the row the inbox shows for them. */
  leadId: number;
  assignedAt: number;
  dueAt: number | null;
  reason: AssignmentReason;
  /** Working minutes to the target, negative once it has passed; null without a target. */
  workingMinutesLeft: number | null;
}

/** When an owner's first answer to their buyer is due. */
export interface ResponseTarget {
  dueAt: number;
  /** Working minutes to the target, negative once it has passed. */
  workingMinutesLeft: number;
}

/** Whole working minutes: "1 min left" until the target, then "1 min over" a full minute after. */
function workingMinutesLeft(dueAt: number, now: number, hours: WorkingHours): number {
  return dueAt >= now
    ? Math.ceil(workingMinutesBetween(now, dueAt, hours))
    : -Math.floor(workingMinutesBetween(dueAt, now, hours));
}

/** What a due step did, for the worker's log line. */
export type DueOutcome = 'reassigned' | 'left-with-last' | 'no-one-else-on-duty' | 'nothing-to-do';

export interface RoutingOptions extends RoutingNoticeOptions {
  /** The outbox channels of the CRM endpoints, told of each new owner as the desk tells them. */
  webhookChannels?: readonly string[];
}

/** Routing's emails come from the site's sender; managers' alerts fall back on the sales inbox. */
export function routingOptionsOf(
  config: Pick<Config, 'mailFrom' | 'mailTo'>,
  webhookChannels: readonly string[] = [],
): RoutingOptions {
  return {
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    fallbackTo: config.mailTo.map((to) => ({ name: to.name, email: to.address })),
    webhookChannels,
  };
}

export type Routing = ReturnType<typeof createRouting>;

export class RoutingError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RoutingError';
  }
}

const toHours = (settings: SettingsRow): WorkingHours => ({
  startMinute: settings.start_minute,
  endMinute: settings.end_minute,
});

const toPerson = (row: PersonRow): PersonOnDuty => ({
  id: row.id,
  name: row.name,
  role: row.role,
  onDuty: row.on_duty === 1,
});

export function createRouting(db: Database.Database, options: RoutingOptions) {
  const store = createRoutingStore(db);
  const outbox = createOutboxStatements(db);
  const managerAlerts = createManagerAlerts(db, options, (now) => overdue(now));
  const notices = createRoutingNotices(db, options, managerAlerts);

  /** Every buyer past their first-response target, the latest first. */
  function overdue(now: number): OverdueAssignment[] {
    const hours = toHours(store.settings());
    return store.overdue(now).map((row) => {
      const dueAt = row.first_due_at;
      return {
        leadId: row.latest_lead_id,
        holder: { id: row.user_id, name: row.name },
        dueAt,
        workingMinutesLate: Math.max(0, -workingMinutesLeft(dueAt, now, hours)),
      };
    });
  }

  function settingsView(row = store.settings()): RoutingSettingsView {
    return {
      autoAssign: row.auto_assign === 1,
      targetMinutes: row.target_minutes,
      workStart: formatClockTime(row.start_minute),
      workEnd: formatClockTime(row.end_minute),
    };
  }

  function nextInTurn(settings: SettingsRow, except?: number): PersonRow | undefined {
    return store.nextInTurn(settings.last_user_id ?? 0, except);
  }

  /**
   * Hands the buyer to `person`: the assignment before ends, the buyer's owner changes, the
   * person is emailed, and a timed assignment queues its due step for when the target passes.
   */
  function assign(
    assignment: {
      buyerId: number;
      leadId: number | null;
      reason: AssignmentReason;
      attempt: number;
      /** Whether a missed target moves the buyer on (new buyers), or only shows (returning). */
      reassignOnDue: boolean;
    },
    person: PersonRow,
    settings: SettingsRow,
    at: number,
  ): { id: number; dueAt: number } {
    const dueAt = workingDueAt(at, settings.target_minutes, toHours(settings));
    store.endCurrent(assignment.buyerId, at);
    const id = store.insertAssignment({
      buyerId: assignment.buyerId,
      leadId: assignment.leadId,
      userId: person.id,
      at,
      dueAt,
      reason: assignment.reason,
      attempt: assignment.attempt,
    });
    const before = store.buyer(assignment.buyerId);
    store.setOwner(assignment.buyerId, person.id);
    if (before && before.owner_id !== person.id) {
      outbox.announceBuyerUpdate(
        {
          buyerId: assignment.buyerId,
          stage: before.stage,
          owner: { id: person.id, name: person.name },
          changed: ['owner'],
          at,
        },
        options.webhookChannels ?? [],
      );
    }
    store.stopWaiting(assignment.buyerId);
    if (assignment.reason !== 'returning') store.movePointer(person.id);
    if (assignment.reassignOnDue) {
      const payload: RoutingDuePayload = { assignmentId: id };
      outbox.queue({
        messageId: `routing-due:${id}`,
        channel: ROUTING_CHANNEL,
        kind: ROUTING_DUE_KIND,
        leadId: assignment.leadId ?? undefined,
        payload,
        dueAt,
      });
    }
    notices.agentAlert(
      {
        id,
        buyer_id: assignment.buyerId,
        lead_id: assignment.leadId,
        reason: assignment.reason,
        attempt: assignment.attempt,
        assigned_at: at,
        due_at: dueAt,
      },
      person,
      settings,
    );
    return { id, dueAt };
  }

  /** The enquiry a timeline entry about the buyer goes on. */
  function eventLead(buyerId: number, leadId: number | null): number | undefined {
    return leadId ?? store.buyer(buyerId)?.latest_lead_id ?? undefined;
  }

  function event(buyerId: number, leadId: number | null, at: number, text: string): void {
    const on = eventLead(buyerId, leadId);
    if (on !== undefined) store.addEvent(on, at, text);
  }

  /** A buyer with a new genuine enquiry, or released from hold: to whom, now. */
  function route(buyerId: number, leadId: number, at: number): void {
    const buyer = store.buyer(buyerId);
    if (!buyer || buyer.erased_at !== null) return;
    const open = store.current(buyerId);
    // Already on someone's clock for an earlier enquiry: the clock that runs stays.
    if (open && open.answered_at === null && open.user_id === buyer.owner_id) return;
    const settings = store.settings();
    if (buyer.owner_id !== null && buyer.owner_active === 1) {
      const owner = store.person(buyer.owner_id);
      if (owner) {
        const { dueAt } = assign(
          { buyerId, leadId, reason: 'returning', attempt: 0, reassignOnDue: false },
          owner,
          settings,
          at,
        );
        event(
          buyerId,
          leadId,
          at,
          `New enquiry: with ${owner.name}, their buyer; ${dueText(dueAt)}`,
        );
        return;
      }
    }
    const next = settings.auto_assign === 1 ? nextInTurn(settings) : undefined;
    if (!next) {
      if (store.wait(buyerId, leadId, at).changes > 0) {
        event(
          buyerId,
          leadId,
          at,
          settings.auto_assign === 1
            ? 'Waiting: nobody is on duty; the first person to come on duty gets this buyer'
            : 'Waiting: automatic assignment is off',
        );
      }
      return;
    }
    const { dueAt } = assign(
      { buyerId, leadId, reason: 'new', attempt: 0, reassignOnDue: true },
      next,
      settings,
      at,
    );
    event(buyerId, leadId, at, `Assigned to ${next.name} in turn; ${dueText(dueAt)}`);
  }

  /** The buyers that waited go out in turn, oldest first, while someone is on duty. */
  function handOutWaiting(at: number): number {
    let handed = 0;
    for (const { buyer_id: buyerId, lead_id: leadId } of store.waiting()) {
      const settings = store.settings();
      if (settings.auto_assign !== 1) break;
      const buyer = store.buyer(buyerId);
      if (!buyer || buyer.erased_at !== null || buyer.owner_id !== null) {
        store.stopWaiting(buyerId);
        continue;
      }
      const next = nextInTurn(settings);
      if (!next) break;
      const { dueAt } = assign(
        { buyerId, leadId, reason: 'on_duty', attempt: 0, reassignOnDue: true },
        next,
        settings,
        at,
      );
      event(buyerId, leadId, at, `Assigned to ${next.name}, now on duty; ${dueText(dueAt)}`);
      handed += 1;
    }
    return handed;
  }

  function dueText(dueAt: number): string {
    return `first response due by ${formatIndiaTime(dueAt)}`;
  }

  const setDutyTx = db.transaction((userId: number, onDuty: boolean, at: number) => {
    const person = store.person(userId);
    if (!person || person.disabled_at !== null) {
      throw new RoutingError(404, 'There is no active account with this id.');
    }
    store.setDuty(userId, onDuty);
    const handedOut = onDuty ? handOutWaiting(at) : 0;
    return { duty: toPerson({ ...person, on_duty: onDuty ? 1 : 0 }), handedOut };
  });

  const changeSettingsTx = db.transaction((change: RoutingSettingsChange, at: number) => {
    const before = store.settings();
    const start =
      change.workStart === undefined ? before.start_minute : parseClockTime(change.workStart);
    const end = change.workEnd === undefined ? before.end_minute : parseClockTime(change.workEnd);
    if (start === undefined || end === undefined) {
      throw new RoutingError(400, 'Working hours must be times written HH:MM, such as 09:00.');
    }
    const autoAssign =
      change.autoAssign === undefined ? before.auto_assign : change.autoAssign ? 1 : 0;
    store.saveSettings({
      auto_assign: autoAssign,
      target_minutes: change.targetMinutes ?? before.target_minutes,
      start_minute: start,
      end_minute: end,
    });
    return autoAssign === 1 && before.auto_assign === 0 ? handOutWaiting(at) : 0;
  });

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
    const settings = store.settings();
    const from = store.person(current.user_id);
    const missedBy = { id: current.user_id, name: from?.name ?? 'a former account' };
    const target = `${settings.target_minutes} working minute${settings.target_minutes === 1 ? '' : 's'}`;
    const alert = (event: ManagerAlertEvent, nowWith: { id: number; name: string }) =>
      notices.managersAlert({ event, missed: current, missedBy, nowWith, settings, at });
    if (current.attempt >= MAX_REASSIGNMENTS) {
      if (alert('left-with-last', missedBy)) {
        event(
          current.buyer_id,
          current.lead_id,
          at,
          `Not answered within ${target} after ${MAX_REASSIGNMENTS} reassignments: left with ${missedBy.name}; managers alerted`,
        );
      }
      return 'left-with-last';
    }
    const next = nextInTurn(settings, current.user_id);
    if (!next) {
      if (alert('no-one-else-on-duty', missedBy)) {
        event(
          current.buyer_id,
          current.lead_id,
          at,
          `Not answered within ${target} by ${missedBy.name}, and no one else is on duty: managers alerted`,
        );
      }
      return 'no-one-else-on-duty';
    }
    const { dueAt } = assign(
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
      current.buyer_id,
      current.lead_id,
      at,
      `Not answered within ${target}: reassigned from ${missedBy.name} to ${next.name}; ${dueText(dueAt)}; managers alerted`,
    );
    return 'reassigned';
  });

  const sendSummaryTx = db.transaction((windowAt: number, at: number) =>
    managerAlerts.sendSummary(windowAt, at),
  );

  const releaseTx = db.transaction((buyerId: number, leadId: number, at: number) => {
    route(buyerId, leadId, at);
  });

  return {
    /** The store's hook: each lead stored, inside its transaction. */
    onLeadStored: (lead: StoredLeadFacts): void => {
      // A lead held over the limit waits for a manager to release it: they are told.
      if (lead.status === 'held') {
        managerAlerts.raise(`held-${lead.id}`, {
          kind: 'held',
          leadId: lead.id,
          at: lead.receivedAt,
        });
      }
      // Spam, test leads, repeats of a recent one and held leads are nobody's.
      if (lead.status !== 'pending') return;
      route(lead.buyerId, lead.id, lead.receivedAt);
    },
    /** A held lead let through: routed as if it came in now. Joins the caller's transaction. */
    leadReleased(buyerId: number, leadId: number, at: number): void {
      releaseTx(buyerId, leadId, at);
    },
    /** Sets whether the person takes new buyers; coming on duty hands out those that waited. */
    setDuty: (userId: number, onDuty: boolean, at: number) =>
      setDutyTx.immediate(userId, onDuty, at),
    duty(userId: number): PersonOnDuty | undefined {
      const person = store.person(userId);
      return person && person.disabled_at === null ? toPerson(person) : undefined;
    },
    settings: () => settingsView(),
    /** Changes the settings given; turning assignment back on hands out those that waited. */
    changeSettings: (change: RoutingSettingsChange, at: number) =>
      changeSettingsTx.immediate(change, at),
    /** The managers' panel: the settings, who is next, everyone's duty, how many wait. */
    panel() {
      const settings = store.settings();
      const next = settings.auto_assign === 1 ? nextInTurn(settings) : undefined;
      return {
        settings: settingsView(settings),
        next: next ? { id: next.id, name: next.name } : null,
        people: store.people().map(toPerson),
        waiting: store.waitingCount(),
      };
    },
    /**
     * The buyer was answered (a call or WhatsApp tap logged from the desk, or a stage change):
     * the current assignment's clock stops. Joins the caller's transaction.
     */
    answered(buyerId: number, at: number): void {
      store.answered(buyerId, at);
      store.stopWaiting(buyerId);
    },
    /**
     * Someone in the desk chose the owner (a manager's assignment, an agent taking a buyer):
     * the running clock ends and no due step moves the buyer on. Joins the caller's transaction.
     */
    ownerChosen(buyerId: number, leadId: number, ownerId: number | null, at: number): void {
      store.endCurrent(buyerId, at);
      store.stopWaiting(buyerId);
      if (ownerId === null) return;
      store.insertAssignment({
        buyerId,
        leadId,
        userId: ownerId,
        at,
        dueAt: null,
        reason: 'manual',
        attempt: 0,
      });
    },
    /**
     * A manager merged buyer `from` into `into`, whose owner is already the merged one: the
     * assignments are `into`'s, the owner's running clock (if any) runs on, and an owned buyer
     * waits for nobody. Joins the caller's transaction.
     */
    buyersMerged(from: number, into: number, at: number): void {
      store.moveBuyer(from, into, at);
      const owner = store.buyer(into)?.owner_id ?? null;
      if (owner !== null) store.stopWaiting(into);
    },
    /** The person's own buyers nobody has answered since they became theirs, soonest due first. */
    unanswered(userId: number, now: number): UnansweredAssignment[] {
      const hours = toHours(store.settings());
      return store.unanswered(userId).map((row: AssignmentRow & { latest_lead_id: number }) => ({
        leadId: row.latest_lead_id,
        assignedAt: row.assigned_at,
        dueAt: row.due_at,
        reason: row.reason,
        workingMinutesLeft: row.due_at === null ? null : workingMinutesLeft(row.due_at, now, hours),
      }));
    },
    /** The buyer's running first-response clock; undefined when none runs. */
    responseTarget(buyerId: number, now: number): ResponseTarget | undefined {
      const row = store.current(buyerId);
      if (!row || row.answered_at !== null || row.due_at === null) return undefined;
      return {
        dueAt: row.due_at,
        workingMinutesLeft: workingMinutesLeft(row.due_at, now, toHours(store.settings())),
      };
    },
    /**
     * A booking waits for a manager's decision: they are told, at once or in the summary of a
     * burst. Joins the caller's transaction.
     */
    bookingRequested(booking: {
      bookingId: number;
      leadId: number;
      plot: string;
      by: string;
      at: number;
    }): void {
      managerAlerts.raise(`booking-${booking.bookingId}`, {
        kind: 'booking',
        leadId: booking.leadId,
        plot: booking.plot,
        by: booking.by,
        at: booking.at,
      });
    },
    /** The managers' Overdue now: every buyer past their first-response target, latest first. */
    overdue,
    /** What waits for a manager: held leads, booking requests and buyers past their target. */
    waiting: (now: number) => ({ ...managerAlerts.waiting(), overdue: store.overdue(now).length }),
    /** Sends the managers' summary of a window that closed (the routing channel's send). */
    sendSummary: (payload: ManagerSummaryDuePayload, at: number): boolean =>
      sendSummaryTx.immediate(payload.windowAt, at),
    /** Performs a due step (the routing channel's send), in its own transaction. */
    runDue: (payload: RoutingDuePayload, at: number): DueOutcome =>
      runDueTx.immediate(payload.assignmentId, at),
  };
}
