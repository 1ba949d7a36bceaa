import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { addDays, indiaDay } from '../../src/format/india-day.ts';
import {
  PASSWORD,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../../src/desk/desk-test-support.ts';

const CAPACITY = 4;

/** A desk signed in on one server process: its session cookie, good on every server of the file. */
async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.url}/desk/api/session`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return cookie;
}

describe('booking the last places of a slot from two server processes at once', () => {
  let setup: DeskTestServer;
  let servers: ServerProcess[] = [];

  beforeEach(async () => {
    setup = await startDeskTestServer();
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await setup.remove();
  });

  it('when N+1 desks book a slot of capacity N at the same moment through two servers on one database, then N visits are booked and one is refused with a clear 409', async () => {
    const manager = await setup.addUser('meena@iconia.test', 'manager', 'Meena');
    const slots = await (
      await setup.signIn(manager.email)
    )
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({
        slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          time: '11:30',
          capacity: CAPACITY,
        })),
      });
    expect(slots.status).toBe(200);
    const desks = await Promise.all(
      Array.from({ length: CAPACITY + 1 }, async (_, index) => ({
        email: (await setup.addUser(`agent${index}@iconia.test`, 'agent')).email,
        leadId: setup.storeLead({ name: `Buyer ${index}` }),
      })),
    );
    // The setup's own server stays open on the file beside the two: it only reads the result.
    const env = {
      DATA_DIR: setup.config.dataDir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(setup.config.dataDir, 'no-site'),
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([
      startServerProcess({ entry: SOURCE_SERVER, env }),
      startServerProcess({ entry: SOURCE_SERVER, env }),
    ]);
    // The servers run on the real clock: tomorrow in India always has its 11:30 slot to come.
    const tomorrow = addDays(indiaDay(Date.now()), 1);
    const bookings = await Promise.all(
      desks.map(async (desk, index) => {
        const server = servers[index % servers.length]!;
        return { ...desk, server, cookie: await signIn(server, desk.email) };
      }),
    );

    const answers = await Promise.all(
      bookings.map(async ({ server, cookie, leadId }) => {
        const res = await fetch(`${server.url}/desk/api/leads/${leadId}/visits`, {
          method: 'POST',
          headers: { ...SAME_ORIGIN, 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify({ date: tomorrow, time: '11:30', people: 2, pickup: false }),
        });
        return { status: res.status, body: await res.json() };
      }),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(CAPACITY).fill(201),
      409,
    ]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({
      error: expect.stringMatching(
        new RegExp(
          `^The .+ at 11:30 AM slot is full \\(${CAPACITY} visits\\)\\. Choose another slot\\.$`,
        ),
      ) as unknown,
    });
    const booked = setup.store.db
      .prepare(`SELECT count(*) FROM visits WHERE day = ? AND time = '11:30'`)
      .pluck()
      .get(tomorrow);
    expect(booked).toBe(CAPACITY);
  }, 90_000);
});
