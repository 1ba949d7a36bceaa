import type { RequestHandler, Router } from 'express';
import { buyerMergeSchema, type BuyerMergeAnswer } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from './auth.ts';
import type { BuyerMerge } from './buyer-merge.ts';
import { parse, pathId } from './desk-input.ts';
import type { DeskStore } from './desk-store.ts';
import { findLead } from './lead-work.ts';
import { toLeadRow } from './lead-json.ts';

export interface BuyerMergeRouteDeps {
  merge: BuyerMerge;
  store: DeskStore;
  clock: Clock;
  logger: Logger;
  requireSession: RequestHandler;
  requireManager: RequestHandler;
  /** Called once a merge queued a message for the CRM endpoints, so it goes out at once. */
  onQueued?: (() => void) | undefined;
}

/** A manager merges the buyer of the path into another (docs/desk-api.md). */
export function registerBuyerMergeRoutes(router: Router, deps: BuyerMergeRouteDeps): void {
  const { merge, store, clock, logger, requireSession, requireManager } = deps;

  router.post('/buyers/:id/merge', requireSession, requireManager, (req, res) => {
    const from = pathId(req, 'There is no buyer with this id.');
    const { into } = parse(buyerMergeSchema, req.body);
    const user = currentUser(res);
    const merged = merge.merge(from, into, user, clock.now());
    logger.info({ userId: user.id, from, into }, 'buyers merged');
    if (merged.announced) deps.onQueued?.();
    const answer: BuyerMergeAnswer = { lead: toLeadRow(findLead(store, merged.leadId)) };
    res.json(answer);
  });
}
