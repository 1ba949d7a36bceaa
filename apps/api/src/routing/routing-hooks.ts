import type Database from 'better-sqlite3';
import type { StoredLeadFacts } from '../store/lead-store.ts';
import type { ManagerAlerts } from './manager-alerts.ts';
import type { RoutingStore } from './routing-store.ts';

/**
 * What routing is told as the rest of the API changes a buyer: a lead stored or released, a
 * buyer answered, given an owner or merged, a booking requested. Each joins the caller's
 * transaction, so routing's rows change with the change they follow.
 */
export function createRoutingHooks(
  db: Database.Database,
  store: RoutingStore,
  route: (buyerId: number, leadId: number, at: number) => void,
  managerAlerts: Pick<ManagerAlerts, 'raise'>,
) {
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
      store.moveAssignments(from, into, at);
      store.moveWait(from, into);
      const owner = store.buyer(into)?.owner_id ?? null;
      if (owner !== null) store.stopWaiting(into);
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
  };
}
