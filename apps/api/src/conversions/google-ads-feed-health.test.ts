import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceHealthAnswer } from '@iconia/shared';
import {
  queuedSourceAlerts,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const USER = 'google-ads';
const PASSWORD = 'feed password 42';
const FEED = '/conversions/google-ads.csv';
const MINUTE = 60_000;

describe("the Sources screen's figures of Google Ads' conversions feed", () => {
  let t: DeskTestServer;
  let manager: TestAgent;

  const googleRow = async () => {
    manager = await t.signIn('meena@iconia.test');
    const res = await manager.get('/desk/api/source-health');
    expect(res.status, res.text).toBe(200);
    return (res.body as SourceHealthAnswer).sources.find((row) => row.origin === 'google_ads');
  };
  const alertEmails = () => queuedSourceAlerts(t);

  beforeAll(async () => {
    // The feed alone, with no Google lead form webhook: Google Ads is still listed.
    t = await startDeskTestServer({
      env: {
        GOOGLE_CONVERSIONS_USER: USER,
        GOOGLE_CONVERSIONS_PASSWORD: PASSWORD,
        GOOGLE_CONVERSION_NAMES: 'Contacted=Lead contacted, Booked=Booking',
      },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when Google reads the feed, then its stages count as sent, those reached since wait, and a fetch with a wrong password is said in words, alerted after an hour and recovered by the next good fetch', async () => {
    expect((await googleRow())?.stagesBack).toEqual({
      sentToday: 0,
      sent7Days: 0,
      waiting: 0,
      failingSince: null,
      lastError: null,
    });

    const asha = t.storeLead({ mobile: '9848000011', attribution: { gclid: 'Cj0KCQasha' } });
    const res = await manager
      .patch(`/desk/api/leads/${asha}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted' });
    expect(res.status, res.text).toBe(200);
    t.clock.advance(MINUTE);
    expect((await googleRow())?.stagesBack).toMatchObject({ sentToday: 0, waiting: 1 });

    await request(t.url).get(FEED).auth(USER, PASSWORD).expect(200);
    expect((await googleRow())?.stagesBack).toMatchObject({
      sentToday: 1,
      sent7Days: 1,
      waiting: 0,
      lastError: null,
    });

    // A stranger's guess is refused and is no failure of Google's; the schedule's old password is.
    t.clock.advance(MINUTE);
    await request(t.url).get(FEED).auth('admin', 'admin').expect(401);
    expect((await googleRow())?.stagesBack?.lastError).toBeNull();
    await request(t.url).get(FEED).auth(USER, 'last month’s password').expect(401);
    const failing = (await googleRow())?.stagesBack;
    expect(failing?.failingSince).not.toBeNull();
    expect(failing?.lastError).toMatch(
      /^Google's fetch at .+ was refused: the password is not GOOGLE_CONVERSIONS_PASSWORD/,
    );

    for (let minute = 0; minute < 61; minute += 1) {
      t.clock.advance(MINUTE);
      t.sourceHealth.check();
    }
    expect(alertEmails()).toEqual([
      expect.objectContaining({
        recovered: false,
        reason: expect.stringContaining("the last error: Google's fetch at") as unknown,
      }),
    ]);

    await request(t.url).get(FEED).auth(USER, PASSWORD).expect(200);
    t.sourceHealth.check();
    expect(alertEmails()).toEqual([
      expect.objectContaining({ recovered: false }),
      expect.objectContaining({ recovered: true }),
    ]);
    expect((await googleRow())?.stagesBack).toMatchObject({ failingSince: null, lastError: null });
  });
});
