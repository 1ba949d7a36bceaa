import type { LeadMessageRoute, LeadStore, StoredLead } from '../store/lead-store.ts';
import type { Routing } from './routing.ts';

/**
 * Lets a lead held over the per-address limit through, in one transaction: its messages go in
 * the outbox due now (the sales email, then each other route), and its buyer is routed as if the
 * lead came in now. The CLI's `leads release` and the desk alike call this. Returns the lead as
 * stored now, or undefined when it is gone.
 */
export function releaseHeldLead(
  store: LeadStore,
  routing: Pick<Routing, 'leadReleased'>,
  lead: Pick<StoredLead, 'publicId'>,
  now: number,
  otherRoutes: readonly LeadMessageRoute[] = [],
): StoredLead | undefined {
  return store.db.transaction(() => {
    const queued = store.requeueLead(lead.publicId, now);
    if (!queued) return undefined;
    for (const route of otherRoutes) store.requeueLead(lead.publicId, now, route);
    routing.leadReleased(queued.buyerId, queued.id, now);
    return queued;
  })();
}
