import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  startPushService,
  startSmtpInbox,
  type PushDevice,
  type PushService,
  type SmtpInbox,
  type TempDir,
  type TestClock,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';

const reminders = (inbox: SmtpInbox) =>
  inbox.messages.filter((mail) => mail.parsed.headers.has('x-visit-reminder'));

const pushed = (device: PushDevice) =>
  device.received.map((message) => JSON.parse(message.payload ?? 'null') as unknown);

describe('site visit reminders', () => {
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
        SMTP_URL: inbox.url,
        SITE_URL: 'https://eleganticonia.example',
        VAPID_SUBJECT: 'mailto:ops@iconia.test',
        PUSH_SERVICES: push.origin,
      },
    });

  /** Arjun, signed in, owning a new buyer Ravi Kumar: his desk and the buyer's lead. */
  async function ownedBuyer(mobile: string) {
    const agent = await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      clock.now(),
    );
    const leadId = server.store.insertLead(
      { ...newLead(mobile), name: 'Ravi Kumar', receivedAt: clock.now() },
      0,
    ).id;
    const desk = request.agent(server.url);
    await desk
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'arjun@iconia.test', password: PASSWORD });
    await desk.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send({ ownerId: agent.id });
    return { desk, leadId };
  }

  /** The same, with Arjun's phone turned on for alerts; `book` books a visit for Sunday. */
  async function ownedBuyerWithPhone(mobile: string) {
    const { desk, leadId } = await ownedBuyer(mobile);
    const phone = push.device();
    const subscribed = await desk
      .post('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send(phone.subscription);
    expect(subscribed.status).toBe(201);
    const book = async (time: string, party = { people: 2, pickup: false }) => {
      const booked = await desk
        .post(`/desk/api/leads/${leadId}/visits`)
        .set(SAME_ORIGIN)
        .send({ date: '2026-11-22', time, ...party });
      expect(booked.status).toBe(201);
      return (booked.body as { visit: { id: number } }).visit.id;
    };
    return { desk, leadId, phone, book };
  }

  /**
   * Runs the outbox's workers on what is due now. A drain resolves once every send is answered,
   * and the inbox and the push service keep a message before answering it.
   */
  async function deliverDue() {
    await server.delivery.drain();
    await server.pushes.drain();
  }

  beforeEach(async () => {
    temp = createTempDir('iconia-visits-');
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

  it('when a booked visit comes near, then its owner gets the evening-before and the two-hour reminders once each, a restart between them included', async () => {
    const { desk, leadId } = await ownedBuyer('+919876543210');
    const booked = await desk
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '10:00', people: 3, pickup: false });
    expect(booked.status).toBe(201);

    // Saturday 18:00 in India: the evening before.
    clock.advance(Date.parse('2026-11-21T18:00:00+05:30') - clock.now());
    await server.delivery.drain();
    expect(reminders(inbox).map((mail) => mail.parsed.subject)).toEqual([
      'Site visit tomorrow: Ravi Kumar, 10:00 AM',
    ]);
    const [evening] = reminders(inbox);
    expect(evening?.envelopeTo).toEqual(['arjun@iconia.test']);
    expect(evening?.parsed.text).toContain('When: Sunday, 22 November 2026 at 10:00 AM');
    expect(evening?.parsed.text).toContain(`https://eleganticonia.example/desk/leads/${leadId}`);

    await server.close();
    server = await start();
    await server.delivery.drain();
    expect(reminders(inbox)).toHaveLength(1);

    // Sunday 08:00: two hours before.
    clock.advance(Date.parse('2026-11-22T08:00:00+05:30') - clock.now());
    await server.delivery.drain();
    await server.delivery.drain();
    expect(reminders(inbox).map((mail) => mail.parsed.subject)).toEqual([
      'Site visit tomorrow: Ravi Kumar, 10:00 AM',
      'Site visit in two hours: Ravi Kumar, 10:00 AM',
    ]);
    expect(new Set(reminders(inbox).map((mail) => mail.parsed.messageId)).size).toBe(2);
  });

  it('when a visit is cancelled before its reminders are due, then none goes out', async () => {
    await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      clock.now(),
    );
    const leadId = server.store.insertLead(
      { ...newLead('+919876543211'), receivedAt: clock.now() },
      0,
    ).id;
    const desk = request.agent(server.url);
    await desk
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'arjun@iconia.test', password: PASSWORD });
    const booked = await desk
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '10:00', people: 2, pickup: true });
    const visitId = (booked.body as { visit: { id: number } }).visit.id;
    const cancelled = await desk
      .post(`/desk/api/visits/${visitId}/cancel`)
      .set(SAME_ORIGIN)
      .send({});
    expect(cancelled.status).toBe(200);

    clock.advance(Date.parse('2026-11-22T09:00:00+05:30') - clock.now());
    await server.delivery.drain();

    expect(reminders(inbox)).toEqual([]);
  });

  it('when the owner has alerts on a phone, then the phone gets the evening-before and the two-hour reminders once each as pushes, a restart between them included', async () => {
    const { leadId, phone, book } = await ownedBuyerWithPhone('+919876543212');
    await book('10:00', { people: 3, pickup: true });
    await deliverDue();
    expect(phone.received).toEqual([]);

    clock.advance(Date.parse('2026-11-21T18:00:00+05:30') - clock.now());
    await deliverDue();
    await server.close();
    server = await start();
    await deliverDue();
    expect(pushed(phone)).toEqual([
      {
        title: 'Site visit tomorrow: Ravi, 10:00 AM',
        body: 'Sunday, 22 November 2026 at 10:00 AM · 3 people, pickup needed',
        url: `/desk/leads/${leadId}`,
        tag: `lead-${leadId}`,
      },
    ]);

    clock.advance(Date.parse('2026-11-22T08:00:00+05:30') - clock.now());
    await deliverDue();
    await deliverDue();
    expect(pushed(phone).map((alert) => (alert as { title: string }).title)).toEqual([
      'Site visit tomorrow: Ravi, 10:00 AM',
      'Site visit in two hours: Ravi, 10:00 AM',
    ]);
    expect(phone.received.every((message) => message.error === undefined)).toBe(true);
  });

  it('when a visit is moved or cancelled, then the owner’s phone gets no reminder of the old slot, only those of the new one', async () => {
    const { desk, phone, book } = await ownedBuyerWithPhone('+919876543213');
    const visitId = await book('10:00');
    const moved = await desk
      .post(`/desk/api/visits/${visitId}/reschedule`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '15:00' });
    expect(moved.status).toBe(200);
    const cancelled = await desk
      .post(`/desk/api/visits/${await book('16:30')}/cancel`)
      .set(SAME_ORIGIN)
      .send({});
    expect(cancelled.status).toBe(200);

    // Sunday 14:59: past both reminders of the 10:00 slot and of the moved visit's 15:00 one.
    clock.advance(Date.parse('2026-11-22T14:59:00+05:30') - clock.now());
    await deliverDue();
    await deliverDue();

    expect(pushed(phone).map((alert) => (alert as { title: string }).title)).toEqual([
      'Site visit tomorrow: Ravi, 3:00 PM',
      'Site visit in two hours: Ravi, 3:00 PM',
    ]);
  });

  it('when the buyer changes owner after the visit is booked, then the old owner’s phone gets no reminder and the new owner gets the email', async () => {
    const { leadId, phone, book } = await ownedBuyerWithPhone('+919876543214');
    await book('10:00');
    const bina = await createAccount(
      server.desk.api.store,
      { email: 'bina@iconia.test', name: 'Bina', role: 'manager', password: PASSWORD },
      clock.now(),
    );
    const manager = request.agent(server.url);
    await manager
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'bina@iconia.test', password: PASSWORD });
    const handed = await manager
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: bina.id });
    expect(handed.status).toBe(200);

    clock.advance(Date.parse('2026-11-21T18:00:00+05:30') - clock.now());
    await deliverDue();

    expect(phone.received).toEqual([]);
    expect(reminders(inbox).map((mail) => mail.envelopeTo)).toEqual([['bina@iconia.test']]);
  });
});
