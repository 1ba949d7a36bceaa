import compression from 'compression';
import { Router } from 'express';
import { createDeskApi, type DeskApi, type DeskRouterDeps } from './desk-router.ts';
import { createDeskStatic, deskHeaders } from '../desk/desk-static.ts';

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
export function createDesk(deps: DeskRouterDeps & { deskDist: string }): Desk {
  const api = createDeskApi(deps);
  const router = Router();
  router.use(deskHeaders);
  router.use('/api', api.router);
  // The app's scripts and styles go out compressed, as the site's do; the API's small JSON and
  // its event stream do not pass through here.
  router.use(compression(), createDeskStatic(deps.deskDist));
  return { router, api, close: () => api.events.close() };
}
