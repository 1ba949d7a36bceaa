import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeskReport, HeldLeadsAnswer, HeldReleaseAnswer, LeadView } from '@iconia/shared';
import { createTestClock, startSmtpInbox, type SmtpInbox, type TestClock } from '@iconia/testkit';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const MINUTE = 60_000;

describe('held leads released from the desk', () => {
  let inbox: SmtpInbox;
  let clock: TestClock;
  let t: DeskTestServer;
  let manager: TestAgent;
  let arjun: DeskUser;

  beforeEach(async () => {
    inbox = await startSmtpInbox();
    clock = createTestClock();
    t = await startDeskTestServer({ env: { SMTP_URL: inbox.url }, clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    t.routing.setDuty(arjun.id, true, clock.now());
    manager = await t.signIn('meena@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
    await inbox.close();
  });

  const hold = (name: string) => t.storeLead({ name, held: true });
  const publicIdOf = (id: number) => t.deskStore.leadById(id)?.public_id ?? '';
  /** The sales emails that reached the inbox, by the name of the lead each is about. */
  const salesEmailsFor = (id: number) =>
    inbox.messages.filter((mail) => (mail.parsed.messageId ?? '').includes(publicIdOf(id)));
  const heldNames = async () =>
    ((await manager.get('/desk/api/held')).body as HeldLeadsAnswer).leads.map((lead) => lead.name);
  const release = (leadIds: unknown) =>
    manager.post('/desk/api/held/release').set(SAME_ORIGIN).send({ leadIds });

  it('when a manager releases one held lead, then sales get its email, the agent on duty gets the buyer and the timeline names the manager', async () => {
    const asha = hold('Asha Rao');
    expect(await heldNames()).toEqual(['Asha Rao']);
    await t.delivery.drain();
    expect(salesEmailsFor(asha)).toHaveLength(0);

    const res = await release([asha]);

    expect(res.status).toBe(200);
    const answer = res.body as HeldReleaseAnswer;
    expect(answer.notHeld).toEqual([]);
    expect(answer.released).toMatchObject([
      { id: asha, name: 'Asha Rao', held: false, owner: { name: 'Arjun' } },
    ]);
    await t.delivery.drain();
    expect(salesEmailsFor(asha)).toHaveLength(1);
    expect(await heldNames()).toEqual([]);
    const view = (await manager.get(`/desk/api/leads/${asha}`)).body as LeadView;
    const released = view.timeline.findIndex((entry) => entry.type === 'released');
    expect(view.timeline[released]).toMatchObject({
      actor: { name: 'Meena' },
      text: 'Released from hold; sent to sales and routed as a new lead',
    });
    // Routed after the release: the hand-over follows it on the timeline.
    expect(view.timeline.slice(released + 1).map((entry) => entry.type)).toContain('routing');
  });

  it('when a manager releases several chosen leads, then only those go out and the rest stay held', async () => {
    const [asha, ravi, kiran] = [hold('Asha Rao'), hold('Ravi Kumar'), hold('Kiran Shah')];

    const res = await release([asha, kiran]);

    expect(res.status).toBe(200);
    const answer = res.body as HeldReleaseAnswer;
    expect(answer.released.map((lead) => lead.name).sort()).toEqual(['Asha Rao', 'Kiran Shah']);
    await t.delivery.drain();
    expect(salesEmailsFor(asha)).toHaveLength(1);
    expect(salesEmailsFor(kiran)).toHaveLength(1);
    expect(salesEmailsFor(ravi)).toHaveLength(0);
    expect(await heldNames()).toEqual(['Ravi Kumar']);
  });

  it('when a manager releases the last hour, then the leads held in that hour go and older ones stay', async () => {
    const older = hold('Older Lead');
    clock.advance(61 * MINUTE);
    const [asha, ravi] = [hold('Asha Rao'), hold('Ravi Kumar')];
    clock.advance(10 * MINUTE);
    const listed = (await manager.get('/desk/api/held')).body as HeldLeadsAnswer;
    expect(listed).toMatchObject({ total: 3, lastHour: 2 });

    const res = await manager.post('/desk/api/held/release-last-hour').set(SAME_ORIGIN);

    expect(res.status).toBe(200);
    const answer = res.body as HeldReleaseAnswer;
    expect(answer.released.map((lead) => lead.id).sort()).toEqual([asha, ravi].sort());
    await t.delivery.drain();
    expect(salesEmailsFor(older)).toHaveLength(0);
    expect(await heldNames()).toEqual(['Older Lead']);
  });

  it('when a lead released already is released again, then it answers 409 and sales get one email', async () => {
    const asha = hold('Asha Rao');
    expect((await release([asha])).status).toBe(200);

    const again = await release([asha]);

    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'This lead is not held: it was released already, or erased.',
    });
    await t.delivery.drain();
    expect(salesEmailsFor(asha)).toHaveLength(1);
    const view = (await manager.get(`/desk/api/leads/${asha}`)).body as LeadView;
    expect(view.timeline.filter((entry) => entry.type === 'released')).toHaveLength(1);
  });

  it('when the chosen leads are partly held, then the held ones go and the others are named', async () => {
    const asha = hold('Asha Rao');
    const sent = t.storeLead({ name: 'Not Held' });

    const res = await release([asha, sent, 999_999]);

    expect(res.status).toBe(200);
    expect((res.body as HeldReleaseAnswer).notHeld).toEqual([sent, 999_999]);
  });

  it('when the body names no lead or not ids, then it answers 400 with a sentence and releases nothing', async () => {
    const asha = hold('Asha Rao');
    const message = '"leadIds" must list from 1 to 100 lead ids.';
    for (const leadIds of [[], ['1'], [1.5], [0], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const res = await release(leadIds);
      expect(res.status, JSON.stringify(leadIds)).toBe(400);
      expect(res.body).toEqual({ error: message });
    }
    const missing = await manager.post('/desk/api/held/release').set(SAME_ORIGIN).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: message });
    expect(await heldNames()).toEqual(['Asha Rao']);
    expect(t.deskStore.leadById(asha)?.status).toBe('held');
  });

  it('when a lead is held, then the reports, the funnel and the campaigns leave it out until it is released', async () => {
    const asha = t.storeLead({
      name: 'Asha Rao',
      held: true,
      attribution: { source: 'contact-form', utm_source: 'google', utm_campaign: 'plots' },
    });
    const report = async () => (await manager.get('/desk/api/reports?days=30')).body as DeskReport;

    const whileHeld = await report();
    expect(whileHeld.perDay).toEqual([]);
    expect(whileHeld.funnel.find((row) => row.stage === 'new')?.count).toBe(0);
    expect(whileHeld.byCampaign).toEqual([]);

    expect((await release([asha])).status).toBe(200);
    const released = await report();
    expect(released.perDay).toEqual([
      { day: '2026-11-21', origin: 'site', form: 'contact-form', count: 1 },
    ]);
    expect(released.funnel.find((row) => row.stage === 'new')?.count).toBe(1);
    expect(released.byCampaign).toEqual([
      expect.objectContaining({ utmSource: 'google', utmCampaign: 'plots', leads: 1 }),
    ]);
  });

  it('when a held buyer was erased, then the lead is neither listed nor released', async () => {
    const asha = t.storeLead({ name: 'Asha Rao', held: true, mobile: '9876500001' });
    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9876500001' });
    expect(erased.status).toBe(200);

    expect(await heldNames()).toEqual([]);
    expect((await release([asha])).status).toBe(409);
    await t.delivery.drain();
    expect(salesEmailsFor(asha)).toHaveLength(0);
  });
});
