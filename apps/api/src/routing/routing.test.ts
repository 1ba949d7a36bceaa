import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '@iconia/testkit';
import { newLead } from '../../test/new-lead.ts';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const MINUTE = 60_000;

describe('routing new buyers to the people on duty', () => {
  let t: DeskTestServer;
  let clock: TestClock;
  let manager: DeskUser;
  let agents: DeskUser[];

  beforeEach(async () => {
    clock = createTestClock();
    t = await startDeskTestServer({ clock });
    manager = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    agents = [
      await t.addUser('arjun@iconia.test', 'agent', 'Arjun'),
      await t.addUser('bina@iconia.test', 'agent', 'Bina'),
      await t.addUser('chetan@iconia.test', 'agent', 'Chetan'),
      await t.addUser('divya@iconia.test', 'agent', 'Divya'),
    ];
  });
  afterEach(async () => {
    await t.remove();
  });

  async function onDuty(email: string, duty = true): Promise<void> {
    const agent = await t.signIn(email);
    const res = await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty: duty });
    expect(res.status).toBe(200);
  }

  const ownerOf = (leadId: number) => t.deskStore.leadById(leadId)?.owner_name ?? null;

  async function leadView(leadId: number) {
    const res = await (await t.signIn('meena@iconia.test')).get(`/desk/api/leads/${leadId}`);
    return res.body as { timeline: Array<{ type: string; text: string }> };
  }

  it('when 30 leads arrive together among three agents on duty, then each owns 10 and the one off duty none', async () => {
    for (const email of ['arjun@iconia.test', 'bina@iconia.test', 'chetan@iconia.test']) {
      await onDuty(email);
    }

    const stored = t.store.insertLeads(
      Array.from({ length: 30 }, (_, index) => ({
        ...newLead(`+9190000000${String(index).padStart(2, '0')}`),
        receivedAt: clock.now(),
      })),
      0,
    );

    const owners = stored.map((lead) => ownerOf(lead.id));
    const count = (name: string) => owners.filter((owner) => owner === name).length;
    expect([count('Arjun'), count('Bina'), count('Chetan'), count('Divya')]).toEqual([
      10, 10, 10, 0,
    ]);
  });

  it('when nobody is on duty, then the buyer waits unassigned and goes to the first who comes on duty', async () => {
    const leadId = t.storeLead();
    expect(ownerOf(leadId)).toBeNull();

    await onDuty('bina@iconia.test');

    expect(ownerOf(leadId)).toBe('Bina');
    const { timeline } = await leadView(leadId);
    expect(timeline.filter((entry) => entry.type === 'routing').map((entry) => entry.text)).toEqual(
      [
        'Waiting: nobody is on duty; the first person to come on duty gets this buyer',
        'Assigned to Bina, now on duty; first response due by 21 Nov 2026, 3:50 pm IST',
      ],
    );
  });

  it('when automatic assignment is off, then new buyers wait, and turning it on hands them out', async () => {
    await onDuty('arjun@iconia.test');
    const admin = await t.signIn('meena@iconia.test');
    await admin.patch('/desk/api/routing').set(SAME_ORIGIN).send({ autoAssign: false });
    const leadId = t.storeLead();
    expect(ownerOf(leadId)).toBeNull();

    const res = await admin.patch('/desk/api/routing').set(SAME_ORIGIN).send({ autoAssign: true });

    expect(res.status).toBe(200);
    expect(ownerOf(leadId)).toBe('Arjun');
    expect(res.body).toMatchObject({ waiting: 0, settings: { autoAssign: true } });
  });

  it('when a known buyer sends another enquiry, then it goes to their owner even off duty', async () => {
    await onDuty('arjun@iconia.test');
    const first = t.storeLead({ mobile: '9876500001' });
    expect(ownerOf(first)).toBe('Arjun');
    await onDuty('arjun@iconia.test', false);
    await onDuty('bina@iconia.test');

    clock.advance(60 * MINUTE);
    const second = t.storeLead({
      mobile: '9876500001',
      kind: 'contact',
      attribution: { source: 'contact-form' },
      receivedAt: clock.now(),
    });

    expect(ownerOf(second)).toBe('Arjun');
  });

  it('when a lead is held over the limit, then nobody gets it until it is released', async () => {
    await onDuty('arjun@iconia.test');
    const leadId = t.storeLead({ held: true });
    expect(ownerOf(leadId)).toBeNull();
  });

  it('when a manager reads the routing panel, then it shows who is next and everyone on duty', async () => {
    await onDuty('bina@iconia.test');
    await onDuty('chetan@iconia.test');
    t.storeLead();

    const res = await (await t.signIn('meena@iconia.test')).get('/desk/api/routing');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      settings: { autoAssign: true, targetMinutes: 5, workStart: '09:00', workEnd: '20:00' },
      next: { id: agents[2]?.id, name: 'Chetan' },
      waiting: 0,
    });
    expect(
      (res.body as { people: Array<{ name: string; onDuty: boolean }> }).people.map(
        (person) => `${person.name}:${person.onDuty}`,
      ),
    ).toEqual(['Arjun:false', 'Bina:true', 'Chetan:true', 'Divya:false', 'Meena:false']);
    expect(manager.role).toBe('manager');
  });

  it('when a manager sets working hours badly, then it answers 400 with a sentence naming the field', async () => {
    const admin = await t.signIn('meena@iconia.test');

    const badTime = await admin
      .patch('/desk/api/routing')
      .set(SAME_ORIGIN)
      .send({ workStart: '9' });
    const badTarget = await admin
      .patch('/desk/api/routing')
      .set(SAME_ORIGIN)
      .send({ targetMinutes: 0 });

    expect(badTime.status).toBe(400);
    expect(badTime.body).toEqual({
      error: '"workStart" must be a time written HH:MM, such as 09:00.',
    });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body).toEqual({
      error: '"targetMinutes" must be a whole number of minutes from 1 to 1440.',
    });
  });

  it('when a manager sets an agent off duty, then the agent takes no new buyers', async () => {
    await onDuty('arjun@iconia.test');
    await onDuty('bina@iconia.test');
    const admin = await t.signIn('meena@iconia.test');

    const res = await admin
      .put(`/desk/api/users/${agents[0]?.id}/duty`)
      .set(SAME_ORIGIN)
      .send({ onDuty: false });
    const leads = [t.storeLead(), t.storeLead()];

    expect(res.body).toEqual({
      duty: { id: agents[0]?.id, name: 'Arjun', role: 'agent', onDuty: false },
    });
    expect(leads.map(ownerOf)).toEqual(['Bina', 'Bina']);
  });

  it('when an agent reads their unanswered buyers, then the soonest due comes first with the working minutes left', async () => {
    await onDuty('arjun@iconia.test');
    const first = t.storeLead();
    clock.advance(2 * MINUTE);
    const second = t.storeLead({ receivedAt: clock.now() });
    const agent = await t.signIn('arjun@iconia.test');
    await agent
      .post(`/desk/api/leads/${second}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    clock.advance(MINUTE);
    const third = t.storeLead({ receivedAt: clock.now() });

    const res = await agent.get('/desk/api/routing/unanswered');

    expect(res.status).toBe(200);
    expect(
      (
        res.body as { buyers: Array<{ lead: { id: number }; workingMinutesLeft: number }> }
      ).buyers.map((row) => [row.lead.id, row.workingMinutesLeft]),
    ).toEqual([
      [first, 2],
      [third, 5],
    ]);
  });
});
