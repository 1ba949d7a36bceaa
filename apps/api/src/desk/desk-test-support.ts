import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Router } from 'express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { parseMobile, type PlotsAnswer } from '@iconia/shared';
import { createTempDir, type TestClock } from '@iconia/testkit';
import { startTestServer, type TestServer } from '../../test/in-process.ts';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import type { DeskStore } from '../desk-api/desk-store.ts';
import { SOURCE_ALERT_KIND } from '../store/source-health-schema.ts';
import type { DeskUser, Role } from './desk-types.ts';

export const PASSWORD = 'correct horse battery';

/** What a browser on the desk's own pages sends with every request. */
export const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;

export interface DeskRoute {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** As the router writes it: `/leads/:id`. */
  path: string;
  managerOnly: boolean;
}

/** Every route the desk's router registers, read from the router itself. */
export function deskRoutes(router: Router): DeskRoute[] {
  return router.stack.flatMap((layer) => {
    const route = layer.route as
      | { path: string; methods: Record<string, boolean>; stack: Array<{ name: string }> }
      | undefined;
    if (!route) return [];
    return Object.keys(route.methods).map((method) => ({
      method: method as DeskRoute['method'],
      path: route.path,
      managerOnly: route.stack.some((handler) => handler.name === 'requireManager'),
    }));
  });
}

export interface DeskTestServer extends TestServer {
  /** The desk's statements, on the server's own connection. */
  deskStore: DeskStore;
  addUser(email: string, role: Role, name?: string): Promise<DeskUser>;
  /** A supertest agent holding a signed-in session of `email`. */
  signIn(email: string, password?: string): Promise<TestAgent>;
  /**
   * Stores a lead as the capture path does, its mobile (as a visitor or a channel sends it,
   * `9876543210` or `+44 7911 123456`) in E.164; returns its id.
   */
  storeLead(fields?: Partial<ReturnType<typeof newLead>>): number;
  remove(): Promise<void>;
}

/**
 * The server `pnpm start` runs (see `startTestServer`) on a real SQLite file in a temp dir, with
 * the desk's accounts beside it. The desk app is served from `deskDist` (by default a folder
 * that does not exist: not built).
 */
export async function startDeskTestServer(
  options: { env?: Record<string, string>; deskDist?: string; clock?: TestClock } = {},
): Promise<DeskTestServer> {
  const temp = createTempDir('iconia-desk-');
  const running = await startTestServer({
    dataDir: path.join(temp.dir, 'data'),
    env: options.env ?? {},
    deskDist: options.deskDist ?? path.join(temp.dir, 'no-desk'),
    ...(options.clock && { clock: options.clock }),
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
      const lead = { ...newLead(String(mobile)), receivedAt: running.clock.now(), ...fields };
      const e164 = parseMobile(lead.mobile);
      if (e164 === undefined) throw new Error(`${lead.mobile} is not a mobile number`);
      return running.store.insertLead({ ...lead, mobile: e164 }, 0).id;
    },
    async remove() {
      await running.close();
      temp.remove();
    },
  });
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** A desk's live stream over real HTTP, collecting the events it receives. */
export function openStream(base: string, cookie: string) {
  const received: SseEvent[] = [];
  let response: IncomingMessage | undefined;
  let buffer = '';
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    get(`${base}/desk/api/events`, { headers: { Cookie: cookie } }, (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) as unknown });
        }
      });
      resolve(res);
    }).on('error', reject);
  });
  return {
    opened,
    received,
    /**
     * Resolves with the first event matching, or rejects after `ms`: a deadline for an event
     * that never comes, generous enough for a busy machine, not a figure the test checks.
     */
    async next(match: (event: SseEvent) => boolean, ms = 10_000): Promise<SseEvent> {
      const started = Date.now();
      while (Date.now() - started < ms) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(received)}`);
    },
    close: () => response?.destroy(),
  };
}

export async function cookieOf(t: DeskTestServer, email: string): Promise<string> {
  const res = await request(t.url)
    .post('/desk/api/session')
    .set(SAME_ORIGIN)
    .send({ email, password: PASSWORD });
  return /^desk_session=[^;]+/.exec(res.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';
}

/** Imports a plot CSV as `manager`, which must succeed, and returns each plot's id by its number. */
export async function importPlots(manager: TestAgent, csv: string): Promise<Map<string, number>> {
  const res = await manager
    .post('/desk/api/plots/import')
    .set(SAME_ORIGIN)
    .set('Content-Type', 'text/csv')
    .send(csv);
  if (res.status !== 200) throw new Error(`the plot import answered ${res.status}: ${res.text}`);
  const listed = (await manager.get('/desk/api/plots')).body as PlotsAnswer;
  return new Map(listed.plots.map((row) => [row.number, row.id]));
}

/** The managers' source alert emails queued so far, oldest first: raised, then recovered. */
export function queuedSourceAlerts(
  server: TestServer,
): Array<{ recovered: boolean; reason: string }> {
  return server.store.db
    .prepare(`SELECT payload FROM deliveries WHERE kind = ? ORDER BY id`)
    .pluck()
    .all(SOURCE_ALERT_KIND)
    .map((payload) => JSON.parse(payload as string) as { recovered: boolean; reason: string });
}
