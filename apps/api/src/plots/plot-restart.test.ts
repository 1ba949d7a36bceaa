import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Plot } from '@iconia/shared';
import { createTempDir, createTestClock, START_TIME, type TempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';

const HOUR = 3_600_000;

describe('a hold that expires while the server is stopped', () => {
  let temp: TempDir;
  let t: TestServer | undefined;

  beforeEach(() => {
    temp = createTempDir('iconia-plots-restart-');
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    temp.remove();
  });

  const start = (at: number) =>
    startTestServer({ dataDir: path.join(temp.dir, 'data'), clock: createTestClock(at) });
  const signIn = async (server: TestServer, email: string) => {
    const agent = request.agent(server.url);
    await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password: PASSWORD });
    return agent;
  };

  it('when the server starts again after the expiry, then the plot is available again, once', async () => {
    t = await start(START_TIME);
    const now = t.clock.now();
    await createAccount(
      t.desk.api.store,
      { email: 'm@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      now,
    );
    await createAccount(
      t.desk.api.store,
      { email: 'a@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      now,
    );
    const leadId = t.store.insertLead({ ...newLead('+919876543210'), receivedAt: now }, 0).id;
    const manager = await signIn(t, 'm@iconia.test');
    await manager
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send('number,phase,size_sq_yd,facing,corner,price\nA-1,Phase 1,200,East,no,4000000\n');
    const agent = await signIn(t, 'a@iconia.test');
    const held = await agent.post('/desk/api/plots/1/hold').set(SAME_ORIGIN).send({ leadId });
    expect((held.body as { plot: Plot }).plot.status).toBe('held');
    await t.close();

    t = await start(START_TIME + 49 * HOUR);
    await t.plots.drain();
    const after = await signIn(t, 'a@iconia.test');
    const plot = await after.get('/desk/api/plots/1');
    expect((plot.body as { plot: Plot }).plot).toMatchObject({ status: 'available', hold: null });
    const expired = t.store.db
      .prepare(`SELECT count(*) FROM plot_events WHERE type = 'expired'`)
      .pluck()
      .get();
    expect(expired).toBe(1);
    expect(await t.plots.drain()).toBe(0);
  });
});
