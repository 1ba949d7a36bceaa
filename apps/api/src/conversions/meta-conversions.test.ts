import { createHash } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startConversionsApi, type ConversionsApi } from '@iconia/testkit';
import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
import type { SourceHealthAnswer } from '@iconia/shared';
import { indiaDay } from '../format/india-day.ts';
import {
  importPlots,
  queuedSourceAlerts,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const DATASET_ID = '1234567890123';
const TOKEN = 'EAAGconversionsToken';
const MINUTE = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the desk's stages sent to Meta's Conversions API for CRM", () => {
  let api: ConversionsApi;
  let t: DeskTestServer;
  let manager: TestAgent;
  let now = () => Date.now();

  beforeAll(async () => {
    api = await startConversionsApi({
      version: GRAPH_API_VERSION,
      datasetId: DATASET_ID,
      accessToken: TOKEN,
      now: () => now(),
    });
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    api.events.length = 0;
    api.requests.length = 0;
    api.recover();
    t = await startDeskTestServer({
      env: {
        META_DATASET_ID: DATASET_ID,
        META_CONVERSIONS_TOKEN: TOKEN,
        META_GRAPH_URL: api.url,
      },
    });
    now = () => t.clock.now();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
  });

  const worker = () => {
    if (!t.metaConversions) throw new Error('the Conversions API worker is off');
    return t.metaConversions;
  };
  const move = async (leadId: number, stage: string) => {
    const res = await manager
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ stage, ...(stage === 'lost' ? { lostReason: 'Budget too low' } : {}) });
    expect(res.status, res.text).toBe(200);
    t.clock.advance(MINUTE);
  };
  /** Books the buyer's site visit for later today: the desk moves them to Site visit scheduled. */
  const bookVisit = async (leadId: number): Promise<number> => {
    const res = await manager
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: indiaDay(t.clock.now()), time: '16:30', people: 2, pickup: false });
    expect(res.status, res.text).toBe(201);
    t.clock.advance(MINUTE);
    return (res.body as { visit: { id: number } }).visit.id;
  };
  /** The buyer arrives for the visit: the desk moves them to Site visit done. */
  const checkIn = async (visitId: number) => {
    const res = await manager
      .post(`/desk/api/visits/${visitId}/check-in`)
      .set(SAME_ORIGIN)
      .send({ arrival: 'arrived' });
    expect(res.status, res.text).toBe(200);
    t.clock.advance(MINUTE);
  };
  /** A manager approves the booking of a plot held for the buyer: the desk moves them to Booked. */
  const bookPlot = async (leadId: number) => {
    const plots = await importPlots(
      manager,
      'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status\nA-12,Phase 1,240,East,no,4500000,,',
    );
    for (const [path, status] of [
      ['hold', 201],
      ['booking', 201],
      ['booking/approve', 200],
    ] as const) {
      const res = await manager
        .post(`/desk/api/plots/${plots.get('A-12')}/${path}`)
        .set(SAME_ORIGIN)
        .send(path === 'hold' ? { leadId } : {});
      expect(res.status, res.text).toBe(status);
    }
    t.clock.advance(MINUTE);
  };
  const pendingForMeta = () =>
    t.store.db
      .prepare(
        `SELECT count(*) FROM deliveries WHERE channel = 'meta-conversions' AND status = 'pending'`,
      )
      .pluck()
      .get() as number;
  /** Sends whatever is due, as often as the earlier stages of a lead make the later ones wait. */
  const sendAll = async () => {
    for (let round = 0; round < 10 && pendingForMeta() > 0; round += 1) {
      await worker().drain();
      t.clock.advance(1_000);
    }
  };
  const metaLead = (leadgenId: string, mobile: string) =>
    t.storeLead({
      name: 'Asha Rao',
      mobile,
      origin: 'meta',
      externalId: leadgenId,
    });

  it('when a lead ad’s buyer moves New → Contacted → Visit done → Booked, then Meta gets every stage in order, once each, by the lead’s id', async () => {
    const asha = metaLead('2345678901234567', '9848000011');
    await move(asha, 'contacted');
    await sendAll();
    await checkIn(await bookVisit(asha));
    await bookPlot(asha);
    await sendAll();
    // Nothing is sent again however often the worker runs.
    t.clock.advance(60 * MINUTE);
    await sendAll();

    expect(api.events.map((event) => event.event_name)).toEqual([
      'New',
      'Contacted',
      'Site visit scheduled',
      'Site visit done',
      'Booked',
    ]);
    expect(new Set(api.events.map((event) => event.event_id)).size).toBe(5);
    expect(api.events[1]).toMatchObject({
      action_source: 'system_generated',
      user_data: { lead_id: '2345678901234567' },
      custom_data: { event_source: 'crm', lead_event_source: 'Elegant Iconia desk' },
    });
    expect(api.requests.every((request) => request.accepted)).toBe(true);
  });

  it('when a lead arrives, then Meta hears New before anyone moves it, and a returning buyer’s new Meta lead hears every stage the buyer reached', async () => {
    metaLead('1234567890123450', '9848000021');
    await sendAll();
    expect(api.events.map((event) => [event.event_name, event.user_data.lead_id])).toEqual([
      ['New', '1234567890123450'],
    ]);

    const site = t.storeLead({ mobile: '9848000022' });
    await move(site, 'contacted');
    metaLead('1234567890123451', '9848000022');
    await sendAll();
    expect(api.events.slice(1).map((event) => [event.event_name, event.user_data.lead_id])).toEqual(
      [
        ['New', '1234567890123451'],
        ['Contacted', '1234567890123451'],
      ],
    );
  });

  it('when a buyer is moved to Lost, then Meta hears New and Lost', async () => {
    const ravi = metaLead('3456789012345678', '9848000012');
    await move(ravi, 'lost');
    await sendAll();

    expect(api.events.map((event) => event.event_name)).toEqual(['New', 'Lost']);
  });

  it('when a site lead came from a Meta ad (fbclid), then the event carries fbc and the hashed phone and email, never the number in the clear', async () => {
    const kiran = t.storeLead({
      name: 'Kiran',
      mobile: '9848000013',
      email: 'Kiran.Kumar@Example.com ',
      attribution: { source: 'brochure-modal', fbclid: 'IwAR2xYz_-abc' },
    });
    await move(kiran, 'contacted');
    await sendAll();

    expect(api.events).toHaveLength(2);
    const [, contacted] = api.events;
    expect(contacted!.user_data).toEqual({
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.IwAR2xYz_-abc$/) as unknown,
      ph: [sha256('919848000013')],
      em: [sha256('kiran.kumar@example.com')],
    });
    const sent = JSON.stringify(api.requests.map((request) => request.body));
    expect(sent).not.toContain('9848000013');
    expect(sent).not.toContain('Kiran');
  });

  it('when the buyer came from neither a lead ad nor a Meta click, then nothing is sent', async () => {
    const google = t.storeLead({
      mobile: '9848000014',
      attribution: { source: 'brochure-modal', gclid: 'Cj0KCQ' },
    });
    await move(google, 'contacted');
    await sendAll();

    expect(api.requests).toHaveLength(0);
  });

  it('when the lead is a platform’s test lead, or the buyer is erased, then Meta hears nothing more of them', async () => {
    const test = t.storeLead({
      mobile: '9848000015',
      origin: 'meta',
      externalId: '4567890123456789',
      test: true,
    });
    await move(test, 'contacted');
    const erased = metaLead('5678901234567890', '9848000016');
    await move(erased, 'contacted');
    await sendAll();
    expect(api.events.map((event) => event.user_data.lead_id)).toEqual([
      '5678901234567890',
      '5678901234567890',
    ]);

    const erasure = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9848000016' });
    expect(erasure.status, erasure.text).toBe(200);
    // An erased buyer cannot be moved any more; nothing is queued for them either way.
    await manager.patch(`/desk/api/leads/${erased}`).set(SAME_ORIGIN).send({ stage: 'booked' });
    await sendAll();

    expect(api.events).toHaveLength(2);
    expect(pendingForMeta()).toBe(0);
  });

  it('when the Conversions API fails for ten minutes, then every stage goes once it recovers, in order, once each', async () => {
    api.fail('transient-error');
    const meena = metaLead('6789012345678901', '9848000017');
    await move(meena, 'contacted');
    await bookVisit(meena);
    for (let minute = 0; minute < 10; minute += 1) {
      await worker().drain();
      t.clock.advance(MINUTE);
    }
    expect(api.requests.length).toBeGreaterThan(0);
    expect(api.events).toHaveLength(0);

    api.recover();
    for (let round = 0; round < 40 && pendingForMeta() > 0; round += 1) {
      await worker().drain();
      t.clock.advance(MINUTE);
    }

    expect(api.events.map((event) => event.event_name)).toEqual([
      'New',
      'Contacted',
      'Site visit scheduled',
    ]);
  });

  it('when Meta was out of reach for over 7 days, then the stages it no longer takes are given up with its words, and the next stage still goes', async () => {
    api.fail('transient-error');
    const vijay = metaLead('7890123456789012', '9848000018');
    await move(vijay, 'contacted');
    for (let hour = 0; hour < 8 * 24; hour += 1) {
      t.clock.advance(60 * MINUTE);
      if (hour % 24 === 0) await worker().drain();
    }
    api.recover();
    await sendAll();
    expect(api.events).toHaveLength(0);
    const given = t.store.db
      .prepare(
        `SELECT status, last_error FROM deliveries WHERE channel = 'meta-conversions' ORDER BY id`,
      )
      .all();
    expect(given).toEqual([
      {
        status: 'dead',
        last_error: expect.stringContaining('event_time is more than 7 days old') as unknown,
      },
      {
        status: 'dead',
        last_error: expect.stringContaining('event_time is more than 7 days old') as unknown,
      },
    ]);

    manager = await t.signIn('meena@iconia.test');
    await bookVisit(vijay);
    await sendAll();

    expect(api.events.map((event) => event.event_name)).toEqual(['Site visit scheduled']);
  });

  it('when sending stages to Meta has failed for an hour, then the Sources screen says so with Meta’s words and the managers get one email, and one when it recovers', async () => {
    const health = async () => {
      const res = await manager.get('/desk/api/source-health');
      expect(res.status, res.text).toBe(200);
      const rows = (res.body as SourceHealthAnswer).sources;
      return rows.find((row) => row.origin === 'meta');
    };
    const alertEmails = () => queuedSourceAlerts(t);

    const sent = metaLead('8901234567890123', '9848000019');
    await move(sent, 'contacted');
    await sendAll();
    api.fail('transient-error');
    const waiting = metaLead('9012345678901234', '9848000020');
    await move(waiting, 'contacted');
    await worker().drain();
    for (let minute = 0; minute < 30; minute += 1) {
      t.clock.advance(MINUTE);
      t.sourceHealth.check();
    }
    expect(alertEmails()).toEqual([]);
    expect((await health())?.stagesBack).toEqual({
      sentToday: 2,
      sent7Days: 2,
      waiting: 2,
      failingSince: expect.any(String) as unknown,
      lastError: expect.stringContaining('An unexpected error has occurred') as unknown,
    });

    for (let minute = 0; minute < 40; minute += 1) {
      t.clock.advance(MINUTE);
      t.sourceHealth.check();
    }
    manager = await t.signIn('meena@iconia.test');
    expect((await health())?.alerts).toEqual([
      expect.objectContaining({
        condition: 'failing',
        reason: expect.stringMatching(
          /^Sending the buyers' stages back to the platform has failed for 6\d minutes \(2 waiting; the last error: .*An unexpected error has occurred/,
        ) as unknown,
      }),
    ]);
    expect(alertEmails()).toEqual([expect.objectContaining({ recovered: false })]);

    api.recover();
    await sendAll();
    t.sourceHealth.check();
    t.sourceHealth.check();

    expect((await health())?.stagesBack).toMatchObject({
      sent7Days: 4,
      waiting: 0,
      lastError: null,
    });
    expect(alertEmails()).toEqual([
      expect.objectContaining({ recovered: false }),
      expect.objectContaining({
        recovered: true,
        reason: expect.stringContaining(
          'no stage has been failing to reach the platform for 60 minutes',
        ) as unknown,
      }),
    ]);
  });
});
