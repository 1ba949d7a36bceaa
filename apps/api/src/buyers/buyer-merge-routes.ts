import { buyerMergeAnswerSchema, buyerMergeSchema, type BuyerMergeAnswer } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from '../desk/auth.ts';
import { pathId } from '../desk/desk-input.ts';
import type { BuyerStore } from './buyer-store.ts';
import { routeFor } from '../desk/route.ts';
import type { BuyerMerge } from './buyer-merge.ts';
import { toLeadRow } from './lead-json.ts';
import { findLead } from './lead-work.ts';

export interface BuyerMergeRouteDeps {
  merge: BuyerMerge;
  store: BuyerStore;
  clock: Clock;
  logger: Logger;
  /** Called once a merge queued a message for the CRM endpoints, so it goes out at once. */
  onQueued?: (() => void) | undefined;
}

const route = routeFor<BuyerMergeRouteDeps>();

/** A manager merges the buyer of the path into another (docs/desk-api.md). */
export const buyerMergeRoutes = [
  route({
    method: 'post',
    path: '/buyers/{id}/merge',
    summary: 'Merge this buyer into another',
    who: 'manager',
    description:
      'The same person wrote from two numbers, or a lead came without a usable mobile. In one transaction every enquiry (with its notes and timeline), visit, plot hold, booking and plot history line and routing assignment of this buyer becomes the `into` buyer’s, and this buyer is deleted. The work is combined: the furthest open stage (Lost only when neither is past New and one is lost), the furthest stage, the earliest follow-up and first contact, and the owner of `into`, else this buyer’s; `into` keeps its mobile, or takes this buyer’s when it has none. The timeline says "Merged with another buyer" with the manager’s name, and the CRM endpoints get `lead.updated` naming every lead of the merged buyer when the stage or owner of some of those leads changed. 400 for a buyer merged with themselves; 404 for an unknown buyer (of the path or of `into`); 409 for an erased buyer, for two buyers that each have a booked plot, or when one buyer would hold two of what a buyer has one of.',
    body: buyerMergeSchema,
    answer: {
      status: 200,
      description: 'The buyer who stayed, as the inbox lists them now.',
      json: buyerMergeAnswerSchema,
    },
    errors: [409],
    handle: ({ req, res, body: { into } }, deps): BuyerMergeAnswer => {
      const from = pathId(req, 'There is no buyer with this id.');
      const user = currentUser(res);
      const merged = deps.merge.merge(from, into, user, deps.clock.now());
      deps.logger.info({ userId: user.id, from, into }, 'buyers merged');
      if (merged.announced) deps.onQueued?.();
      return { lead: toLeadRow(findLead(deps.store, merged.leadId)) };
    },
  }),
];
