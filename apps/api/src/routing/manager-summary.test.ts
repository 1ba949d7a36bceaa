import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  createTempDir,
  createTestClock,
  freePort,
  startSmtpInbox,
  type ReceivedMail,
  type SmtpInbox,
  type TempDir,
  type TestClock,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import {
  parseMobile,
  type OverdueAnswer,
  type PlotsAnswer,
  type WaitingAnswer,
} from '@iconia/shared';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';

const MINUTE = 60_000;
/** 21 Nov 2026, 10:00 pm in India: the working day (09:00 to 20:00) is over. */
const NIGHT = Date.parse('2026-11-21T16:30:00Z');
/** 22 Nov 2026, 9:00 am in India: the next working day starts. */
const MORNING = Date.parse('2026-11-22T03:30:00Z');

describe("the managers' alerts, gathered", () => {
  let temp: TempDir;
  let inbox: SmtpInbox;
  let clock: TestClock;
  let t: TestServer;
  let port: number;
  let mobile = 9_300_000_000;
  const ids: Record<string, number> = {};

  const start = () =>
    startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      env: { SMTP_URL: inbox.url, PORT: String(port) },
      clock,
    });

  beforeEach(async () => {
    temp = createTempDir('iconia-manager-alerts-');
    inbox = await startSmtpInbox();
    clock = createTestClock(NIGHT);
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
    await add('mohan@iconia.test', 'manager', 'Mohan');
    await add('arjun@iconia.test', 'agent', 'Arjun');
    await add('bina@iconia.test', 'agent', 'Bina');
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  const onDuty = (...names: string[]) => {
    for (const name of names) t.routing.setDuty(ids[name] ?? 0, true, clock.now());
  };

  function storeLead(name = 'Ravi', held = false): number {
    mobile += 1;
    const lead = { ...newLead(String(mobile)), name, held, receivedAt: clock.now() };
    return t.store.insertLead({ ...lead, mobile: parseMobile(lead.mobile) ?? '' }, 0).id;
  }

  /** Runs every routing step due now, then sends every email due now. */
  async function runDue(): Promise<void> {
    await t.routingSteps.drain();
    await t.delivery.drain();
  }

  /** Moves the clock a minute at a time, running what falls due each minute. */
  async function minuteByMinute(minutes: number): Promise<void> {
    for (let minute = 0; minute < minutes; minute += 1) {
      clock.advance(MINUTE);
      await runDue();
    }
  }

  const toManager = (address: string): ReceivedMail[] =>
    inbox.messages.filter(
      (mail) =>
        mail.envelopeTo.includes(address) && (mail.parsed.messageId ?? '').includes('routing'),
    );

  const signIn = async (email: string) => {
    const agent = request.agent(t.url);
    await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password: PASSWORD });
    return agent;
  };

  it('when twenty buyers left unanswered overnight run out at the start of the working day, then each manager gets at most one email per five minutes and every reassignment still happens', async () => {
    onDuty('Arjun', 'Bina');
    const leadIds = Array.from({ length: 20 }, (_, index) => {
      clock.advance(10 * MINUTE);
      return storeLead(`Buyer ${index + 1}`);
    });
    await runDue();

    clock.advance(MORNING - clock.now());
    await minuteByMinute(60);

    const reasons = t.store.db
      .prepare<[], { reason: string; count: number }>(
        `SELECT reason, count(*) AS count FROM buyer_assignments GROUP BY reason ORDER BY reason`,
      )
      .all();
    expect(reasons).toEqual([
      { reason: 'new', count: 20 },
      { reason: 'reassigned', count: 60 },
    ]);
    for (const address of ['meena@iconia.test', 'mohan@iconia.test']) {
      const mails = toManager(address);
      const sentAt = mails.map((mail) => mail.parsed.date?.getTime() ?? 0).sort((a, b) => a - b);
      const gaps = sentAt.slice(1).map((at, index) => at - (sentAt[index] ?? 0));
      expect(
        gaps.every((gap) => gap >= 5 * MINUTE),
        address,
      ).toBe(true);
      expect(mails.length, address).toBeLessThanOrEqual(13);
      // The first late buyer is told at once, on its own; the rest come in summaries.
      expect(mails[0]?.parsed.subject).toMatch(/^Buyer not called in time: Buyer \d+, moved to/);
      expect(mails.slice(1).map((mail) => mail.parsed.subject?.split(':')[0])).toEqual(
        mails.slice(1).map(() => 'Waiting for a manager'),
      );
    }
    const summary = toManager('meena@iconia.test')[1]?.parsed.text ?? '';
    expect(summary).toMatch(/Buyer \d+: moved from (Arjun to Bina|Bina to Arjun)/);
    expect(summary).toMatch(/Still unanswered \(20\):/);
    expect(summary).toMatch(/Buyer \d+: with (Arjun|Bina), \d+ working minutes? late/);
    expect(summary).toContain(`Overdue now: http://localhost:${port}/desk/overdue`);
    // Every buyer was told of somewhere: at once or in a summary.
    const told = toManager('meena@iconia.test')
      .map((mail) => mail.parsed.text ?? '')
      .join('\n');
    for (const [index] of leadIds.entries()) expect(told).toContain(`Buyer ${index + 1}`);
  });

  it('when a second buyer runs out two minutes after the first, then the managers hear of it in one summary five minutes after the first alert, once across a restart', async () => {
    clock.advance(MORNING + 60 * MINUTE - clock.now());
    onDuty('Arjun', 'Bina');
    storeLead('Asha Rao');
    clock.advance(2 * MINUTE);
    storeLead('Kiran Das');
    await runDue();

    clock.advance(3 * MINUTE);
    await runDue();
    expect(toManager('meena@iconia.test').map((mail) => mail.parsed.subject)).toEqual([
      'Buyer not called in time: Asha Rao, moved to Bina',
    ]);
    clock.advance(2 * MINUTE);
    await runDue();
    expect(toManager('meena@iconia.test')).toHaveLength(1);
    await t.close();
    clock.advance(3 * MINUTE);
    t = await start();
    await runDue();
    await t.close();
    t = await start();
    await runDue();

    const mails = toManager('meena@iconia.test');
    expect(mails.map((mail) => mail.parsed.subject)).toEqual([
      'Buyer not called in time: Asha Rao, moved to Bina',
      'Waiting for a manager: 2 buyers moved',
    ]);
    // Asha's second move falls due as the window closes: it joins the summary too.
    expect(mails[1]?.parsed.text).toContain('Kiran Das: moved from Bina to Arjun');
    expect(mails[1]?.parsed.text).toContain('Asha Rao: moved from Bina to Arjun');
  });

  it('when a lead is held over the per-address limit, then the managers are emailed at once with a link to Held, and Held counts it', async () => {
    storeLead('Held Buyer', true);
    await runDue();

    const [mail] = toManager('meena@iconia.test');
    expect(mail?.parsed.subject).toBe('Waiting for a manager: 1 lead held');
    expect(mail?.parsed.text).toContain('Held Buyer: a lead held over the per-address limit');
    expect(mail?.parsed.text).toContain(
      `1 held lead waits for release: http://localhost:${port}/desk/held`,
    );
    const meena = await signIn('meena@iconia.test');
    const waiting = (await meena.get('/desk/api/waiting')).body as WaitingAnswer;
    expect(waiting).toEqual({ held: 1, bookings: 0, overdue: 0 });
  });

  it('when an agent asks for a booking, then the managers are emailed at once and Plots counts it', async () => {
    onDuty('Arjun');
    const leadId = storeLead('Asha Rao');
    const meena = await signIn('meena@iconia.test');
    const arjun = await signIn('arjun@iconia.test');
    await meena
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send(
        'number,phase,size_sq_yd,facing,corner,rate_per_sq_yd\nA-7,Phase 1,240,East,no,18000\n',
      );
    const [plot] = ((await meena.get('/desk/api/plots')).body as PlotsAnswer).plots;
    if (!plot) throw new Error('the import made no plot');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });

    const asked = await arjun.post(`/desk/api/plots/${plot.id}/booking`).set(SAME_ORIGIN);
    await runDue();

    expect(asked.status).toBe(201);
    const [mail] = toManager('mohan@iconia.test');
    expect(mail?.parsed.subject).toBe('Waiting for a manager: 1 booking requested');
    expect(mail?.parsed.text).toContain('Asha Rao: booking of plot A-7 requested by Arjun');
    expect(((await meena.get('/desk/api/waiting')).body as WaitingAnswer).bookings).toBe(1);
  });

  it('when a manager opens Overdue now, then it lists the buyers past their first-call target with who holds them and how late, the latest first', async () => {
    clock.advance(MORNING + 60 * MINUTE - clock.now());
    onDuty('Arjun');
    storeLead('Asha Rao');
    clock.advance(2 * MINUTE);
    storeLead('Kiran Das');
    clock.advance(10 * MINUTE);
    const meena = await signIn('meena@iconia.test');

    const res = await meena.get('/desk/api/routing/overdue');

    expect(res.status).toBe(200);
    const { buyers } = res.body as OverdueAnswer;
    expect(
      buyers.map((buyer) => [buyer.lead.name, buyer.holder.name, buyer.workingMinutesLate]),
    ).toEqual([
      ['Asha Rao', 'Arjun', 7],
      ['Kiran Das', 'Arjun', 5],
    ]);
    expect(((await meena.get('/desk/api/waiting')).body as WaitingAnswer).overdue).toBe(2);
  });
});
