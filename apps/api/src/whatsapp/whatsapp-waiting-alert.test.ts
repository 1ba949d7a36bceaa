/**
 * A buyer's WhatsApp message left unanswered for 5 working minutes: its owner (or the managers)
 * hears of it once by email and on their phone, on the real server with its SQLite file, the
 * Cloud API peer, a real SMTP inbox and a Web Push service, on the test clock.
 */
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  startPushService,
  startSmtpInbox,
  whatsappMessageEvent,
  type PushDevice,
  type PushService,
  type SmtpInbox,
  type TempDir,
  type TestClock,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const MINUTE = 60_000;
const MOBILE = '+919876543210';

const alerts = (inbox: SmtpInbox) =>
  inbox.messages.filter(
    (mail) => mail.parsed.headers.get('x-routing-alert') === 'whatsapp-waiting',
  );

const pushed = (device: PushDevice) =>
  device.received.map(
    (message) => (JSON.parse(message.payload ?? 'null') as { title: string }).title,
  );

describe('the alert when a buyer waits for our reply on WhatsApp', () => {
  let api: WhatsappCloudApi;
  let temp: TempDir;
  let inbox: SmtpInbox;
  let push: PushService;
  let clock: TestClock;
  let server: TestServer;

  const start = () =>
    startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      clock,
      env: {
        ...whatsappEnv(api),
        SMTP_URL: inbox.url,
        SITE_URL: 'https://eleganticonia.example',
        VAPID_SUBJECT: 'mailto:ops@iconia.test',
        PUSH_SERVICES: push.origin,
      },
    });

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    temp = createTempDir('iconia-wa-waiting-');
    inbox = await startSmtpInbox();
    push = await startPushService();
    clock = createTestClock();
    server = await start();
  });
  afterEach(async () => {
    await server.close();
    await inbox.close();
    await push.close();
    temp.remove();
  });

  /** Ravi Kumar, a buyer; with `owned`, Arjun's, signed in with his phone turned on for alerts. */
  async function buyer(owned = true, test = false) {
    const leadId = server.store.insertLead(
      { ...newLead(MOBILE), name: 'Ravi Kumar', receivedAt: clock.now(), test },
      0,
    ).id;
    const arjun = await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      clock.now(),
    );
    await createAccount(
      server.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      clock.now(),
    );
    const signIn = async (email: string) => {
      const desk = request.agent(server.url);
      await desk.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password: PASSWORD });
      return desk;
    };
    const manager = await signIn('meena@iconia.test');
    const ownerId = owned ? arjun.id : null;
    await manager.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send({ ownerId }).expect(200);
    const desk = await signIn(owned ? 'arjun@iconia.test' : 'meena@iconia.test');
    const phone = push.device();
    await desk
      .post('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send(phone.subscription)
      .expect(201);
    // The welcome goes first: it answers nothing.
    await server.whatsapp!.drain();
    return { leadId, desk, phone };
  }

  const buyerWrites = (text: string) =>
    postWebhook(
      server.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: MOBILE.slice(1),
        name: 'Ravi Kumar',
        text,
        timestamp: Math.floor(clock.now() / 1000),
      }),
    ).expect(200);

  /** Lets `minutes` pass, then runs whatever came due: the waiting step, then its email and push. */
  async function after(minutes: number) {
    clock.advance(minutes * MINUTE);
    await server.whatsapp!.drain();
    await server.delivery.drain();
    await server.pushes.drain();
  }

  it('when the buyer’s message waits 5 working minutes, then the owner gets one email and one push, however many more messages come in that streak, and a new streak after a reply alerts again', async () => {
    const { leadId, desk, phone } = await buyer();
    await buyerWrites('Is plot 14 still free?');
    await after(4);
    expect(alerts(inbox)).toHaveLength(0);
    await after(1);
    expect(alerts(inbox).map((mail) => [mail.parsed.subject, mail.envelopeTo])).toEqual([
      ['Ravi Kumar is waiting for a reply on WhatsApp', ['arjun@iconia.test']],
    ]);
    expect(alerts(inbox)[0]?.parsed.text).toContain('Wrote: Is plot 14 still free?');
    expect(alerts(inbox)[0]?.parsed.text).toContain(
      `In the desk: https://eleganticonia.example/desk/leads/${leadId}`,
    );
    expect(pushed(phone)).toEqual(['Waiting on WhatsApp: Ravi']);

    await buyerWrites('Hello?');
    await after(10);
    expect(alerts(inbox)).toHaveLength(1);
    expect(pushed(phone)).toHaveLength(1);

    await desk
      .post(`/desk/api/leads/${leadId}/whatsapp/replies`)
      .set(SAME_ORIGIN)
      .send({ text: 'Yes, it is. Shall I book a visit?' })
      .expect(201);
    await after(1);
    await buyerWrites('Sunday please');
    await after(5);
    expect(alerts(inbox)).toHaveLength(2);
    expect(pushed(phone)).toHaveLength(2);
  });

  it('when someone replies within the 5 minutes, then nobody is alerted', async () => {
    const { leadId, desk, phone } = await buyer();
    await buyerWrites('Price per yard?');
    await after(4);
    await desk
      .post(`/desk/api/leads/${leadId}/whatsapp/replies`)
      .set(SAME_ORIGIN)
      .send({ text: '₹18,000 a square yard.' })
      .expect(201);
    await after(10);
    expect(alerts(inbox)).toHaveLength(0);
    expect(pushed(phone)).toHaveLength(0);
  });

  it('when the buyer writes at 19:58, then the alert waits for the working minutes of the next morning', async () => {
    await buyer();
    // 15:45 IST now: to 19:58.
    clock.advance((4 * 60 + 13) * MINUTE);
    await buyerWrites('Are you open tomorrow?');
    await after(60);
    expect(alerts(inbox)).toHaveLength(0);
    // 09:02 the next morning: four working minutes so far; 09:03 is the fifth.
    await after(12 * 60 + 4);
    expect(alerts(inbox)).toHaveLength(0);
    await after(1);
    expect(alerts(inbox)).toHaveLength(1);
  });

  it('when the server restarts between the message and the fifth minute, then the owner is alerted exactly once', async () => {
    const { phone } = await buyer();
    await buyerWrites('Can I see the layout?');
    await server.close();
    server = await start();
    await after(5);
    await server.close();
    server = await start();
    await after(5);
    expect(alerts(inbox)).toHaveLength(1);
    expect(pushed(phone)).toHaveLength(1);
  });

  it('when the buyer has no owner, then the managers are told to give them to someone', async () => {
    const { phone } = await buyer(false);
    await buyerWrites('Anyone there?');
    await after(5);
    expect(alerts(inbox).map((mail) => mail.envelopeTo)).toEqual([['meena@iconia.test']]);
    expect(alerts(inbox)[0]?.parsed.text).toContain('The buyer has no owner');
    expect(pushed(phone)).toEqual(['Waiting on WhatsApp: Ravi']);
  });

  it('when the buyer is a test lead, then their waiting message alerts no one', async () => {
    const { phone } = await buyer(true, true);
    await buyerWrites('Testing the WhatsApp number');
    await after(10);
    expect(alerts(inbox)).toHaveLength(0);
    expect(pushed(phone)).toHaveLength(0);
  });
});
