import type { AssignmentReason } from '@iconia/shared';
import { nextInTurn, toHours } from './assign-buyer.ts';
import type { ManagerAlerts, OverdueAssignment } from './manager-alerts.ts';
import type { PersonRow, RoutingStore, SettingsRow } from './routing-store.ts';
import { formatClockTime, workingMinutesBetween, type WorkingHours } from './working-hours.ts';

/** What routing shows: duty, the settings and panel, and each response clock as it runs. */

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

export const toPerson = (row: PersonRow): PersonOnDuty => ({
  id: row.id,
  name: row.name,
  role: row.role,
  onDuty: row.on_duty === 1,
});

function settingsView(row: SettingsRow): RoutingSettingsView {
  return {
    autoAssign: row.auto_assign === 1,
    targetMinutes: row.target_minutes,
    workStart: formatClockTime(row.start_minute),
    workEnd: formatClockTime(row.end_minute),
  };
}

/** Every buyer past their first-response target, the latest first. */
export function overdueBuyers(store: RoutingStore, now: number): OverdueAssignment[] {
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

export function createRoutingViews(
  store: RoutingStore,
  managerAlerts: Pick<ManagerAlerts, 'waiting'>,
) {
  return {
    duty(userId: number): PersonOnDuty | undefined {
      const person = store.person(userId);
      return person && person.disabled_at === null ? toPerson(person) : undefined;
    },
    settings: () => settingsView(store.settings()),
    /** The managers' panel: the settings, who is next, everyone's duty, how many wait. */
    panel() {
      const settings = store.settings();
      const next = settings.auto_assign === 1 ? nextInTurn(store, settings) : undefined;
      return {
        settings: settingsView(settings),
        next: next ? { id: next.id, name: next.name } : null,
        people: store.people().map(toPerson),
        waiting: store.waitingCount(),
      };
    },
    /** The person's own buyers nobody has answered since they became theirs, soonest due first. */
    unanswered(userId: number, now: number): UnansweredAssignment[] {
      const hours = toHours(store.settings());
      return store.unanswered(userId).map((row) => ({
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
    /** The managers' Overdue now: every buyer past their first-response target, latest first. */
    overdue: (now: number) => overdueBuyers(store, now),
    /** What waits for a manager: held leads, booking requests and buyers past their target. */
    waiting: (now: number) => ({ ...managerAlerts.waiting(), overdue: store.overdue(now).length }),
  };
}
