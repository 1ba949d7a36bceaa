import type Database from 'better-sqlite3';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { createManagerAlertStore } from '../store/manager-alert-store.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { createPushStore } from '../push/index.ts';
import {
  MANAGER_SUMMARY_KIND,
  MANAGER_SUMMARY_WINDOW_MS,
  type ManagerSummaryItem,
  type ManagerSummaryPayload,
} from '../store/routing-alert-payloads.ts';
import { ROUTING_CHANNEL } from './routing-messages.ts';

/**
 * What the managers are told, gathered so a burst reaches them as one message. The first alert
 * after five quiet minutes goes at once; each one after it, until five minutes have passed, waits
 * for the summary due when they have, a message on the routing channel like a due reassignment.
 * That step marks its items told and queues one email and one push per manager's device, all in
 * one transaction with ids of their own: a restart loses none, a step run twice sends none twice.
 * One window serves every manager, as every manager is told of everything.
 */

/** The routing channel's step that sends the summary of one window. */
export const MANAGER_SUMMARY_DUE_KIND = 'routing.manager-summary-due';

export interface ManagerSummaryDuePayload {
  windowAt: number;
}

/** A buyer past their first-response target, for the managers' Overdue now. */
export interface OverdueAssignment {
  leadId: number;
  holder: { id: number; name: string };
  dueAt: number;
  workingMinutesLate: number;
}

export interface ManagerAlertOptions {
  messageIdDomain: string;
  /** Who gets the managers' emails when no manager account is active: the sales inbox. */
  fallbackTo: ReadonlyArray<{ name: string; email: string }>;
}

const DAY_MS = 86_400_000;

export type ManagerAlerts = ReturnType<typeof createManagerAlerts>;

interface SummaryQueueDeps {
  store: ReturnType<typeof createManagerAlertStore>;
  outbox: ReturnType<typeof createOutboxStatements>;
  options: ManagerAlertOptions;
  overdue: (now: number) => OverdueAssignment[];
}

/**
 * Queues the managers' summary: one email to the managers (the sales inbox when there is none)
 * and one push to each of their devices, telling of `items` and of who is late now.
 */
function createSummaryQueue(
  db: Database.Database,
  { store, outbox, options, overdue }: SummaryQueueDeps,
) {
  const pushes = createPushStore(db);
  const managers = db.prepare<[], { name: string; email: string }>(
    `SELECT name, email FROM desk_users WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`,
  );

  /** The active managers; the sales inbox when there is none. */
  function recipients(): Array<{ name: string; email: string }> {
    const active = managers.all();
    return active.length > 0 ? active : [...options.fallbackTo];
  }

  return (id: string, items: ManagerSummaryItem[], at: number): void => {
    const lateNow = overdue(at);
    const waiting = store.waiting();
    const payload: ManagerSummaryPayload = {
      to: recipients().map((manager) => ({ name: manager.name, address: manager.email })),
      at,
      items,
      overdue: lateNow.map((buyer) => ({
        leadId: buyer.leadId,
        with: buyer.holder.name,
        workingMinutesLate: buyer.workingMinutesLate,
      })),
      waiting,
    };
    outbox.queueOnce({
      messageId: `<routing-manager-${id}@${options.messageIdDomain}>`,
      channel: EMAIL_CHANNEL,
      kind: MANAGER_SUMMARY_KIND,
      payload,
      dueAt: at,
    });
    const late = items.filter((item) => item.kind === 'late');
    const moved = late.filter((item) => item.event === 'reassigned').length;
    const count = (kind: ManagerSummaryItem['kind']) =>
      items.filter((item) => item.kind === kind).length;
    pushes.queueToManagers({
      alertId: `manager-${id}`,
      alert: {
        kind: 'summary',
        moved,
        notCalled: late.length - moved,
        overdue: lateNow.length,
        held: count('held'),
        bookings: count('booking'),
      },
      dueAt: at,
    });
  };
}

export function createManagerAlerts(
  db: Database.Database,
  options: ManagerAlertOptions,
  overdue: (now: number) => OverdueAssignment[],
) {
  const store = createManagerAlertStore(db);
  const outbox = createOutboxStatements(db);
  const queueSummary = createSummaryQueue(db, { store, outbox, options, overdue });

  return {
    /**
     * Tells the managers of `item`, once per `key` (false when it was told or gathered before):
     * at once when nothing went to them in the last five minutes (by `atOnce`, or a message of
     * this one item), else in the summary of the window open now. Joins the caller's transaction.
     */
    raise(key: string, item: ManagerSummaryItem, atOnce?: () => void): boolean {
      const open = store.openWindow();
      if (open !== undefined) return store.add({ key, item, windowAt: open, toldAt: null });
      const last = store.lastTold();
      if (last === undefined || item.at >= last + MANAGER_SUMMARY_WINDOW_MS) {
        if (!store.add({ key, item, windowAt: item.at, toldAt: item.at })) return false;
        store.forgetToldBefore(item.at - DAY_MS);
        if (atOnce) atOnce();
        else queueSummary(key, [item], item.at);
        return true;
      }
      const windowAt = last + MANAGER_SUMMARY_WINDOW_MS;
      if (!store.add({ key, item, windowAt, toldAt: null })) return false;
      const payload: ManagerSummaryDuePayload = { windowAt };
      outbox.queueOnce({
        messageId: `routing-manager-summary:${windowAt}`,
        channel: ROUTING_CHANNEL,
        kind: MANAGER_SUMMARY_DUE_KIND,
        payload,
        dueAt: windowAt,
      });
      return true;
    },
    /** How many held leads and booking requests wait for a manager. */
    waiting: () => store.waiting(),
    /**
     * The window's summary, once: its items are marked told as it is queued, so running the step
     * again finds nothing. False when there was nothing to tell. Joins the caller's transaction.
     */
    sendSummary(windowAt: number, now: number): boolean {
      const items = store.tell(windowAt, now);
      if (items.length === 0) return false;
      queueSummary(`summary-${windowAt}`, items, now);
      return true;
    },
  };
}
