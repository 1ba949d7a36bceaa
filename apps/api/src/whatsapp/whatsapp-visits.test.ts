import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  whatsappMessageEvent,
  type TempDir,
  type TestClock,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { OFFICE_ADDRESS, PHONES, PROJECT_NAME } from '@iconia/shared';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const MOBILE = '9876543210';
const SUNDAY_10 = 'Sunday, 22 November 2026 at 10:00 AM';

/** The visit templates the buyer was sent, in order: their name and the visit's time. */
function visitSends(api: WhatsappCloudApi) {
  return api.sends
    .map((send) => send.body.template)
    .filter((template) => template?.name.startsWith('visit_'))
    .map((template) => {
      const body = template!.components?.find((part) => part.type === 'body');
      return [template!.name, body?.parameters?.[2]?.text];
    });
}

describe('a buyer told of their site visit on WhatsApp', () => {
  let temp: TempDir;
  let api: WhatsappCloudApi;
  let clock: TestClock;
  let server: TestServer;
  let desk: ReturnType<typeof request.agent>;
  let leadId: number;

  const start = () => startTestServer({ dataDir: temp.dir, clock, env: whatsappEnv(api) });

  /** Runs the WhatsApp sends due now: the news first written as a message, then the message. */
  async function sendDue() {
    await server.whatsapp!.drain();
    await server.whatsapp!.drain();
  }

  async function book(date: string, time: string) {
    const booked = await desk
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date, time, people: 2, pickup: false });
    expect(booked.status).toBe(201);
    return (booked.body as { visit: { id: number } }).visit.id;
  }

  async function signIn() {
    desk = request.agent(server.url);
    await desk
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'arjun@iconia.test', password: PASSWORD });
  }

  const at = (isoTime: string) => clock.advance(Date.parse(isoTime) - clock.now());

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    temp = createTempDir();
    api.sends.length = 0;
    clock = createTestClock();
    server = await start();
    await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      clock.now(),
    );
    leadId = server.store.insertLead(
      { ...newLead(`+91${MOBILE}`), name: 'Ravi Kumar', receivedAt: clock.now() },
      0,
    ).id;
    await signIn();
  });
  afterEach(async () => {
    await server.close();
    temp.remove();
  });

  it('when a visit is booked, then the buyer gets the confirmation at once and both reminders at their time, once each, a restart between them included', async () => {
    await book('2026-11-22', '10:00');
    await sendDue();
    expect(visitSends(api)).toEqual([['visit_confirmation', SUNDAY_10]]);
    const confirmation = api.sends.find(
      (send) => send.body.template?.name === 'visit_confirmation',
    );
    expect(confirmation!.body.to).toBe(`91${MOBILE}`);
    expect(confirmation!.body.template!.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ravi' },
          { type: 'text', text: PROJECT_NAME },
          { type: 'text', text: SUNDAY_10 },
          { type: 'text', text: OFFICE_ADDRESS.name },
          { type: 'text', text: PHONES.sales.display },
        ],
      },
    ]);

    at('2026-11-21T18:00:00+05:30');
    await sendDue();
    await server.close();
    server = await start();
    await sendDue();
    at('2026-11-22T08:00:00+05:30');
    await sendDue();
    await sendDue();
    await signIn();

    expect(visitSends(api)).toEqual([
      ['visit_confirmation', SUNDAY_10],
      ['visit_reminder', SUNDAY_10],
      ['visit_reminder', SUNDAY_10],
    ]);
    const conversation = await desk.get(`/desk/api/leads/${leadId}/whatsapp`);
    expect(
      (conversation.body as { messages: Array<{ what: string; status: string }> }).messages
        .filter((message) => message.what.startsWith('Template: Visit'))
        .map((message) => [message.what, message.status]),
    ).toEqual([
      ['Template: Visit confirmation', 'sent'],
      ['Template: Visit reminder', 'sent'],
      ['Template: Visit reminder', 'sent'],
    ]);
  });

  it('when a visit is moved and then cancelled, then the buyer hears of each, and no reminder of the old plans goes', async () => {
    const visitId = await book('2026-11-22', '10:00');
    await sendDue();
    const moved = await desk
      .post(`/desk/api/visits/${visitId}/reschedule`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-23', time: '10:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await sendDue();
    at('2026-11-22T18:00:00+05:30');
    await sendDue();
    await signIn();
    const cancelled = await desk
      .post(`/desk/api/visits/${visitId}/cancel`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Buyer travelling' });
    expect(cancelled.status).toBe(200);
    await sendDue();
    at('2026-11-23T10:00:00+05:30');
    await sendDue();

    expect(visitSends(api)).toEqual([
      ['visit_confirmation', SUNDAY_10],
      ['visit_moved', 'Monday, 23 November 2026 at 10:00 AM'],
      ['visit_reminder', 'Monday, 23 November 2026 at 10:00 AM'],
      ['visit_cancelled', 'Monday, 23 November 2026 at 10:00 AM'],
    ]);
  });

  it('when the buyer wrote STOP, then no visit template goes to them', async () => {
    await postWebhook(
      server.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text: 'STOP',
        timestamp: Math.floor(clock.now() / 1000),
      }),
    ).expect(200);

    await book('2026-11-22', '10:00');
    await sendDue();
    at('2026-11-22T08:00:00+05:30');
    await sendDue();

    expect(visitSends(api)).toEqual([]);
  });
});
