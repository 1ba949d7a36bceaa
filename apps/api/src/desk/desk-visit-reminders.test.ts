import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  startSmtpInbox,
  type SmtpInbox,
  type TempDir,
  type TestClock,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/testkit/in-process';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from './accounts.ts';
import { PASSWORD, SAME_ORIGIN } from './desk-test-support.ts';

const reminders = (inbox: SmtpInbox) =>
  inbox.messages.filter((mail) => mail.parsed.headers.has('x-visit-reminder'));

/** Lets the worker's send reach the inbox before counting what arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('site visit reminders', () => {
  let temp: TempDir;
  let inbox: SmtpInbox;
  let clock: TestClock;
  let server: TestServer;

  const start = () =>
    startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      clock,
      env: { SMTP_URL: inbox.url, SITE_URL: 'https://eleganticonia.example' },
    });

  beforeEach(async () => {
    temp = createTempDir('iconia-visits-');
    inbox = await startSmtpInbox();
    clock = createTestClock();
    server = await start();
  });
  afterEach(async () => {
    await server.close();
    await inbox.close();
    temp.remove();
  });

  it('when a booked visit comes near, then its owner gets the evening-before and the two-hour reminders once each, a restart between them included', async () => {
    const agent = await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      clock.now(),
    );
    const leadId = server.store.insertLead(
      { ...newLead('+919876543210'), name: 'Ravi Kumar', receivedAt: clock.now() },
      0,
    ).id;
    const desk = request.agent(server.url);
    await desk
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'arjun@iconia.test', password: PASSWORD });
    await desk.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send({ ownerId: agent.id });
    const booked = await desk
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '10:00', people: 3, pickup: false });
    expect(booked.status).toBe(201);

    // Saturday 18:00 in India: the evening before.
    clock.advance(Date.parse('2026-11-21T18:00:00+05:30') - clock.now());
    await server.delivery.drain();
    await settle();
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
    await settle();
    expect(reminders(inbox)).toHaveLength(1);

    // Sunday 08:00: two hours before.
    clock.advance(Date.parse('2026-11-22T08:00:00+05:30') - clock.now());
    await server.delivery.drain();
    await server.delivery.drain();
    await settle();
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
    await desk.post(`/desk/api/visits/${visitId}/cancel`).set(SAME_ORIGIN).send({});

    clock.advance(Date.parse('2026-11-22T09:00:00+05:30') - clock.now());
    await server.delivery.drain();
    await settle();

    expect(reminders(inbox)).toEqual([]);
  });
});
