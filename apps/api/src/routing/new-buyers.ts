import { dueText, nextInTurn, type AssignBuyer } from './assign-buyer.ts';
import type { RoutingStore, SettingsRow } from './routing-store.ts';

/**
 * Who gets a buyer that needs someone: a returning buyer stays with their owner, a new one goes
 * to the next person on duty in turn, and with nobody to take them they wait. Each step joins the
 * caller's transaction.
 */
export function createNewBuyers(
  store: RoutingStore,
  { assign, event }: AssignBuyer,
  claimOwner?: (buyerId: number) => number | undefined,
) {
  /** Back to the owner, on a fresh clock that only shows; false when the owner is gone. */
  function toOwner(
    buyerId: number,
    leadId: number,
    ownerId: number,
    settings: SettingsRow,
    at: number,
  ): boolean {
    const owner = store.person(ownerId);
    if (!owner) return false;
    const brokers = buyerIsClaimed(buyerId, ownerId);
    const { dueAt } = assign(
      { buyerId, leadId, reason: 'returning', attempt: 0, reassignOnDue: false },
      owner,
      settings,
      at,
    );
    const whose = brokers ? 'who owns their channel partner' : 'their buyer';
    event(buyerId, leadId, at, `New enquiry: with ${owner.name}, ${whose}; ${dueText(dueAt)}`);
    return true;
  }

  /** Whether `ownerId` has the buyer because a channel partner they own claimed them. */
  function buyerIsClaimed(buyerId: number, ownerId: number): boolean {
    return claimOwner?.(buyerId) === ownerId;
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
      if (toOwner(buyerId, leadId, buyer.owner_id, settings, at)) return;
    }
    // A channel partner's client goes to the person who owns the partner.
    const brokerOwner = claimOwner?.(buyerId);
    const active = brokerOwner !== undefined && store.person(brokerOwner)?.disabled_at === null;
    if (active && toOwner(buyerId, leadId, brokerOwner, settings, at)) return;
    const next = settings.auto_assign === 1 ? nextInTurn(store, settings) : undefined;
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
      const next = nextInTurn(store, settings);
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

  return { route, handOutWaiting };
}
