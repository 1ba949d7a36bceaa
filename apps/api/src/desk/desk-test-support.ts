import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import {
  createCapturingLogger,
  createTempDir,
  createTestApp,
  newLead,
  type TestApp,
} from '../../test/test-app.ts';
import { createApp } from '../app.ts';
import { DUPLICATE_WINDOW_MS } from '../leads/capture-lead.ts';
import { createGroupCommit } from '../store/group-commit.ts';
import { createAccount } from './accounts.ts';
import { openDeskDatabase } from './desk.ts';
import { createDeskStore, type DeskStore } from './desk-store.ts';
import type { DeskUser, Role } from './desk-types.ts';

export const PASSWORD = 'correct horse battery';

/** What a browser on the desk's own pages sends with every request. */
export const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;

export interface DeskTestApp extends TestApp {
  desk: DeskStore;
  addUser(email: string, role: Role, name?: string): Promise<DeskUser>;
  /** A supertest agent holding a signed-in session of `email`. */
  signIn(email: string, password?: string): Promise<TestAgent>;
  /** Stores a lead as the capture path does; returns its id. */
  storeLead(fields?: Partial<ReturnType<typeof newLead>>): number;
  remove(): Promise<void>;
}

/**
 * The real app on a real SQLite file in a temp dir, with the desk's accounts beside it. The desk
 * app is served from `deskDist` (by default a folder that does not exist: not built).
 */
export function createDeskTestApp(
  options: { env?: Record<string, string>; deskDist?: string } = {},
): DeskTestApp {
  const temp = createTempDir('iconia-desk-');
  const test = createTestApp({ dataDir: path.join(temp.dir, 'data'), env: options.env ?? {} });
  const config = { ...test.config, deskDist: options.deskDist ?? path.join(temp.dir, 'no-desk') };
  const app = createApp({
    config,
    store: test.store,
    insertLead: createGroupCommit(test.store, DUPLICATE_WINDOW_MS),
    mailer: test.mailer,
    clock: test.clock,
    logger: createCapturingLogger().logger,
    delivery: test.worker,
  });
  const t = { ...test, app, config };
  const db = openDeskDatabase(t.config.databaseFile);
  const desk = createDeskStore(db);
  let mobile = 9_100_000_000;
  return {
    ...t,
    desk,
    addUser: (email, role, name = email.split('@')[0] ?? email) =>
      createAccount(desk, { email, name, role, password: PASSWORD }, t.clock.now()),
    async signIn(email, password = PASSWORD) {
      const agent = request.agent(t.app);
      const res = await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
      return agent;
    },
    storeLead(fields = {}) {
      mobile += 1;
      return t.store.insertLead(
        { ...newLead(String(mobile)), receivedAt: t.clock.now(), ...fields },
        0,
      ).id;
    },
    async remove() {
      db.close();
      await t.close();
      temp.remove();
    },
  };
}
