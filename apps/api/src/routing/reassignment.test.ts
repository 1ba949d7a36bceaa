import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  freePort,
  startSmtpInbox,
  type SmtpInbox,
  type TempDir,
  type TestClock,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { parseMobile, type PlotsAnswer } from '@iconia/shared';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';
import request from 'supertest';

const MINUTE = 60_000;

describe('due reassignments and the emails of routing', () => {
  let temp: TempDir;
  let inbox: SmtpInbox;
  let clock: TestClock;
  let t: TestServer;
  /** The server's own port: without SITE_URL, the emails' desk links name it. */
  let port: number;
  let mobile = 9_200_000_000;
  const ids: Record<string, number> = {};

  const start = () =>
    startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      env: { SMTP_URL: inbox.url, PORT: String(port) },
      clock,
    });

  beforeEach(async () => {
    temp = createTempDir('iconia-routing-');
    inbox = await startSmtpInbox();
    clock = createTestClock();
    port = await freePort();
    t = await start();
    const add = async (email: string, role: 'manager' | 'agent', name: string) => {
      const user = await createAccount(
        t.desk.api.store,
        { email, name, role, password: PASSWORD },
        clock.now(),
      );
      ids[name] = user.id;
    };
    await add('meena@iconia.test', 'manager', 'Meena');
    await add('arjun@iconia.test', 'agent', 'Arjun');
    await add('bina@iconia.test', 'agent', 'Bina');
    await add('chetan@iconia.test', 'agent', 'Chetan');
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  const onDuty = (...names: string[]) => {
    for (const name of names) t.routing.setDuty(ids[name] ?? 0, true, clock.now());
  };

  function storeLead(): number {
    mobile += 1;
    const lead = { ...newLead(String(mobile)), receivedAt: clock.now() };
    return t.store.insertLead({ ...lead, mobile: parseMobile(lead.mobile) ?? '' }, 0).id;
  }

  const ownerOf = (leadId: number) => t.desk.api.store.leadById(leadId)?.owner_name ?? null;

  /** Runs every routing step due now, then sends every email due now. */
  async function runDue(): Promise<void> {
    await t.routingSteps.drain();
    await t.delivery.drain();
  }

  /** Who got which kind of routing email ("arjun@…: New buyer for you"), sorted. */
  const routingMail = () =>
    inbox.messages
      .filter((mail) => (mail.parsed.messageId ?? '').includes('routing'))
      .map((mail) => `${mail.envelopeTo.join(',')}: ${mail.parsed.subject?.split(':')[0]}`)
      .sort();

  const routingSteps = async (leadId: number) => {
    const agent = request.agent(t.url);
    await agent
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'meena@iconia.test', password: PASSWORD });
    const res = await agent.get(`/desk/api/leads/${leadId}`);
    return (res.body as { timeline: Array<{ type: string; text: string }> }).timeline
      .filter((entry) => entry.type === 'routing')
      .map((entry) => entry.text);
  };

  it('when a buyer is assigned, then the agent gets one email with a tel: link and the desk link on this server (no SITE_URL), and nobody off duty does', async () => {
    onDuty('Arjun');

    const leadId = storeLead();
    await runDue();

    const alerts = inbox.messages.filter((mail) => mail.envelopeTo.includes('arjun@iconia.test'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.parsed.subject).toBe(
      'New buyer for you: call Ravi by 21 Nov 2026, 3:50 pm IST',
    );
    expect(alerts[0]?.parsed.html).toContain(`href="tel:+91${mobile}"`);
    expect(alerts[0]?.parsed.text).toContain(`http://localhost:${port}/desk/leads/${leadId}`);
    expect(
      inbox.messages.filter((mail) => mail.envelopeTo.some((to) => /bina|chetan/.test(to))),
    ).toEqual([]);
  });

  it('when two ad platform leads come without a usable number, then each is a buyer of its own, assigned and alerted without a dial link', async () => {
    onDuty('Arjun');
    const numberless = (externalId: string, problem: string) =>
      t.store.insertLead(
        {
          ...newLead('9876543210'),
          kind: 'enquiry',
          origin: 'google_ads',
          externalId,
          mobile: '',
          problems: [problem],
          receivedAt: clock.now(),
        },
        0,
      );

    const first = numberless('g-1', 'Number not valid: +11234567890');
    const second = numberless('g-2', 'No number');
    await runDue();

    expect(first.buyerId).not.toBe(second.buyerId);
    expect([ownerOf(first.id), ownerOf(second.id)]).toEqual(['Arjun', 'Arjun']);
    const alerts = inbox.messages.filter((mail) => mail.envelopeTo.includes('arjun@iconia.test'));
    const texts = alerts.map((mail) => mail.parsed.text ?? '');
    expect(texts).toHaveLength(2);
    expect(texts.some((text) => text.includes('Mobile: No number'))).toBe(true);
    for (const mail of alerts) expect(mail.parsed.html).not.toContain('href="tel:');
    const sales = inbox.messages.filter((mail) => mail.parsed.headers.get('x-lead-id'));
    expect(sales.map((mail) => mail.parsed.text ?? '').join('\n')).toContain(
      'Mobile: Number not valid: +11234567890',
    );
  });

  it('when nobody answers within the target, then the next agent on duty gets the buyer and the managers one email', async () => {
    onDuty('Arjun', 'Bina');
    const leadId = storeLead();
    await runDue();

    clock.advance(4 * MINUTE);
    await runDue();
    expect(ownerOf(leadId)).toBe('Arjun');
    clock.advance(MINUTE);
    await runDue();

    expect(ownerOf(leadId)).toBe('Bina');
    expect(routingMail()).toEqual([
      'arjun@iconia.test: New buyer for you',
      'bina@iconia.test: A buyer moved to you',
      'meena@iconia.test: Buyer not called in time',
    ]);
    expect(await routingSteps(leadId)).toEqual([
      'Assigned to Arjun in turn; first response due by 21 Nov 2026, 3:50 pm IST',
      'Not answered within 5 working minutes: reassigned from Arjun to Bina; first response due by 21 Nov 2026, 3:55 pm IST; managers alerted',
    ]);
  });

  it('when the agent calls within the target, then the clock stops and the buyer stays theirs', async () => {
    onDuty('Arjun', 'Bina');
    const leadId = storeLead();
    const arjun = request.agent(t.url);
    await arjun
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'arjun@iconia.test', password: PASSWORD });

    clock.advance(3 * MINUTE);
    const call = await arjun
      .post(`/desk/api/leads/${leadId}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    clock.advance(10 * MINUTE);
    await runDue();

    expect(call.status).toBe(201);
    expect(ownerOf(leadId)).toBe('Arjun');
    expect(routingMail()).toEqual(['arjun@iconia.test: New buyer for you']);
  });

  it('when a manager approves the booking of a plot held for the buyer within the target, then the buyer counts as answered and stays with the agent', async () => {
    onDuty('Arjun', 'Bina');
    const leadId = storeLead();
    const signIn = async (email: string) => {
      const agent = request.agent(t.url);
      await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password: PASSWORD });
      return agent;
    };
    const meena = await signIn('meena@iconia.test');
    const arjun = await signIn('arjun@iconia.test');
    await meena
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send(
        'number,phase,size_sq_yd,facing,corner,rate_per_sq_yd\nA-1,Phase 1,240,East,no,18000\n',
      );
    const [plot] = ((await meena.get('/desk/api/plots')).body as PlotsAnswer).plots;
    if (!plot) throw new Error('the import made no plot');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    await arjun.post(`/desk/api/plots/${plot.id}/booking`).set(SAME_ORIGIN);
    await runDue();

    clock.advance(3 * MINUTE);
    const approved = await meena
      .post(`/desk/api/plots/${plot.id}/booking/approve`)
      .set(SAME_ORIGIN);
    clock.advance(10 * MINUTE);
    await runDue();

    expect(approved.status).toBe(200);
    expect(t.desk.api.store.leadById(leadId)?.stage).toBe('booked');
    expect(ownerOf(leadId)).toBe('Arjun');
    expect(routingMail()).toEqual([
      'arjun@iconia.test: New buyer for you',
      'meena@iconia.test: Waiting for a manager',
    ]);
  });

  it('when nobody answers three reassignments, then the buyer stays with the last agent and the managers are told each time', async () => {
    onDuty('Arjun', 'Bina', 'Chetan');
    const leadId = storeLead();

    for (let step = 0; step < 5; step += 1) {
      clock.advance(5 * MINUTE);
      await runDue();
    }

    expect(ownerOf(leadId)).toBe('Arjun');
    expect(routingMail().filter((line) => line.startsWith('meena'))).toHaveLength(4);
    expect((await routingSteps(leadId)).slice(1)).toEqual([
      expect.stringContaining('reassigned from Arjun to Bina'),
      expect.stringContaining('reassigned from Bina to Chetan'),
      expect.stringContaining('reassigned from Chetan to Arjun'),
      'Not answered within 5 working minutes after 3 reassignments: left with Arjun; managers alerted',
    ]);
  });

  it('when the only agent on duty does not answer, then the managers are alerted once and the buyer stays', async () => {
    onDuty('Arjun');
    const leadId = storeLead();

    clock.advance(5 * MINUTE);
    await runDue();
    clock.advance(60 * MINUTE);
    await runDue();

    expect(ownerOf(leadId)).toBe('Arjun');
    expect(routingMail()).toEqual([
      'arjun@iconia.test: New buyer for you',
      'meena@iconia.test: Buyer not called in time',
    ]);
    expect((await routingSteps(leadId)).slice(1)).toEqual([
      'Not answered within 5 working minutes by Arjun, and no one else is on duty: managers alerted',
    ]);
  });

  it('when the server restarts between an assignment and its due time, then the reassignment happens once', async () => {
    onDuty('Arjun', 'Bina');
    const leadId = storeLead();
    await runDue();
    await t.close();

    clock.advance(6 * MINUTE);
    t = await start();
    await runDue();
    await t.close();
    t = await start();
    await runDue();

    expect(ownerOf(leadId)).toBe('Bina');
    expect(
      t.store.db.prepare('SELECT reason FROM buyer_assignments ORDER BY id').pluck().all(),
    ).toEqual(['new', 'reassigned']);
    expect(routingMail()).toEqual([
      'arjun@iconia.test: New buyer for you',
      'bina@iconia.test: A buyer moved to you',
      'meena@iconia.test: Buyer not called in time',
    ]);
  });
});
