import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClock,
  whatsappMessageEvent,
  type TestClock,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import type { LeadPage } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const MOBILE = '9876543210';

describe('buyers waiting for our reply on WhatsApp', () => {
  let api: WhatsappCloudApi;
  let clock: TestClock;
  let t: DeskTestServer;
  let manager: TestAgent;
  let leadId: number;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    clock = createTestClock();
    t = await startDeskTestServer({ env: whatsappEnv(api), clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
    t.storeLead({ name: 'Sita Devi', mobile: '9123456780' });
    // The automatic welcome answers nothing.
    await t.whatsapp!.drain();
  });
  afterEach(() => t.remove());

  const buyerWrites = (text: string) =>
    postWebhook(
      t.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text,
        timestamp: Math.floor(clock.now() / 1000),
      }),
    ).expect(200);

  const inbox = async (query = '') => {
    const res = await manager.get(`/desk/api/leads${query}`).expect(200);
    return (res.body as LeadPage).leads.map((lead) => ({
      name: lead.name,
      waiting: lead.whatsappWaiting,
      since: lead.whatsappWaitingSince,
    }));
  };

  it('when a buyer writes twice, then their row counts both, the waiting filter lists only them, and a reply from the desk clears it', async () => {
    await buyerWrites('Hello');
    clock.advance(60_000);
    await buyerWrites('Is plot 14 free?');

    expect(await inbox()).toEqual([
      { name: 'Sita Devi', waiting: 0, since: null },
      { name: 'Ravi Kumar', waiting: 2, since: '2026-11-21T15:45:00+05:30' },
    ]);
    expect(await inbox('?waiting=1')).toEqual([
      { name: 'Ravi Kumar', waiting: 2, since: '2026-11-21T15:45:00+05:30' },
    ]);

    clock.advance(60_000);
    await manager
      .post(`/desk/api/leads/${leadId}/whatsapp/replies`)
      .set(SAME_ORIGIN)
      .send({ text: 'Yes, plot 14 is free.' })
      .expect(201);

    expect(await inbox('?waiting=1')).toEqual([]);
    expect((await inbox()).map((row) => row.waiting)).toEqual([0, 0]);
  });
});
