import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import type { DeskLeadRow } from '@iconia/shared';

const HOUR = 3_600_000;

interface Today {
  overdue: DeskLeadRow[];
  dueToday: DeskLeadRow[];
  uncontacted: DeskLeadRow[];
}

describe("an agent's Today list", () => {
  let t: DeskTestServer;
  let arjun: TestAgent;
  let kiran: DeskUser;
  const ids: Record<string, number> = {};

  const followUp = (agent: TestAgent, id: number, at: string) =>
    agent.patch(`/desk/api/leads/${id}`).set(SAME_ORIGIN).send({ followUpAt: at });

  beforeAll(async () => {
    t = await startDeskTestServer();
    const me = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    kiran = await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    // The clock starts at 21 Nov 2026, 3:45 pm India time.
    ids.older = t.storeLead({ name: 'Older new lead' });
    t.clock.advance(HOUR);
    ids.newer = t.storeLead({ name: 'Newer new lead', mobile: '9800000001' });
    // The same visitor and form again at once: a duplicate, worked through its original.
    ids.repeat = t.storeLead({ name: 'Newer new lead', mobile: '9800000001' });
    ids.spam = t.storeLead({ name: 'Bot', spam: true });
    ids.kirans = t.storeLead({ name: "Kiran's lead" });
    ids.lateToday = t.storeLead({ name: 'Call tonight' });
    ids.yesterday = t.storeLead({ name: 'Call was due yesterday' });
    ids.tomorrow = t.storeLead({ name: 'Call tomorrow' });
    arjun = await t.signIn('arjun@iconia.test');
    for (const id of [ids.lateToday, ids.yesterday, ids.tomorrow]) {
      await arjun
        .patch(`/desk/api/leads/${id ?? 0}`)
        .set(SAME_ORIGIN)
        .send({ ownerId: me.id });
      await arjun
        .post(`/desk/api/leads/${id ?? 0}/contacts`)
        .set(SAME_ORIGIN)
        .send({ channel: 'call' });
    }
    await followUp(arjun, ids.lateToday ?? 0, '2026-11-21T21:00:00+05:30');
    await followUp(arjun, ids.yesterday ?? 0, '2026-11-20T11:00:00+05:30');
    await followUp(arjun, ids.tomorrow ?? 0, '2026-11-22T10:00:00+05:30');
    const manager = await t.signIn('meena@iconia.test');
    await manager
      .patch(`/desk/api/leads/${ids.kirans ?? 0}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: kiran.id });
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when an agent opens Today, then overdue and due-today follow-ups and uncontacted leads are listed oldest first', async () => {
    const res = await arjun.get('/desk/api/today');
    expect(res.status).toBe(200);
    const today = res.body as Today;
    const names = (leads: DeskLeadRow[]) => leads.map((lead) => lead.name);
    expect(names(today.overdue)).toEqual(['Call was due yesterday']);
    expect(names(today.dueToday)).toEqual(['Call tonight']);
    // Not someone else's lead, not spam; the repeat is the same buyer, listed once on it.
    expect(names(today.uncontacted)).toEqual(['Older new lead', 'Newer new lead']);
    expect(today.uncontacted.map((lead) => lead.id)).toEqual([ids.older, ids.repeat]);
  });

  it('when a new lead is called, then it leaves the uncontacted list', async () => {
    await arjun
      .post(`/desk/api/leads/${ids.older ?? 0}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'whatsapp' });
    const today = (await arjun.get('/desk/api/today')).body as Today;
    expect(today.uncontacted.map((lead) => lead.id)).not.toContain(ids.older);
  });
});
