import Database from 'better-sqlite3';
import compression from 'compression';
import { Router } from 'express';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { createDeskApi, type DeskApi } from './desk-router.ts';
import { createDeskStatic, deskHeaders } from './desk-static.ts';

/**
 * A connection of the desk's own to the lead database, which the lead store has already opened
 * and migrated (the desk's tables are among its migrations).
 */
export function openDeskDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: 5_000, fileMustExist: true });
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  return db;
}

/** Everything under /desk: the JSON API at /desk/api and the built app around it. */
export function createDesk(deps: {
  db: Database.Database;
  clock: Clock;
  logger: Logger;
  deskDist: string;
}): { router: Router; api: DeskApi } {
  const api = createDeskApi(deps);
  const router = Router();
  router.use(deskHeaders);
  router.use('/api', api.router);
  // The app's scripts and styles go out compressed, as the site's do; the API's small JSON and
  // its event stream do not pass through here.
  router.use(compression(), createDeskStatic(deps.deskDist));
  return { router, api };
}
