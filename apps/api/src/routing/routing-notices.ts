import type Database from 'better-sqlite3';
import { toLead, type LeadRow, type StoredLead } from '../store/lead-types.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { createPushStore } from '../push/index.ts';
import {
  agentAlertMessage,
  managerAlertMessage,
  type ManagerAlertEvent,
} from './routing-messages.ts';
import type { AssignmentRow, PersonRow, SettingsRow } from './routing-store.ts';
import type { ManagerAlerts } from './manager-alerts.ts';

export interface RoutingNoticeOptions {
  /** The domain of the emails' Message-IDs (the sender's). */
  messageIdDomain: string;
  /** Who gets the managers' alert when no manager account is active: the sales inbox. */
  fallbackTo: ReadonlyArray<{ name: string; email: string }>;
}

export type RoutingNotices = ReturnType<typeof createRoutingNotices>;

type LeadOf = (buyerId: number, leadId: number | null) => StoredLead | undefined;

interface ManagerAlertNotice {
  event: ManagerAlertEvent;
  missed: AssignmentRow;
  missedBy: { id: number; name: string };
  nowWith: { id: number; name: string };
  settings: SettingsRow;
  at: number;
}

/** The enquiry an alert is about: the assignment's own, else the buyer's latest. */
function createLeadOf(db: Database.Database): LeadOf {
  const leadRow = db.prepare<[number], LeadRow>(`SELECT * FROM lead_rows WHERE id = ?`);
  const latestOfBuyer = db.prepare<[number], LeadRow>(
    `SELECT r.* FROM lead_rows r JOIN buyers b ON b.latest_lead_id = r.id WHERE b.id = ?`,
  );
  return (buyerId, leadId) => {
    const row = (leadId === null ? undefined : leadRow.get(leadId)) ?? latestOfBuyer.get(buyerId);
    return row ? toLead(row) : undefined;
  };
}

/** The managers' alert of one missed assignment, sent at once: a push per device and an email. */
function createTellManagers(db: Database.Database, options: RoutingNoticeOptions) {
  const outbox = createOutboxStatements(db);
  const pushes = createPushStore(db);
  const managers = db.prepare<[], { name: string; email: string }>(
    `SELECT name, email FROM desk_users WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`,
  );
  return (alert: ManagerAlertNotice, lead: StoredLead): void => {
    const { missed } = alert;
    const active = managers.all();
    pushes.queueToManagers({
      alertId: `manager-alert-${missed.id}`,
      leadId: lead.id,
      alert: {
        kind: 'manager',
        event: alert.event,
        missedBy: alert.missedBy.name,
        nowWith: alert.nowWith.name,
        targetMinutes: alert.settings.target_minutes,
      },
      dueAt: alert.at,
    });
    outbox.queueOnce(
      managerAlertMessage({
        event: alert.event,
        lead,
        missed: {
          id: missed.id,
          attempt: missed.attempt,
          assignedAt: missed.assigned_at,
          dueAt: missed.due_at ?? alert.at,
          agent: alert.missedBy,
        },
        nowWith: alert.nowWith,
        to: active.length > 0 ? active : options.fallbackTo,
        targetMinutes: alert.settings.target_minutes,
        at: alert.at,
        messageIdDomain: options.messageIdDomain,
      }),
    );
  };
}

/**
 * The alerts of routing's steps, queued in the step's transaction with ids of their own (one per
 * assignment): an email and a push to each device that turned alerts on, so a step run twice
 * queues each once.
 */
export function createRoutingNotices(
  db: Database.Database,
  options: RoutingNoticeOptions,
  managerAlerts: Pick<ManagerAlerts, 'raise'>,
) {
  const outbox = createOutboxStatements(db);
  const pushes = createPushStore(db);
  const leadOf = createLeadOf(db);
  const tellManagers = createTellManagers(db, options);

  return {
    /** The person a buyer was just handed to: who to call and by when. */
    agentAlert(
      assignment: Pick<AssignmentRow, 'id' | 'buyer_id' | 'lead_id' | 'reason' | 'attempt'> & {
        assigned_at: number;
        due_at: number;
      },
      person: PersonRow,
      settings: SettingsRow,
    ): void {
      const lead = leadOf(assignment.buyer_id, assignment.lead_id);
      if (!lead) return;
      outbox.queueOnce(
        agentAlertMessage({
          lead,
          assignment: {
            id: assignment.id,
            reason: assignment.reason,
            attempt: assignment.attempt,
            assignedAt: assignment.assigned_at,
            dueAt: assignment.due_at,
          },
          agent: { name: person.name, email: person.email },
          targetMinutes: settings.target_minutes,
          messageIdDomain: options.messageIdDomain,
        }),
      );
      pushes.queueToUser(person.id, {
        alertId: `agent-alert-${assignment.id}`,
        leadId: lead.id,
        alert: { kind: 'assigned', returning: assignment.reason === 'returning' },
        dueAt: assignment.assigned_at,
      });
    },
    /**
     * The managers, once per assignment that ran out (false when that alert was raised before:
     * the step already ran): at once, or in the summary of a burst.
     */
    managersAlert(alert: ManagerAlertNotice): boolean {
      const { missed } = alert;
      const lead = leadOf(missed.buyer_id, missed.lead_id);
      if (!lead) return false;
      return managerAlerts.raise(
        `late-${missed.id}`,
        {
          kind: 'late',
          leadId: lead.id,
          event: alert.event,
          missedBy: alert.missedBy.name,
          nowWith: alert.nowWith.name,
          attempt: missed.attempt,
          targetMinutes: alert.settings.target_minutes,
          at: alert.at,
        },
        () => tellManagers(alert, lead),
      );
    },
  };
}
