import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import {
  createTempDir,
  newLead,
  startTestServer,
  type TestServer,
} from '../../test/test-server.ts';
import { createAccount } from './accounts.ts';
import type { DeskStore } from './desk-store.ts';
import type { DeskUser, Role } from './desk-types.ts';

export const PASSWORD = 'correct horse battery';

/** What a browser on the desk's own pages sends with every request. */
export const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;

export interface DeskTestServer extends TestServer {
  /** The desk's statements, on the server's own connection. */
  deskStore: DeskStore;
  addUser(email: string, role: Role, name?: string): Promise<DeskUser>;
  /** A supertest agent holding a signed-in session of `email`. */
  signIn(email: string, password?: string): Promise<TestAgent>;
  /** Stores a lead as the capture path does; returns its id. */
  storeLead(fields?: Partial<ReturnType<typeof newLead>>): number;
  remove(): Promise<void>;
}

/**
 * The server `pnpm start` runs (see `startTestServer`) on a real SQLite file in a temp dir, with
 * the desk's accounts beside it. The desk app is served from `deskDist` (by default a folder
 * that does not exist: not built).
 */
export async function startDeskTestServer(
  options: { env?: Record<string, string>; deskDist?: string } = {},
): Promise<DeskTestServer> {
  const temp = createTempDir('iconia-desk-');
  const running = await startTestServer({
    dataDir: path.join(temp.dir, 'data'),
    env: options.env ?? {},
    deskDist: options.deskDist ?? path.join(temp.dir, 'no-desk'),
  });
  const deskStore = running.desk.api.store;
  let mobile = 9_100_000_000;
  return Object.assign(running, {
    deskStore,
    addUser: (email: string, role: Role, name = email.split('@')[0] ?? email) =>
      createAccount(deskStore, { email, name, role, password: PASSWORD }, running.clock.now()),
    async signIn(email: string, password = PASSWORD) {
      const agent = request.agent(running.url);
      const res = await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
      return agent;
    },
    storeLead(fields: Partial<ReturnType<typeof newLead>> = {}) {
      mobile += 1;
      return running.store.insertLead(
        { ...newLead(String(mobile)), receivedAt: running.clock.now(), ...fields },
        0,
      ).id;
    },
    async remove() {
      await running.close();
      temp.remove();
    },
  });
}
