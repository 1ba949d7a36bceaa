import type Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { createAssignBuyer } from './assign-buyer.ts';
import { createDueSteps } from './due-steps.ts';
import { createDutyAndSettings } from './duty-and-settings.ts';
import { createManagerAlerts } from './manager-alerts.ts';
import { createNewBuyers } from './new-buyers.ts';
import { createRoutingHooks } from './routing-hooks.ts';
import { createRoutingNotices, type RoutingNoticeOptions } from './routing-notices.ts';
import { createRoutingStore } from './routing-store.ts';
import { createRoutingViews, overdueBuyers } from './routing-views.ts';

/**
 * Who gets a buyer, as a use case of its own. Every step runs inside a transaction on the lead
 * store's connection: a new lead's assignment in the transaction that stores it, a desk's answer
 * in the desk's write, a due reassignment in the outbox step that performs it. The state is all
 * in the database (the round robin's pointer included), so several instances of this object on
 * one file, or a restart, see the same turn.
 */

export interface RoutingOptions extends RoutingNoticeOptions {
  /** The outbox channels of the CRM endpoints, told of each new owner as the desk tells them. */
  webhookChannels?: readonly string[];
  /**
   * The desk account that owns the channel partner whose claim the buyer is under: a claimed
   * buyer goes to that person rather than in turn.
   */
  claimOwner?: ((buyerId: number) => number | undefined) | undefined;
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

/**
 * Routing on `db`: the hooks the rest of the API calls as it changes a buyer, the changes of
 * duty and settings, what routing shows, and the steps its channel performs when they fall due.
 */
export function createRouting(db: Database.Database, options: RoutingOptions) {
  const store = createRoutingStore(db);
  const managerAlerts = createManagerAlerts(db, options, (now) => overdueBuyers(store, now));
  const notices = createRoutingNotices(db, options, managerAlerts);
  const assigner = createAssignBuyer({
    store,
    outbox: createOutboxStatements(db),
    notices,
    webhookChannels: options.webhookChannels ?? [],
  });
  const { route, handOutWaiting } = createNewBuyers(store, assigner, options.claimOwner);
  return {
    ...createRoutingHooks(db, store, route, managerAlerts),
    ...createDutyAndSettings(db, store, handOutWaiting),
    ...createRoutingViews(store, managerAlerts),
    ...createDueSteps(db, { store, assigner, notices, managerAlerts }),
  };
}
