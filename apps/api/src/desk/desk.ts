import type Database from 'better-sqlite3';
import compression from 'compression';
import { Router } from 'express';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ErasureLedger } from '../privacy/erasure-ledger.ts';
import type { SourceHealth } from '../intake/source-health.ts';
import type { Routing } from '../routing/routing.ts';
import type { LeadMessageRoute, LeadStore } from '../store/lead-store.ts';
import { createDeskApi, type DeskApi } from './desk-router.ts';
import { createDeskStatic, deskHeaders } from './desk-static.ts';

export interface Desk {
  /** Mount at `/desk`. */
  router: Router;
  api: DeskApi;
  /** Ends every live-events stream and stops its timer; the server is stopping. */
  close(): void;
}

/**
 * Everything under /desk: the JSON API at /desk/api and the built app around it. `db` is the
 * lead store's own connection (the desk's tables are among its migrations).
 */
export function createDesk(deps: {
  db: Database.Database;
  clock: Clock;
  logger: Logger;
  deskDist: string;
  ledger: ErasureLedger;
  webhookChannels?: readonly string[];
  onQueued?: () => void;
  onEmailQueued?: () => void;
  sourceHealth: Pick<SourceHealth, 'report'>;
  routing: Routing;
  leads: LeadStore;
  leadRoutes?: readonly LeadMessageRoute[];
  messageIdDomain?: string;
  pushPublicKey: string;
  pushServices: readonly string[];
}): Desk {
  const api = createDeskApi(deps);
  const router = Router();
  router.use(deskHeaders);
  router.use('/api', api.router);
  // The app's scripts and styles go out compressed, as the site's do; the API's small JSON and
  // its event stream do not pass through here.
  router.use(compression(), createDeskStatic(deps.deskDist));
  return { router, api, close: () => api.events.close() };
}
